import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
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

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { to } = useLocalePath();
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("lead", { email: loaderData.email })}</p>
      <nav aria-label={t("tabs.label")} className="mt-6 border-b border-border">
        <ul className="-mb-px flex flex-wrap gap-1">
          {ACCOUNT_TABS.map((tab) => (
            <li key={tab.id}>
              <NavLink
                to={to(tab.path)}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block rounded-t-lg border-b-2 px-4 py-2 font-semibold ${isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"}`
                }
              >
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
