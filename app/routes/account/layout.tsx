import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet, useLocation } from "react-router";
import { ACCOUNT_TABS } from "#app/features/account/tabs";
import { requireUser } from "#app/lib/guards.server";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["account"] };

/** SPEC §6: any signed-in person; visitors go to /login?redirectTo=… */
export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  return { email: actor.email, username: actor.username };
}

/**
 * The account's tabs (the UI kit's tab bar, `.tabs`) as one row that scrolls sideways on its own when it does not fit (a phone), never the
 * page. The current tab is brought into view when a page opens (it may sit past the edge); a tab reached with
 * the keyboard scrolls into view by itself, and its focus ring is drawn inside it so the row cannot clip it.
 */
function AccountTabs() {
  const { t } = useTranslation("account");
  const { to } = useLocalePath();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  // Which ends of the row hide tabs: those ends fade out, saying "there is more this way".
  const [more, setMore] = useState({ start: false, end: false });
  const measure = () => {
    const row = list.current;
    if (!row) return;
    const start = row.scrollLeft > 1;
    const end = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
    setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
  };
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current) {
      const left = current.offsetLeft;
      const right = left + current.offsetWidth;
      if (left < row.scrollLeft || right > row.scrollLeft + row.clientWidth) {
        // Centred in the row, without moving the page (scrollIntoView could scroll the window too).
        row.scrollLeft = left - (row.clientWidth - current.offsetWidth) / 2;
      }
    }
    measure();
  }, [pathname]);
  useEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const fade =
    more.start && more.end
      ? "[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%-2.5rem),transparent)]"
      : more.end
        ? "[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)]"
        : more.start
          ? "[mask-image:linear-gradient(to_left,#000_calc(100%-2.5rem),transparent)]"
          : "";
  return (
    <nav aria-label={t("tabs.label")} className="mt-6">
      <ul
        ref={list}
        onScroll={measure}
        onFocus={(e) => {
          // A tab reached with the keyboard stays clear of the faded ends.
          const row = e.currentTarget;
          const tab = e.target as HTMLElement;
          const pad = 40;
          if (tab.offsetLeft - pad < row.scrollLeft) row.scrollLeft = tab.offsetLeft - pad;
          else if (tab.offsetLeft + tab.offsetWidth + pad > row.scrollLeft + row.clientWidth)
            row.scrollLeft = tab.offsetLeft + tab.offsetWidth + pad - row.clientWidth;
        }}
        data-more-start={more.start || undefined}
        data-more-end={more.end || undefined}
        className={`tabs relative overscroll-x-contain ${fade}`}
      >
        {ACCOUNT_TABS.map((tab) => (
          <li key={tab.id} className="shrink-0">
            <NavLink to={to(tab.path)} end prefetch="intent" className="tab focus-visible:outline-offset-[-3px]">
              {t(tab.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <div>
      <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 break-words text-muted-foreground">{t("lead", { email: loaderData.email })}</p>
      <AccountTabs />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
