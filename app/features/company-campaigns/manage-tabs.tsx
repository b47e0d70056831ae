import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { RowList } from "#app/components/ui/list";
import { Pagination } from "#app/components/ui/pagination";
import { DataTable } from "#app/components/ui/table";
import { formatDate } from "#app/i18n/format";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import { CAMPAIGN_LIMITS, KEY_STATUSES, KEY_UPLOAD_LIMITS, REQUEST_STATUSES } from "#shared/campaigns";
import { CampaignFields } from "./campaign-form";
import type { ManageResult } from "./manage.server";
import type { ManageView } from "./manage-view.server";
import { CampaignStatusBadge, ConfirmDisclosure, formatCount, KeyStatusBadge, NS, RequestStatusBadge } from "./ui";

type Result = ManageResult | FormFailure | undefined;
type ViewOf<V extends ManageView["view"]> = Extract<ManageView, { view: V }>;

/** The refusal of the form whose intent is one of `intents`, if that is what the action answered. */
function failureOf(result: Result, ...intents: string[]): FormFailure | null {
  return result && !result.ok && intents.includes(result.values.intent ?? "") ? result : null;
}
function messageOf(result: Result, ...intents: string[]) {
  return result && result.ok && "message" in result && intents.includes(result.intent) ? result : null;
}

const regionLabel = (t: (k: string) => string, region: string | null) => t(`labels.region.${region ?? "none"}`);

/** Details: the status buttons the campaign may move to (finishing asks first) and the edit form. */
export function DetailsTab({ view, result }: { view: ViewOf<"details">; result: Result }) {
  const { t } = useTranslation(NS);
  const statusFailed = failureOf(result, "status");
  const updateFailed = failureOf(result, "update");
  const statusDone = messageOf(result, "status");
  const updateDone = messageOf(result, "update");
  return (
    <div className="space-y-10">
      <section aria-labelledby="status-heading" className="space-y-3">
        <h2 id="status-heading" className="text-2xl font-bold">
          {t("manage.details.statusHeading")}
        </h2>
        <div aria-live="polite">
          {statusDone ? (
            <FormAlert
              variant="success"
              message={statusDone.message}
              values={{ status: t(`labels.campaignStatus.${statusDone.values?.status}`) }}
            />
          ) : null}
          {statusFailed ? <FormAlert message={statusFailed.formError} values={statusFailed.formErrorValues} /> : null}
        </div>
        <p>{t("manage.details.current", { status: t(`labels.campaignStatus.${view.status}`) })}</p>
        {view.next.length ? (
          <div className="flex flex-wrap items-start gap-3">
            {view.next.map((s) =>
              s === "finished" ? (
                <ConfirmDisclosure
                  key={s}
                  label={t("manage.details.to.finished")}
                  question={t("manage.details.finishQuestion")}
                  confirmLabel={t("manage.details.finishConfirm")}
                  cancelLabel={t("manage.details.cancel")}
                  intent="status"
                  fields={{ status: "finished" }}
                />
              ) : (
                <Form method="post" key={s}>
                  <input type="hidden" name="status" value={s} />
                  <SubmitButton name="intent" value="status" className={buttonClass(s === "active" ? "primary" : "outline", "sm")}>
                    {t(`manage.details.to.${s}`)}
                  </SubmitButton>
                </Form>
              ),
            )}
          </div>
        ) : null}
      </section>

      <section aria-labelledby="edit-heading" className="max-w-2xl space-y-4">
        <h2 id="edit-heading" className="text-2xl font-bold">
          {t("manage.details.editHeading")}
        </h2>
        {view.status === "finished" ? (
          <p className="text-muted-foreground">{t("manage.details.finishedNote")}</p>
        ) : (
          <Form method="post" className="space-y-6" key={updateDone ? "saved" : "form"}>
            <input type="hidden" name="intent" value="update" />
            <div aria-live="polite">
              {updateDone ? <FormAlert variant="success" message={updateDone.message} /> : null}
              {updateFailed ? <FormAlert message={updateFailed.formError} values={updateFailed.formErrorValues} /> : null}
            </div>
            <CampaignFields games={view.games} campaign={view.campaign} failed={updateFailed} />
            <SubmitButton className="btn btn-primary btn-lg">{t("manage.details.save")}</SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}

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
              <Field label={t("manage.requests.rejectReason")} name="reason" maxLength={CAMPAIGN_LIMITS.rejectionReasonMax} />
              <div className="flex flex-wrap gap-3">
                <SubmitButton name="intent" value="approve" className={buttonClass("primary", "sm")}>
                  {t("manage.requests.bulkApprove")}
                </SubmitButton>
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
                        {r.meetsMinimums ? t("manage.requests.meets") : t("manage.requests.notMeets")}
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
                            {ch.checked ? (
                              <Badge tone="positive">{t("manage.requests.checked")}</Badge>
                            ) : (
                              <Badge>{t("manage.requests.stated")}</Badge>
                            )}
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
                        <button type="submit" form="decide-form" name="approveOne" value={r.id} className={buttonClass("primary", "sm")}>
                          {t("manage.requests.approve")}
                        </button>
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

/** Keys: counts by state and region, the upload with its preview, the pool (revoke), the CSV and tracing. */
export function KeysTab({ view, result }: { view: ViewOf<"keys">; result: Result }) {
  const { t } = useTranslation(NS);
  const { to, locale } = useLocalePath();
  const previewFailed = failureOf(result, "preview");
  const preview = result && result.ok && result.intent === "preview" ? result.preview : null;
  const uploadDone = messageOf(result, "save-upload", "discard-upload");
  const uploadFailed = failureOf(result, "save-upload", "discard-upload");
  const revokeDone = messageOf(result, "revoke");
  const revokeFailed = failureOf(result, "revoke");
  const traceFailed = failureOf(result, "trace");
  const trace = result && result.ok && result.intent === "trace" ? result.trace : null;
  const regions = [...new Set(view.keyCounts.map((k) => k.region))].sort((a, b) => (a ?? "").localeCompare(b ?? ""));
  const countOf = (region: string | null, status: string) => view.keyCounts.find((k) => k.region === region && k.status === status)?.n ?? 0;
  const total = view.keyCounts.reduce((n, k) => n + k.n, 0);
  const available = view.keyCounts.reduce((n, k) => n + (k.status === "available" ? k.n : 0), 0);
  const open = view.status !== "finished" && view.can.manageKeys;
  const revocable = view.keys.some((k) => k.status === "available");
  return (
    <div className="space-y-10">
      <section aria-labelledby="counts-heading" className="space-y-3">
        <h2 id="counts-heading" className="text-2xl font-bold">
          {t("manage.keys.heading")}
        </h2>
        {total === 0 ? (
          <p className="text-muted-foreground">{t("manage.keys.none")}</p>
        ) : (
          <DataTable caption={t("manage.keys.countsCaption")} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t("manage.keys.region")}</th>
                {KEY_STATUSES.map((s) => (
                  <th scope="col" key={s}>
                    {t(`labels.keyStatus.${s}`)}
                  </th>
                ))}
                <th scope="col">{t("manage.keys.total")}</th>
              </tr>
            </thead>
            <tbody>
              {regions.map((r) => (
                <tr key={r ?? "none"}>
                  <td className="font-semibold">{regionLabel(t, r)}</td>
                  {KEY_STATUSES.map((s) => (
                    <td key={s} className="tabular-nums">
                      {formatCount(countOf(r, s), locale)}
                    </td>
                  ))}
                  <td className="tabular-nums">
                    {formatCount(
                      KEY_STATUSES.reduce((n, s) => n + countOf(r, s), 0),
                      locale,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>

      {open ? (
        <section aria-labelledby="upload-heading" className="max-w-2xl space-y-4">
          <h2 id="upload-heading" className="text-2xl font-bold">
            {t("manage.keys.uploadHeading")}
          </h2>
          <p className="text-muted-foreground">{t("manage.keys.uploadLead")}</p>
          <div aria-live="polite">
            {uploadDone ? <FormAlert variant="success" message={uploadDone.message} values={uploadDone.values} /> : null}
            {uploadFailed ? <FormAlert message={uploadFailed.formError} values={uploadFailed.formErrorValues} /> : null}
          </div>
          {preview ? (
            <div className="card space-y-4 p-4" role="status">
              <h3 className="text-lg font-bold">{t("manage.keys.previewHeading")}</h3>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {(["detected", "new", "duplicate", "invalid"] as const).map((k) => (
                  <div key={k}>
                    <dt className="text-sm text-muted-foreground">{t(`manage.keys.${k}`)}</dt>
                    <dd className="text-2xl font-bold tabular-nums" data-count={k}>
                      {formatCount(preview.counts[k], locale)}
                    </dd>
                  </div>
                ))}
              </dl>
              {preview.badLines.length ? (
                <>
                  <DataTable caption={t("manage.keys.badLinesCaption")}>
                    <thead>
                      <tr>
                        <th scope="col">{t("manage.keys.line")}</th>
                        <th scope="col">{t("manage.keys.reason")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {preview.badLines.map((b) => (
                        <tr key={`${b.line}-${b.reason}`}>
                          <td className="tabular-nums">{b.line}</td>
                          <td>
                            {t(`labels.badLine.${b.reason}`, {
                              min: KEY_UPLOAD_LIMITS.keyMinLength,
                              max: KEY_UPLOAD_LIMITS.keyMaxLength,
                            })}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </DataTable>
                  {preview.counts.duplicate + preview.counts.invalid > preview.badLines.length ? (
                    <p className="text-sm text-muted-foreground">{t("manage.keys.badLinesMore", { count: preview.badLines.length })}</p>
                  ) : null}
                </>
              ) : null}
              {preview.uploadId ? (
                <Form method="post" className="flex flex-wrap gap-3">
                  <input type="hidden" name="uploadId" value={preview.uploadId} />
                  <SubmitButton name="intent" value="save-upload" className={buttonClass("primary", "lg")}>
                    {t("manage.keys.saveKeys", { count: preview.counts.new })}
                  </SubmitButton>
                  <SubmitButton name="intent" value="discard-upload" className={buttonClass("outline", "lg")}>
                    {t("manage.keys.discard")}
                  </SubmitButton>
                </Form>
              ) : (
                <p className="font-semibold">{t("manage.keys.nothingNew")}</p>
              )}
            </div>
          ) : null}
          {/* A saved or discarded upload clears the file and the pasted text (they hold key values). */}
          <Form method="post" encType="multipart/form-data" className="space-y-4" key={uploadDone ? "done" : "form"}>
            {previewFailed ? <FormAlert message={previewFailed.formError} values={previewFailed.formErrorValues} /> : null}
            <FileInput
              label={t("manage.keys.file")}
              name="keysFile"
              accept=".txt,.csv,text/plain,text/csv"
              hint={t("manage.keys.fileHint", {
                lines: formatCount(KEY_UPLOAD_LIMITS.maxLines, locale),
                megabytes: KEY_UPLOAD_LIMITS.maxBytes / 1024 / 1024,
              })}
              error={previewFailed?.fieldErrors.keys}
            />
            <p className="text-sm font-semibold text-muted-foreground">{t("manage.keys.or")}</p>
            <TextAreaField
              label={t("manage.keys.pasted")}
              name="keysText"
              rows={6}
              spellCheck={false}
              autoComplete="off"
              className="input min-h-28 font-mono"
            />
            <SubmitButton name="intent" value="preview" className={buttonClass("outline")}>
              {t("manage.keys.preview")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="pool-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="pool-heading" className="text-2xl font-bold">
            {t("manage.keys.listHeading")}
          </h2>
          {total > 0 ? (
            <a href={to(`/company/campaigns/${view.id}/keys.csv`)} download className={buttonClass("outline", "sm")}>
              {t("manage.keys.export")}
            </a>
          ) : null}
        </div>
        <div aria-live="polite">
          {revokeDone ? <FormAlert variant="success" message={revokeDone.message} values={revokeDone.values} /> : null}
          {revokeFailed ? <FormAlert message={revokeFailed.formError} values={revokeFailed.formErrorValues} /> : null}
        </div>
        {view.keys.length ? (
          <>
            <Form method="post" id="revoke-form" />
            <DataTable caption={t("manage.keys.listCaption")}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">{t("manage.requests.selectAll")}</span>
                  </th>
                  <th scope="col">#</th>
                  <th scope="col">{t("manage.keys.region")}</th>
                  <th scope="col">{t("manage.keys.state")}</th>
                  <th scope="col">{t("manage.keys.holder")}</th>
                  <th scope="col">{t("manage.keys.added")}</th>
                  <th scope="col">{t("manage.keys.claimed")}</th>
                </tr>
              </thead>
              <tbody>
                {view.keys.map((k) => (
                  <tr key={k.id}>
                    <td>
                      {k.status === "available" && view.can.manageKeys ? (
                        <input
                          type="checkbox"
                          name="keyIds"
                          value={k.id}
                          form="revoke-form"
                          aria-label={t("manage.keys.select", { n: k.n })}
                          className="size-6 accent-primary"
                        />
                      ) : null}
                    </td>
                    <td className="tabular-nums">{k.n}</td>
                    <td>{regionLabel(t, k.region)}</td>
                    <td>
                      <KeyStatusBadge status={k.status} />
                    </td>
                    <td>{k.holder ?? "—"}</td>
                    <td className="whitespace-nowrap text-sm">{k.createdAt}</td>
                    <td className="whitespace-nowrap text-sm">
                      {k.claimedAt ?? (k.revokedAt ? `${t("manage.keys.revokedAt")} ${k.revokedAt}` : "—")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            {revocable && view.can.manageKeys ? (
              <ConfirmDisclosure
                key={`revoke-${available}`}
                label={t("manage.keys.revoke")}
                question={t("manage.keys.revokeQuestion")}
                confirmLabel={t("manage.keys.revokeConfirm")}
                cancelLabel={t("manage.details.cancel")}
                intent="revoke"
                form="revoke-form"
              />
            ) : null}
            <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(p) => `?tab=keys&page=${p}`} />
          </>
        ) : null}
      </section>

      {view.can.trace ? (
        <section aria-labelledby="trace-heading" className="max-w-2xl space-y-4">
          <h2 id="trace-heading" className="text-2xl font-bold">
            {t("manage.keys.traceHeading")}
          </h2>
          <p className="text-muted-foreground">{t("manage.keys.traceLead")}</p>
          <div aria-live="polite">
            {trace ? (
              <FormAlert
                variant="info"
                message={trace.claimedAt ? "company-campaigns:manage.keys.traceFound" : "company-campaigns:manage.keys.traceUnclaimed"}
                values={{
                  status: t(`labels.keyStatus.${trace.status}`),
                  region: regionLabel(t, trace.region),
                  holder: trace.holder ?? t("manage.keys.traceUnknownHolder"),
                  date: trace.claimedAt ? formatDate(trace.claimedAt, locale) : "",
                }}
              />
            ) : null}
          </div>
          <Form method="post" className="flex flex-wrap items-end gap-3" key={trace ? JSON.stringify(trace) : "trace"}>
            <div className="min-w-0 flex-1">
              <Field
                label={t("manage.keys.traceKey")}
                name="key"
                required
                maxLength={200}
                autoComplete="off"
                spellCheck={false}
                error={traceFailed?.fieldErrors.key ?? (traceFailed ? traceFailed.formError : undefined)}
                className="input font-mono"
              />
            </div>
            <SubmitButton name="intent" value="trace" className={buttonClass("outline")}>
              {t("manage.keys.trace")}
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}

/** Participants: per creator, the key's region, when it was received, the coverage links and the deadline. */
export function ParticipantsTab({ view }: { view: ViewOf<"participants"> }) {
  const { t } = useTranslation(NS);
  return (
    <section aria-labelledby="participants-heading" className="space-y-4">
      <h2 id="participants-heading" className="text-2xl font-bold">
        {t("manage.participants.heading")}
      </h2>
      {view.participants.length === 0 ? (
        <EmptyState>{t("manage.participants.empty")}</EmptyState>
      ) : (
        <>
          <DataTable caption={t("manage.participants.caption")} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t("manage.participants.creator")}</th>
                <th scope="col">{t("manage.participants.key")}</th>
                <th scope="col">{t("manage.participants.claimed")}</th>
                <th scope="col">{t("manage.participants.deadline")}</th>
                <th scope="col">{t("manage.participants.coverage")}</th>
              </tr>
            </thead>
            <tbody>
              {view.participants.map((p) => (
                <tr key={p.requestId}>
                  <td className="font-semibold">{p.username ?? "—"}</td>
                  <td className="text-sm">
                    {regionLabel(t, p.region)}
                    {p.platform ? ` · ${t(`labels.platform.${p.platform}`)}` : ""}
                  </td>
                  <td className="whitespace-nowrap text-sm">{p.claimedAt ?? "—"}</td>
                  <td className="text-sm">
                    <span className="flex flex-wrap items-center gap-1.5">
                      <span className="whitespace-nowrap">{p.coverageDueAt ?? "—"}</span>
                      {p.deadlinePassed ? (
                        <Badge tone={p.coverage.length ? "neutral" : "danger"}>{t("manage.participants.overdue")}</Badge>
                      ) : (
                        <Badge tone="positive">{t("manage.participants.onTime")}</Badge>
                      )}
                    </span>
                  </td>
                  <td className="text-sm">
                    {p.coverage.length ? (
                      <ul className="space-y-1">
                        {p.coverage.map((l) => (
                          <li key={l.url}>
                            <a href={l.url} rel="nofollow noopener noreferrer" target="_blank" className="text-primary hover:underline">
                              {t(`labels.channel.${l.kind}`)}
                            </a>
                            {l.createdAt ? <span className="text-muted-foreground"> · {l.createdAt}</span> : null}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-muted-foreground">{t("manage.participants.noCoverage")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(p) => `?tab=participants&page=${p}`} />
        </>
      )}
    </section>
  );
}

export { CampaignStatusBadge };
