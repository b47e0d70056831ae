import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

export const FEATURED_TABS = ["queue", "games", "offer"] as const;
export type FeaturedTab = (typeof FEATURED_TABS)[number];

/** The tab's sections as links (`?tab=`), the current one marked; the offer only for those who manage it. */
export function FeaturedTabs({ tab, offer }: { tab: FeaturedTab; offer: boolean }) {
  const { t } = useTranslation("admin-featured");
  const location = useLocation();
  return (
    <nav aria-label={t("tabs.label")} className="mb-6">
      <ul className="tabs">
        {FEATURED_TABS.filter((k) => k !== "offer" || offer).map((k) => (
          <li key={k} className="shrink-0">
            <Link to={`${location.pathname}?tab=${k}`} className="tab" aria-current={tab === k ? "page" : undefined}>
              {t(`tabs.${k}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A tab's status filter (`?tab=…&status=…`) as view links, "all" first: an open submission or edit dialog is
 * left behind, as is the page.
 */
export function statusTabs(
  tab: FeaturedTab,
  current: string | null,
  values: readonly string[],
  labelOf: (v: string) => string,
  allLabel: string,
) {
  return [null, ...values].map((s) => ({
    key: s ?? "all",
    label: s ? labelOf(s) : allLabel,
    params: { tab, status: s, submission: null, edit: null },
    current: current === s,
  }));
}
