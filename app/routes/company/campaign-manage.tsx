import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { manageAction } from "#app/features/company-campaigns/manage.server";
import { DetailsTab } from "#app/features/company-campaigns/details-tab";
import { KeysTab } from "#app/features/company-campaigns/keys-tab";
import { ParticipantsTab } from "#app/features/company-campaigns/participants-tab";
import { RequestsTab } from "#app/features/company-campaigns/requests-tab";
import { manageView } from "#app/features/company-campaigns/manage-view.server";
import { CampaignStatusBadge, MANAGE_TABS, NS, QueryTabNav } from "#app/features/company-campaigns/ui";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/campaign-manage";

export const handle = { i18n: [NS] };
/** A refused preview past the hourly limit says when to try again (Retry-After). */
export { actionHeaders as headers } from "#app/lib/route-headers";

/** /company/campaigns/{id}: SPEC §2's manage page, its tabs in the address (`?tab=details|requests|keys|participants`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, NS);
  const view = await manageView(context, actor, params.campaignId, new URL(request.url));
  return {
    view,
    seo: seo({
      title: `${t("manage.title", { game: view.gameName })} · ${t(`manage.tabs.${view.tab}`)}`,
      description: t("campaigns.metaDescription"),
      noindex: true,
      nofollow: true,
    }),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  return manageAction(context, actor, params.campaignId, await request.formData());
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ManageCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  const { view } = loaderData;
  const base = to(`/company/campaigns/${view.id}`);
  const result = actionData as Parameters<typeof DetailsTab>[0]["result"];
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 py-6">
      <p>
        <Link
          to={to("/company/campaigns")}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline"
        >
          ← {t("manage.back")}
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-3xl font-black">{t("manage.title", { game: view.gameName })}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <CampaignStatusBadge status={view.status} />
          <span>{t("campaigns.dateRange", view.dates)}</span>
        </p>
      </header>
      {view.pauseReason !== null ? (
        <div role="note" className="rounded-card border border-warning-text/50 bg-warning p-4 text-warning-text">
          <p className="font-semibold">{t("manage.pausedByTeam", { reason: view.pauseReason })}</p>
          <p className="mt-1 text-sm">{t("manage.pausedByTeamHint")}</p>
        </div>
      ) : null}
      <QueryTabNav
        label={t("manage.tabs.label")}
        current={view.tab}
        items={MANAGE_TABS.map((tab) => ({ id: tab, to: `${base}?tab=${tab}`, label: t(`manage.tabs.${tab}`) }))}
      />
      {view.view === "details" ? <DetailsTab view={view} result={result} /> : null}
      {view.view === "requests" ? <RequestsTab view={view} result={result} /> : null}
      {view.view === "keys" ? <KeysTab view={view} result={result} /> : null}
      {view.view === "participants" ? <ParticipantsTab view={view} /> : null}
    </main>
  );
}
