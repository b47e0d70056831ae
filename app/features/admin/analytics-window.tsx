import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from "#shared/promotions";

/** The 7 / 30 / 90-day switch as links (`?window=`), so it works without JavaScript. */
export function WindowSwitch({ current, label, ns }: { current: AnalyticsWindow; label: string; ns: string }) {
  const { t } = useTranslation(ns);
  const location = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {ANALYTICS_WINDOWS.map((w) => (
          <li key={w}>
            <Link
              to={`${location.pathname}?window=${w}`}
              aria-current={current === w ? "page" : undefined}
              className={`btn ${current === w ? "btn-primary" : "btn-outline"} text-sm`}
              preventScrollReset
            >
              {t("window", { count: w })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
