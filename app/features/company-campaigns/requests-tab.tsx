import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { RowList } from "#app/components/ui/list";
import { Pagination } from "#app/components/ui/pagination";
import { useLocalePath } from "#app/lib/use-locale";
import { CAMPAIGN_LIMITS, REQUEST_STATUSES } from "#shared/campaigns";
import { ConfirmDisclosure, formatCount, NS, RequestStatusBadge } from "./ui";
import { type Result, type ViewOf, failureOf, regionLabel } from "./manage-tab-kit";

/** Requests: a filter by status, each request with its creator's channels and figures, decisions one by one or in bulk. */
export function RequestsTab({ view, result }: { view: ViewOf<"requests">; result: Result }) {
  const { t } = useTranslation(NS);
  const { locale } = useLocalePath();
  const failed = failureOf(result, "approve", "reject", "approve-one", "");
  const decided = result && result.ok && result.intent === "decide" ? result : null;
  const counts = view.requestCounts;
  const all = REQUEST_STATUSES.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const nameOf = (id: string) => view.requests.find((r) => r.id === id)?.username ?? t("manage.requests.someone");
  const filters = [
    { status: null, label: t("manage.requests.all", { count: all }) },
    ...REQUEST_STATUSES.map((s) => ({
      status: s,
      label: t("manage.requests.statusCount", { label: t(`labels.requestStatus.${s}`), count: counts[s] ?? 0 }),
    })),
  ];
  const pending = view.requests.some((r) => r.status === "pending");
  const hrefFor = (page: number) => `?tab=requests${view.statusFilter ? `&status=${view.statusFilter}` : ""}&page=${page}`;
  return (
    <section aria-labelledby="requests-heading" className="space-y-6">
      <h2 id="requests-heading" className="sr-only">
        {t("manage.requests.heading")}
      </h2>
      <nav aria-label={t("manage.requests.filter")} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Link
            key={f.status ?? "all"}
            to={f.status ? `?tab=requests&status=${f.status}` : "?tab=requests"}
            aria-current={view.statusFilter === f.status ? "page" : undefined}
            className={buttonClass(view.statusFilter === f.status ? "primary" : "outline", "sm")}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      <div aria-live="polite" className="space-y-2">
        {decided && decided.done > 0 ? (
          <FormAlert
            variant="success"
            message={`company-campaigns:manage.requests.${decided.decision === "reject" ? "rejected" : "approved"}`}
            values={{ count: decided.done }}
          />
        ) : null}
        {decided?.failed.map((f) => (
          <FormAlert
            key={f.requestId}
            message="company-campaigns:manage.requests.failed"
            values={{ name: nameOf(f.requestId), reason: t(`errors:${f.code}`, f.values) }}
          />
        ))}
        {failed ? <FormAlert message={failed.fieldErrors.requestIds ?? failed.formError} values={failed.formErrorValues} /> : null}
      </div>

      {view.requests.length === 0 ? (
        <EmptyState>{all === 0 ? t("manage.requests.emptyAll") : t("manage.requests.empty")}</EmptyState>
      ) : (
        <>
          {pending && view.can.decide ? (
            <Form method="post" id="decide-form" className="card space-y-3 p-4">
              <h3 className="font-semibold">{t("manage.requests.bulkHeading")}</h3>
              {/* A paused campaign gives out no key: approving is not offered, rejecting still is. */}
              {view.can.approve ? null : (
                <p className="text-sm text-muted-foreground">
                  {t(view.pauseReason !== null ? "manage.requests.approvalOffTeam" : "manage.requests.approvalOffPaused")}
                </p>
              )}
              <Field label={t("manage.requests.rejectReason")} name="reason" maxLength={CAMPAIGN_LIMITS.rejectionReasonMax} />
              <div className="flex flex-wrap gap-3">
                {view.can.approve ? (
                  <SubmitButton name="intent" value="approve" className={buttonClass("primary", "sm")}>
                    {t("manage.requests.bulkApprove")}
                  </SubmitButton>
                ) : null}
                <SubmitButton name="intent" value="reject" className={buttonClass("outline", "sm")}>
                  {t("manage.requests.bulkReject")}
                </SubmitButton>
              </div>
            </Form>
          ) : null}
          <RowList label={t("manage.requests.caption")}>
            {view.requests.map((r) => {
              const name = r.username ?? t("manage.requests.someone");
              return (
                <li key={r.id} className="flex gap-3 py-4">
                  {r.status === "pending" && view.can.decide ? (
                    <input
                      type="checkbox"
                      name="requestIds"
                      value={r.id}
                      form="decide-form"
                      aria-label={t("manage.requests.select", { name })}
                      className="mt-1 size-6 shrink-0 accent-primary"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1 space-y-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold">{name}</h3>
                      <RequestStatusBadge status={r.status} />
                      <Badge tone={r.meetsMinimums ? "positive" : "warning"}>
                        {r.meetsMinimums
                          ? t("manage.requests.meets")
                          : r.meetsStated
                            ? t("manage.requests.meetsStated")
                            : t("manage.requests.notMeets")}
                      </Badge>
                      {r.autoApproved ? <Badge tone="info">{t("manage.requests.autoApproved")}</Badge> : null}
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {t("manage.requests.wants", {
                        platform: r.platform ? t(`labels.platform.${r.platform}`) : "—",
                        region: regionLabel(t, r.region),
                      })}
                      {r.createdAt ? ` · ${t("manage.requests.requestedAt", { date: r.createdAt })}` : null}
                    </p>
                    {r.channels.length ? (
                      <ul className="space-y-1 text-sm" aria-label={t("manage.requests.channels")}>
                        {r.channels.map((ch) => (
                          <li key={ch.url} className="flex flex-wrap items-center gap-2">
                            <a
                              href={ch.url}
                              rel="nofollow noopener noreferrer"
                              target="_blank"
                              className="font-semibold text-primary hover:underline"
                            >
                              {t(`labels.channel.${ch.kind}`)}
                            </a>
                            <span className="text-muted-foreground">
                              {t("manage.requests.figures", {
                                subscribers: formatCount(ch.subscribers, locale),
                                views: formatCount(ch.averageViews, locale),
                              })}
                            </span>
                            {ch.verified ? <Badge tone="positive">{t("manage.requests.verified")}</Badge> : null}
                            {ch.checked ? <Badge tone="positive">{t("manage.requests.checked")}</Badge> : null}
                            {!ch.verified && !ch.checked ? <Badge>{t("manage.requests.stated")}</Badge> : null}
                            {ch.flagged ? <Badge tone="danger">{t("manage.requests.flagged")}</Badge> : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {r.message ? (
                      <blockquote className="rounded-control border border-border bg-muted p-3 text-sm whitespace-pre-line">
                        <span className="sr-only">{t("manage.requests.message")}: </span>
                        {r.message}
                      </blockquote>
                    ) : null}
                    {r.rejectionReason ? (
                      <p className="text-sm text-muted-foreground">{t("manage.requests.reason", { reason: r.rejectionReason })}</p>
                    ) : null}
                    {r.status === "pending" && view.can.decide ? (
                      <div className="flex flex-wrap items-start gap-3">
                        {view.can.approve ? (
                          <button type="submit" form="decide-form" name="approveOne" value={r.id} className={buttonClass("primary", "sm")}>
                            {t("manage.requests.approve")}
                          </button>
                        ) : null}
                        <ConfirmDisclosure
                          label={t("manage.requests.reject")}
                          question={t("manage.requests.rejectOf", { name })}
                          confirmLabel={t("manage.requests.confirmReject")}
                          cancelLabel={t("manage.details.cancel")}
                          intent="reject"
                          fields={{ requestIds: r.id }}
                        >
                          <Field label={t("manage.requests.rejectReason")} name="reason" maxLength={CAMPAIGN_LIMITS.rejectionReasonMax} />
                        </ConfirmDisclosure>
                      </div>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </RowList>
          <Pagination page={view.page} pageCount={view.pageCount} hrefFor={hrefFor} />
        </>
      )}
    </section>
  );
}
