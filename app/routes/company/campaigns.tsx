import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ButtonLink } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { DataTable } from "#app/components/ui/table";
import { CampaignStatusBadge, NS } from "#app/features/company-campaigns/ui";
import { formatDate } from "#app/i18n/format";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/campaigns";

export const handle = { i18n: [NS] };

const DAY = { dateStyle: "medium" } as const;

/** /company/campaigns: the company's campaigns, newest first, with keys left and requests waiting. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo, locale } = pageTools(context, request, NS);
  const rows = await context.services.campaigns.listCompanyCampaigns(actor);
  return {
    campaigns: rows.map((c) => ({
      id: c.id,
      gameName: c.gameName,
      status: c.status,
      dates: t("campaigns.dateRange", { start: formatDate(c.startsAt, locale, DAY), end: formatDate(c.endsAt, locale, DAY) }),
      keysAvailable: c.keysAvailable,
      keysClaimed: c.keysClaimed,
      pendingRequests: c.pendingRequests,
      autoApprove: c.autoApprove,
      pauseReason: c.pausedByAdmin ? (c.pauseReason ?? "") : null,
    })),
    seo: seo({ title: t("campaigns.title"), description: t("campaigns.metaDescription"), noindex: true, nofollow: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function CompanyCampaigns({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  const { campaigns } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-black">{t("campaigns.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("campaigns.lead")}</p>
        </div>
        {campaigns.length ? (
          <ButtonLink to={to("/company/campaigns/new")} size="lg">
            {t("campaigns.add")}
          </ButtonLink>
        ) : null}
      </div>
      {campaigns.length === 0 ? (
        <EmptyState
          title={t("campaigns.empty.title")}
          action={
            <ButtonLink to={to("/company/campaigns/new")} size="lg">
              {t("campaigns.empty.action")}
            </ButtonLink>
          }
        >
          {t("campaigns.empty.text")}
        </EmptyState>
      ) : (
        <DataTable caption={t("campaigns.caption")} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t("campaigns.game")}</th>
              {/* Right after the game: what waits for the studio, in view on a phone without scrolling. */}
              <th scope="col" className="whitespace-normal">
                {t("campaigns.pending")}
              </th>
              <th scope="col">{t("campaigns.status")}</th>
              <th scope="col">{t("campaigns.dates")}</th>
              <th scope="col">{t("campaigns.keys")}</th>
            </tr>
          </thead>
          <tbody>
            {campaigns.map((c) => (
              <tr key={c.id}>
                <td className="min-w-32 font-semibold">
                  <Link to={to(`/company/campaigns/${c.id}`)} className="inline-flex min-h-11 items-center text-primary hover:underline">
                    {c.gameName}
                  </Link>
                  {c.pauseReason !== null ? (
                    <p className="mt-1 text-sm font-normal text-warning-text">{t("campaigns.pausedByTeam", { reason: c.pauseReason })}</p>
                  ) : null}
                </td>
                <td className="tabular-nums">
                  {c.pendingRequests > 0 ? (
                    <Link
                      to={to(`/company/campaigns/${c.id}?tab=requests&status=pending`)}
                      className="inline-flex min-h-11 min-w-11 items-center font-semibold text-primary hover:underline"
                    >
                      {c.pendingRequests}
                    </Link>
                  ) : (
                    0
                  )}
                </td>
                <td>
                  <span className="flex flex-wrap gap-1.5">
                    <CampaignStatusBadge status={c.status} />
                    {c.autoApprove ? <span className="text-xs text-muted-foreground">{t("campaigns.autoApprove")}</span> : null}
                  </span>
                </td>
                <td className="whitespace-nowrap text-sm">{c.dates}</td>
                <td className="text-sm">
                  {t("campaigns.keysValue", {
                    left: t("campaigns.keysLeft", { count: c.keysAvailable }),
                    claimed: t("campaigns.keysClaimed", { count: c.keysClaimed }),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </main>
  );
}
