import { Menu, Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { NotificationBell } from "#app/features/notifications/bell";
import { SignOutButton } from "./sign-out-button";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { splitLocalePrefix } from "#shared/locales";
import { useLocalePath, type RootData } from "#app/lib/use-locale";
import { LanguageSwitch } from "./language-switch";
import {
  campaignsPathFor,
  currentView,
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
  const linkClass = (active: boolean) =>
    `whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium no-underline ${active ? "bg-muted text-primary" : "text-foreground hover:bg-muted"}`;

  const navItems = links.map((l) => {
    const active = isActivePath(l.to, path);
    return (
      <li key={l.to}>
        <NavLink to={to(l.to)} className={linkClass(active)} aria-current={active ? "page" : undefined} prefetch="intent">
          {t(l.labelKey)}
        </NavLink>
      </li>
    );
  });

  const viewItems = viewLinks(view, data.flags.forum_enabled).map((l) => (
    <li key={l.to}>
      <Link to={to(l.to)} className={`block ${linkClass(isActivePath(l.to, path))}`}>
        {t(l.labelKey)}
      </Link>
    </li>
  ));

  // On the search page the box keeps the query (keyed so it follows client-side navigation).
  const searchQ = path === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const searchForm = (id: string) => (
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
        className="input h-9 min-h-0 w-40 py-1 text-sm"
      />
      <button type="submit" className="btn btn-ghost min-h-9 px-2" aria-label={t("search.submit")}>
        <Search aria-hidden="true" size={18} />
      </button>
    </form>
  );

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 border-b transition-colors ${
        scrolled ? "border-border bg-[var(--header)] backdrop-blur-md" : "border-transparent bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 2xl:max-w-[96rem]">
        <Link
          to={to("/")}
          className="mr-2 flex items-center gap-2 whitespace-nowrap text-lg font-extrabold no-underline"
          aria-label={t("homeLink", { site: data.siteName })}
        >
          <img src="/images/logo.svg" alt="" width={28} height={28} />
          {/* Between xl and 2xl the inline links need the room: the logo alone names the site (aria-label). */}
          <span className="xl:hidden 2xl:inline">{data.siteName}</span>
        </Link>

        <nav aria-label={t("nav.label")} className="hidden xl:block">
          <ul className="flex items-center gap-1">{navItems}</ul>
        </nav>

        <details ref={viewRef} className="relative hidden 2xl:block" {...viewHover}>
          <summary className="btn btn-ghost cursor-pointer list-none text-sm">
            {t(view === "company" ? "views.company" : "views.creator")}
          </summary>
          <ul className="card absolute left-0 mt-2 w-52 p-2 shadow-lg">{viewItems}</ul>
        </details>

        <div className="ml-auto flex items-center gap-2">
          <div className="hidden min-[1800px]:block">{searchForm("header-search")}</div>
          {/* Below 1800 px the Spanish header has room for the search page's link only. */}
          <Link to={to("/search")} className="btn btn-ghost hidden px-2 lg:max-[1799px]:inline-flex" aria-label={t("search.label")}>
            <Search aria-hidden="true" size={20} />
          </Link>
          <LanguageSwitch className="hidden sm:flex" />
          <ThemeSwitcher theme={data.theme} />
          {viewer ? <NotificationBell unread={viewer.unreadNotifications} /> : null}
          {viewer ? (
            <details ref={userRef} className="relative">
              <summary
                className="flex cursor-pointer list-none items-center rounded-full"
                aria-label={t("auth.userMenu", { name: viewer.username ?? viewer.email })}
              >
                <MiniAvatar url={viewer.avatarUrl} username={viewer.username} email={viewer.email} />
              </summary>
              <ul className="card absolute right-0 mt-2 w-56 p-2 shadow-lg">
                {viewer.username ? (
                  <li>
                    <Link className={`block ${linkClass(false)}`} to={to(`/u/${viewer.username}`)}>
                      {t("auth.profile")}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <Link className={`block ${linkClass(false)}`} to={to("/account")}>
                    {t("auth.account")}
                  </Link>
                </li>
                <li>
                  <Link className={`block ${linkClass(false)}`} to={to(campaignsPathFor(viewer.profileRole))}>
                    {t("auth.campaigns")}
                  </Link>
                </li>
                {viewer.isStaff ? (
                  <li>
                    <Link className={`block ${linkClass(false)}`} to={to("/admin")}>
                      {t("auth.admin")}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <SignOutButton className={`block w-full text-left ${linkClass(false)}`} />
                </li>
              </ul>
            </details>
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Link to={to("/auth/login")} className="btn btn-ghost text-sm">
                {t("auth.signIn")}
              </Link>
              <Link to={to("/auth/register")} className="btn btn-primary text-sm">
                {t("auth.signUp")}
              </Link>
            </div>
          )}

          {/* The menu button holds what the header has no room for: every link below xl, the view's links below 2xl. */}
          <details ref={mobileRef} className="2xl:hidden">
            <summary className="btn btn-ghost list-none px-2" aria-label={t("nav.openMenu")}>
              <Menu aria-hidden="true" size={22} />
            </summary>
            <div className="card absolute inset-x-2 top-16 max-h-[80vh] overflow-y-auto p-4 shadow-xl">
              <nav aria-label={t("nav.menu")} className="mb-4 xl:hidden">
                <ul className="flex flex-col gap-1">{navItems}</ul>
              </nav>
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {t(view === "company" ? "views.company" : "views.creator")}
              </p>
              <ul className="mt-1 flex flex-col gap-1">{viewItems}</ul>
              <div className="mt-4">{searchForm("mobile-search")}</div>
              <LanguageSwitch className="mt-4 flex sm:hidden" />
              {viewer ? null : (
                <div className="mt-4 flex gap-2 sm:hidden">
                  <Link to={to("/auth/login")} className="btn btn-outline flex-1 text-sm">
                    {t("auth.signIn")}
                  </Link>
                  <Link to={to("/auth/register")} className="btn btn-primary flex-1 text-sm">
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
