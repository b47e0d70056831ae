import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link, useActionData, useLoaderData, useSearchParams } from "react-router";
import { FormAlert } from "#app/components/ui/form-field";
import { CampaignsSummaryView, trimSummary } from "#app/features/dashboard/campaigns-summary";
import { GameStatsView } from "#app/features/dashboard/game-stats";
import { loadGameStats, saveMailConsent } from "#app/features/dashboard/game-stats.server";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import type { Route } from "./+types/dashboard";

export const handle = { i18n: ["dashboard", "promotions"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "dashboard");
  // A company's or a creator's campaigns at a glance (null for anyone else).
  const [dashboard, campaigns, gameStats] = await Promise.all([
    context.services.accounts.dashboard(actor),
    context.services.campaigns.dashboard(actor),
    // A verified company's featured games' numbers and its promotional email consent.
    loadGameStats(context, actor, request),
  ]);
  return {
    dashboard,
    campaigns: trimSummary(campaigns),
    gameStats,
    email: actor.email,
    seo: seo({ title: t("title"), description: t("title"), noindex: true }),
  };
}

/** A company's consent to promotional email (`intent=mail-consent`). */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "mail-consent") throw new Response("Bad Request", { status: 400 });
  try {
    return await saveMailConsent(context, actor, form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Action = { to: string; key: string };

/** The next useful actions for each kind of account; later issues' pages are where these links lead. */
function actionsFor(kind: "creator" | "company" | "member", companySlug: string | null, forumEnabled: boolean): Action[] {
  const community = forumEnabled ? [{ to: "/community", key: "community" }] : [];
  if (kind === "company") {
    return [
      { to: "/company/games/new", key: "addGame" },
      { to: "/company/campaigns/new", key: "newCampaign" },
      { to: "/collaborate", key: "promote" },
      ...(companySlug ? [{ to: `/company/${companySlug}`, key: "companyPage" }] : []),
    ];
  }
  if (kind === "creator") {
    return [
      { to: "/campaigns", key: "opportunities" },
      { to: "/my-keys", key: "myKeys" },
      ...community,
      { to: "/featured-games", key: "featured" },
    ];
  }
  // A player (a member without a profile role) can become a creator from the account page.
  return [
    ...community,
    { to: "/featured-games", key: "featured" },
    { to: "/campaigns", key: "opportunities" },
    { to: "/account#creator", key: "becomeCreator" },
  ];
}

export default function Dashboard() {
  const { t } = useTranslation("dashboard");
  const { dashboard: d, email, campaigns, gameStats } = useLoaderData<typeof loader>();
  const saved = useActionData<typeof action>();
  const root = useRootData();
  const { to } = useLocalePath();
  const [params] = useSearchParams();
  const actions = actionsFor(d.kind, d.company?.slug ?? null, !!root?.flags.forum_enabled);

  return (
    <main id="main" className="mx-auto max-w-5xl py-8">
      <h1 className="text-3xl font-black">{t("hello", { name: d.username ?? email })}</h1>
      <p className="mt-2 text-muted-foreground">{t(`lead.${d.kind}`)}</p>

      <div className="mt-6 space-y-3">
        {params.get("welcome") ? <FormAlert variant="success" message="dashboard:welcome" values={{ email }} /> : null}
        {!d.emailVerified ? (
          <section className="card p-5" aria-labelledby="verify-heading">
            <h2 id="verify-heading" className="text-lg font-bold">
              {t("verify.heading")}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t("verify.text", { email })}</p>
            <Link className="btn btn-outline mt-3" to={to("/auth/verify-email")}>
              {t("verify.action")}
            </Link>
          </section>
        ) : null}
      </div>

      {campaigns ? <CampaignsSummaryView summary={campaigns} /> : null}

      {gameStats ? <GameStatsView stats={gameStats} message={saved && "message" in saved ? saved.message : undefined} /> : null}

      <section className="mt-8" aria-labelledby="next-heading">
        <h2 id="next-heading" className="text-xl font-bold">
          {t("next")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {actions.map((a) => (
            <li key={a.key}>
              <Link to={to(a.to)} className="card flex h-full flex-col gap-1 p-5 no-underline transition-colors hover:border-primary">
                <span className="flex items-center justify-between font-semibold">
                  {t(`actions.${a.key}.title`)} <Icon name="arrow-right" size={18} />
                </span>
                <span className="text-sm text-muted-foreground">{t(`actions.${a.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {d.profileTodo.length > 0 ? (
        <section className="mt-8 card p-5" aria-labelledby="profile-heading">
          <h2 id="profile-heading" className="text-lg font-bold">
            {t("profile.heading")}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {d.profileTodo.map((item) => (
              <li key={item}>{t(`profile.todo.${item}`)}</li>
            ))}
          </ul>
          <Link className="btn btn-outline mt-3" to={to("/account")}>
            {t("profile.action")}
          </Link>
        </section>
      ) : null}

      {d.staff ? (
        <section className="mt-8 card p-5" aria-labelledby="staff-heading">
          <h2 id="staff-heading" className="text-lg font-bold">
            {t("staff.heading")}
          </h2>
          {d.pendingCompanies !== null ? <p className="mt-1 text-sm">{t("staff.pending", { count: d.pendingCompanies })}</p> : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Link className="btn btn-primary" to={to("/admin")}>
              {t("staff.panel")}
            </Link>
            {d.pendingCompanies ? (
              <Link className="btn btn-outline" to={to("/admin/companies")}>
                {t("staff.review")}
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}
    </main>
  );
}
