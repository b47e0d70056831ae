import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { TextAreaField } from "#app/components/ui/form-field";
import { DataTable } from "#app/components/ui/table";
import { adminPage, orRefused, reasonMissing, searchParamsOf, unknownIntent } from "#app/features/admin/route.server";
import { ActionResult, AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { SearchForm } from "#app/components/ui/search-form";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { CAMPAIGN_LIMITS, CAMPAIGN_STATUSES, type CampaignStatus } from "#shared/campaigns";
import type { Route } from "./+types/campaigns";

export const handle = { i18n: ["admin"] };

/** The admin campaigns tab: every company's campaigns, by status and by game or company name. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const list = await orRefused(context, request, context.services.campaigns.listAllCampaigns(actor, searchParamsOf(request)));
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  return { seo: seo("campaigns.title"), list };
}

/** Pause an active campaign with a reason the company reads (`intent=pause`), or lift the team's pause (`intent=lift`). */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  const name = String(form.get("name") ?? "");
  const campaigns = context.services.campaigns;
  const missing = reasonMissing(form, intent === "pause", "admin:campaigns.reasonRequired");
  if (missing) return missing;
  try {
    if (intent === "pause") {
      await campaigns.adminPauseCampaign(actor, { campaignId: form.get("campaignId"), reason: form.get("reason") });
      return { ok: true, message: "admin:campaigns.paused", messageValues: { name } } satisfies AdminActionResult;
    }
    if (intent === "lift") {
      await campaigns.adminLiftPause(actor, { campaignId: form.get("campaignId") });
      return { ok: true, message: "admin:campaigns.lifted", messageValues: { name } } satisfies AdminActionResult;
    }
    return unknownIntent(form);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

const STATUS_TONE: Record<CampaignStatus, "neutral" | "positive" | "warning" | "info"> = {
  draft: "neutral",
  active: "positive",
  paused: "warning",
  finished: "info",
};

export default function AdminCampaigns({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { date } = useDateFormat();
  const location = useLocation();
  const { list } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : undefined;
  const failedFor = failed?.values.campaignId;
  const filterHref = (status: CampaignStatus | null) => {
    const p = new URLSearchParams();
    if (status) p.set("status", status);
    if (list.q) p.set("q", list.q);
    const qs = p.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <>
      <AdminHeading title={t("campaigns.title")}>
        <p>{t("campaigns.lead")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>
      <nav aria-label={t("campaigns.filterLabel")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {[null, ...CAMPAIGN_STATUSES].map((s) => (
            <li key={s ?? "all"}>
              <Link
                to={filterHref(s)}
                aria-current={list.status === s ? "page" : undefined}
                className={`btn ${list.status === s ? "btn-primary" : "btn-outline"} text-sm`}
              >
                {s ? t(`campaigns.status.${s}`) : t("campaigns.all")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm label={t("campaigns.searchLabel")} value={list.q} hidden={{ status: list.status }} />
      {list.rows.length === 0 ? (
        <EmptyState>
          {list.q ? t("campaigns.noResults", { q: list.q }) : list.status ? t(`campaigns.empty.${list.status}`) : t("campaigns.empty.all")}
        </EmptyState>
      ) : (
        <DataTable caption={t("campaigns.caption", { count: list.total })}>
          <thead>
            <tr>
              <th scope="col">{t("campaigns.columns.game")}</th>
              <th scope="col">{t("campaigns.columns.company")}</th>
              <th scope="col">{t("campaigns.columns.status")}</th>
              <th scope="col">{t("campaigns.columns.dates")}</th>
              <th scope="col" className="text-right">
                {t("campaigns.columns.keysLeft")}
              </th>
              <th scope="col" className="text-right">
                {t("campaigns.columns.requests")}
              </th>
              <th scope="col">{t("campaigns.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((c) => {
              const failedHere = failedFor === c.id ? failed : undefined;
              const label = `${c.gameName} (${c.companyName})`;
              return (
                <tr key={c.id}>
                  <td>
                    {c.status === "active" ? (
                      <Link className="link inline-block py-1 font-semibold" to={to(`/campaigns/${c.id}`)}>
                        {c.gameName}
                      </Link>
                    ) : (
                      <span className="font-semibold">{c.gameName}</span>
                    )}
                  </td>
                  <td>
                    <Link className="link inline-block py-1" to={to(`/company/${c.companySlug}`)}>
                      {c.companyName}
                    </Link>
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[c.status]}>{t(`campaigns.status.${c.status}`)}</Badge>
                    {c.pausedByAdmin ? (
                      <p className="mt-1 max-w-xs text-sm">
                        <strong>{t("campaigns.pausedByTeam")}</strong>
                        {c.pauseReason ? <span className="block break-words text-muted-foreground">{c.pauseReason}</span> : null}
                      </p>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap text-sm">
                    {date(c.startsAt)} – {date(c.endsAt)}
                  </td>
                  <td className="text-right tabular-nums">{c.keysAvailable}</td>
                  <td className="text-right tabular-nums">{c.requests}</td>
                  <td>
                    {list.can.pause && !c.pausedByAdmin && (c.status === "active" || c.status === "paused") ? (
                      <ConfirmAction
                        label={t("campaigns.pause")}
                        question={t("campaigns.confirmPause", { name: label })}
                        confirmLabel={t("campaigns.confirmPauseButton")}
                        intent="pause"
                        fields={{ campaignId: c.id, name: label }}
                        open={!!failedHere}
                      >
                        <TextAreaField
                          label={t("campaigns.reasonLabel")}
                          hint={t("campaigns.reasonHint", { max: CAMPAIGN_LIMITS.pauseReasonMax })}
                          name="reason"
                          required
                          maxLength={CAMPAIGN_LIMITS.pauseReasonMax}
                          defaultValue={failedHere?.values.reason}
                          error={failedHere?.fieldErrors.reason}
                        />
                      </ConfirmAction>
                    ) : null}
                    {list.can.pause && c.pausedByAdmin ? (
                      <ConfirmAction
                        tone="primary"
                        label={t("campaigns.lift")}
                        question={t("campaigns.confirmLift", { name: label })}
                        confirmLabel={t("campaigns.confirmLiftButton")}
                        intent="lift"
                        fields={{ campaignId: c.id, name: label }}
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <Pagination className="mt-4" page={list.page} pageCount={list.pageCount} total={list.total} />
    </>
  );
}
