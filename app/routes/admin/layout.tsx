import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { LanguageSwitch } from "#app/components/layout/language-switch";
import { ThemeSwitcher } from "#app/components/layout/theme-switcher";
import { MiniAvatar } from "#app/components/ui/avatar";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { isCurrentTab, visibleTabGroups, type AbilityFlags } from "#app/features/admin/nav";
import { NOINDEX } from "#app/features/admin/shell";
import { splitLocalePrefix } from "#shared/locales";
import { requireRoles } from "#app/lib/guards.server";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/layout";

export const handle = { i18n: ["admin"] };

/** SPEC §2/§6: the admin area is for Admins and Moderators; visitors go to the login page, others home. */
export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["Admin", "Moderator"]);
  return {
    abilities: context.services.admin.abilities(actor) as AbilityFlags,
    viewer: { id: actor.userId, username: actor.username, email: actor.email, avatarUrl: actor.avatarUrl, roles: actor.roles },
  };
}

export const meta: Route.MetaFunction = () => NOINDEX;

function AdminNav({ abilities, id }: { abilities: AbilityFlags; id: string }) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const path = splitLocalePrefix(useLocation().pathname).rest;
  return (
    <nav aria-label={t("nav.label")}>
      {visibleTabGroups(abilities).map(({ group, tabs }) => (
        <div key={group} className="mb-4">
          <p id={`${id}-${group}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t(`nav.groups.${group}`)}
          </p>
          <ul aria-labelledby={`${id}-${group}`} className="flex flex-col gap-0.5">
            {tabs.map((tab) => {
              const current = isCurrentTab(tab, path);
              return (
                <li key={tab.to}>
                  <NavLink
                    to={to(tab.to)}
                    end={tab.end}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-md px-3 py-2 text-sm font-medium no-underline ${current ? "bg-muted text-primary" : "hover:bg-muted"}`}
                  >
                    {t(tab.labelKey)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** The admin area's own chrome (outside the main layout): a top bar and the tabs' side navigation. */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const tc = useTranslation().t;
  const root = useRootData();
  const { to } = useLocalePath();
  const mobileNav = useDisclosureMenu();
  const { viewer, abilities } = loaderData;
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded-md bg-card p-3 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
        {tc("skipToContent")}
      </a>
      <header className="sticky top-0 z-30 border-b border-border bg-[var(--header)] backdrop-blur-md">
        <div className="flex h-14 items-center gap-3 px-4">
          <Link
            to={to("/")}
            className="flex min-h-11 shrink-0 items-center gap-2 whitespace-nowrap font-extrabold no-underline"
            aria-label={tc("homeLink", { site: root?.siteName ?? "" })}
          >
            <img src="/images/logo.svg" alt="" width={24} height={24} />
            {/* Phones show the logo alone, so the area's badge beside it never collides with the name. */}
            <span className="hidden sm:inline">{root?.siteName}</span>
          </Link>
          <span className="min-w-0 truncate rounded-md bg-muted px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">
            {t("title")}
          </span>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <Link to={to("/")} className="btn btn-ghost hidden text-sm sm:inline-flex">
              <Icon name="arrow-left" size={16} />
              {t("backToSite")}
            </Link>
            <LanguageSwitch className="hidden md:flex" />
            {root ? <ThemeSwitcher theme={root.theme} /> : null}
            <p className="flex items-center gap-2 text-sm">
              <MiniAvatar url={viewer.avatarUrl} userId={viewer.id} username={viewer.username} email={viewer.email} size={32} />
              <span className="hidden lg:inline">
                <span className="sr-only">{t("signedInAs")} </span>
                {viewer.username ?? viewer.email}
                <span className="text-muted-foreground">
                  {" "}
                  · {viewer.roles.map((r) => t(`roleNames.${r}`, { defaultValue: r })).join(", ")}
                </span>
              </span>
            </p>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-[100rem] flex-col gap-6 px-4 py-6 lg:flex-row">
        <aside className="lg:w-60 lg:shrink-0">
          {/* Phones: the navigation folds away and closes on every navigation. */}
          <details ref={mobileNav} className="card lg:hidden">
            <summary className="flex cursor-pointer list-none items-center gap-2 p-3 font-semibold">
              <Icon name="menu" size={20} />
              {t("nav.toggle")}
            </summary>
            <div className="px-2 pb-2">
              <AdminNav abilities={abilities} id="admin-nav-mobile" />
              <Link to={to("/")} className="btn btn-ghost w-full justify-start text-sm sm:hidden">
                {t("backToSite")}
              </Link>
              <LanguageSwitch className="mt-2 flex md:hidden" />
            </div>
          </details>
          <div className="sticky top-20 hidden lg:block">
            <AdminNav abilities={abilities} id="admin-nav" />
          </div>
        </aside>
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4">
      <ErrorView error={error} />
    </main>
  );
}
