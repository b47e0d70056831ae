import { Icon } from "#app/components/ui/icon";
import { useEffect, useRef, useState } from "react";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { NotificationBell } from "#app/features/notifications/bell";
import { SignOutButton } from "./sign-out-button";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { splitLocalePrefix } from "#shared/locales";
import { useLocalePath, type RootData } from "#app/lib/use-locale";
import { LanguageSwitch } from "./language-switch";
import {
  campaignsPathFor,
  currentView,
  HEADER_ICON_BUTTON,
  headerLinks,
  HEADER_SCROLL_THRESHOLD_PX,
  isActivePath,
  SUBMENU_OPEN_DELAY_MS,
  viewLinks,
} from "./nav";
import { ThemeSwitcher } from "./theme-switcher";

/** SPEC §9: submenus open after 100 ms of hover; click and keyboard open them at once (native <details>). */
function useHoverOpen(ref: React.RefObject<HTMLDetailsElement | null>) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  return {
    onMouseEnter: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => ref.current && (ref.current.open = true), SUBMENU_OPEN_DELAY_MS);
    },
    onMouseLeave: () => {
      clearTimeout(timer.current);
      if (ref.current) ref.current.open = false;
    },
  };
}

/**
 * The fixed header. What it shows grows with the width (checked from 320 to 2560 px, in both languages,
 * signed in and out, by tests/e2e/layout-fit.spec.ts); what has no room lives in the menu button:
 * - below sm (640 px): logo, theme, the bell and user menu; everything else in the menu;
 * - from sm: the language switch and the sign-in buttons; from md, the search page's icon;
 * - from xl (1280 px): the main links inline, and the menu button only for a view group they do not cover;
 * - from 2xl (1536 px): the view group as its own menu; from 1760 px, the search box.
 */
export function Header({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const location = useLocation();
  const path = splitLocalePrefix(location.pathname).rest;
  const [scrolled, setScrolled] = useState(false);
  const mobileRef = useDisclosureMenu();
  const viewRef = useDisclosureMenu();
  const userRef = useDisclosureMenu();
  const viewHover = useHoverOpen(viewRef);
  const viewer = data.viewer;
  const view = currentView(path, viewer?.profileRole);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  const links = headerLinks(data.flags.forum_enabled);
  // The view group (SPEC §2) is for people with a creator or company profile; visitors and players have the main links.
  const groupLinks = viewer?.profileRole ? viewLinks(view, data.flags.forum_enabled) : [];
  // In the menu, the group lists only what the main links do not already offer (no link twice).
  const menuGroupLinks = groupLinks.filter((g) => !links.some((l) => l.to === g.to));
  // .nav-link (app.css): a link with aria-current shows as current by itself; others say it with .nav-current.
  const linkClass = (active: boolean) => (active ? "nav-link nav-current" : "nav-link");
  const menuLinkClass = (active: boolean) => `menu-link ${linkClass(active)}`;

  const navItems = (className: (active: boolean) => string) =>
    links.map((l) => {
      const active = isActivePath(l.to, path);
      return (
        <li key={l.to}>
          {/* A Link, not a NavLink: the header already knows which is current (isActivePath), and a NavLink
              would match the location again for each of them on every render. */}
          <Link to={to(l.to)} className={className(active)} aria-current={active ? "page" : undefined} prefetch="intent">
            {t(l.labelKey)}
          </Link>
        </li>
      );
    });

  const groupItems = (list: typeof groupLinks) =>
    list.map((l) => (
      <li key={l.to}>
        <Link to={to(l.to)} className={menuLinkClass(isActivePath(l.to, path))}>
          {t(l.labelKey)}
        </Link>
      </li>
    ));
  const groupTitle = t(view === "company" ? "views.company" : "views.creator");

  // On the search page the box keeps the query (keyed so it follows client-side navigation).
  const searchQ = path === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const searchForm = (id: string, inputClass: string) => (
    <form role="search" method="get" action={to("/search")} className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={searchQ}
        key={searchQ}
        placeholder={t("search.placeholder")}
        className={`input h-11 min-h-0 py-1 text-sm ${inputClass}`}
      />
      <button type="submit" className={HEADER_ICON_BUTTON} aria-label={t("search.submit")}>
        <Icon name="search" size={20} />
      </button>
    </form>
  );

  // Below xl the menu holds the main links; from xl only a view group the main links do not cover.
  const menuButtonClass = menuGroupLinks.length > 0 ? "2xl:hidden" : "xl:hidden";

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors ${
        scrolled ? "border-border bg-[var(--header)] backdrop-blur-md" : "border-transparent bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-4 2xl:max-w-[96rem]">
        <Link
          to={to("/")}
          className="flex min-h-11 min-w-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-lg font-extrabold no-underline"
          aria-label={t("homeLink", { site: data.siteName })}
        >
          <img src="/images/logo.svg" alt="" width={28} height={28} className="mx-2 sm:mx-0" />
          {/* A signed-in phone header needs the room for the bell and the user menu: the logo alone names the site. */}
          <span className={viewer ? "hidden min-[400px]:inline" : "inline"}>{data.siteName}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="ml-2 hidden xl:block">
          <ul className="flex items-center gap-0.5">{navItems(linkClass)}</ul>
        </nav>

        {groupLinks.length > 0 ? (
          <details ref={viewRef} className="relative hidden 2xl:block" {...viewHover}>
            <summary className="btn btn-ghost min-h-11 cursor-pointer list-none whitespace-nowrap text-sm">
              {groupTitle}
              {/* Lucide's chevron-down path, inline: one icon is not worth a script chunk on every page. */}
              <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}>
                <path d="m6 9 6 6 6-6" />
              </svg>
            </summary>
            <ul className="card absolute left-0 mt-2 w-56 p-2 shadow-lg">{groupItems(groupLinks)}</ul>
          </details>
        ) : null}

        <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
          <div className="hidden min-[1760px]:block">{searchForm("header-search", "w-44")}</div>
          <Link to={to("/search")} className={`${HEADER_ICON_BUTTON} hidden md:max-[1759px]:inline-flex`} aria-label={t("search.label")}>
            <Icon name="search" size={20} />
          </Link>
          <LanguageSwitch compact className="hidden sm:flex" />
          <ThemeSwitcher theme={data.theme} />
          {viewer ? (
            <NotificationBell
              unread={viewer.unreadNotifications}
              held={viewer.profileRole === "company" && viewer.companyVerified === false}
            />
          ) : null}
          {viewer ? (
            <details ref={userRef} className="relative shrink-0">
              <summary
                className="flex size-11 cursor-pointer list-none items-center justify-center rounded-full"
                aria-label={t("auth.userMenu", { name: viewer.username ?? viewer.email })}
              >
                <MiniAvatar url={viewer.avatarUrl} userId={viewer.id} username={viewer.username} email={viewer.email} size={36} />
              </summary>
              <ul className="card absolute right-0 mt-2 w-60 max-w-[calc(100vw-1rem)] p-2 shadow-lg">
                {viewer.username ? (
                  <li>
                    <Link className={menuLinkClass(false)} to={to(`/u/${viewer.username}`)}>
                      {t("auth.profile")}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link className={menuLinkClass(false)} to={to("/account")}>
                    {t("auth.account")}
                  </Link>
                </li>
                {viewer.canPlay ? (
                  <>
                    <li>
                      <Link className={menuLinkClass(false)} to={to("/account/character")}>
                        {t("auth.character")}
                      </Link>
                    </li>
                    <li>
                      <Link className={menuLinkClass(false)} to={to("/arena")}>
                        {t("auth.arena")}
                      </Link>
                    </li>
                  </>
                ) : null}
                <li>
                  <Link className={menuLinkClass(false)} to={to(campaignsPathFor(viewer.profileRole))}>
                    {t("auth.campaigns")}
                  </Link>
                </li>
                {viewer.profileRole === "creator" ? (
                  <li>
                    <Link className={menuLinkClass(false)} to={to("/my-keys")}>
                      {t("auth.myKeys")}
                    </Link>
                  </li>
                ) : null}
                {viewer.isStaff ? (
                  <li>
                    <Link className={menuLinkClass(false)} to={to("/admin")}>
                      {t("auth.admin")}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <SignOutButton className={`${menuLinkClass(false)} text-left`} />
                </li>
              </ul>
            </details>
          ) : (
            <div className="hidden shrink-0 items-center gap-1 sm:flex">
              <Link to={to("/auth/login")} className="btn btn-ghost min-h-11 px-3 text-sm">
                {t("auth.signIn")}
              </Link>
              <Link to={to("/auth/register")} className="btn btn-primary min-h-11 px-3 text-sm">
                {t("auth.signUp")}
              </Link>
            </div>
          )}

          <details ref={mobileRef} className={`shrink-0 ${menuButtonClass}`}>
            <summary className={HEADER_ICON_BUTTON} aria-label={t("nav.openMenu")}>
              <Icon name="menu" size={22} />
            </summary>
            <div className="card absolute inset-x-2 top-16 max-h-[calc(100dvh-5rem)] overflow-y-auto p-4 shadow-xl sm:left-auto sm:w-96">
              <nav aria-label={t("nav.menu")} className="xl:hidden">
                <ul className="flex flex-col gap-1">{navItems(menuLinkClass)}</ul>
              </nav>
              {menuGroupLinks.length > 0 ? (
                <>
                  <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{groupTitle}</p>
                  <ul className="mt-1 flex flex-col gap-1">{groupItems(menuGroupLinks)}</ul>
                </>
              ) : null}
              <div className="mt-4 min-[1760px]:hidden">{searchForm("mobile-search", "w-full min-w-0 flex-1")}</div>
              <LanguageSwitch className="mt-4 flex sm:hidden" />
              {viewer ? null : (
                <div className="mt-4 flex gap-2 sm:hidden">
                  <Link to={to("/auth/login")} className="btn btn-outline min-h-11 flex-1 text-sm">
                    {t("auth.signIn")}
                  </Link>
                  <Link to={to("/auth/register")} className="btn btn-primary min-h-11 flex-1 text-sm">
                    {t("auth.signUp")}
                  </Link>
                </div>
              )}
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}
