import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { FileInput } from "#app/components/ui/file-input";
import { Field, FormAlert, SubmitButton, TextAreaField } from "#app/components/ui/form-field";
import { Pagination } from "#app/components/ui/pagination";
import { DataTable } from "#app/components/ui/table";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import { KEY_STATUSES, KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { ConfirmDisclosure, formatCount, KeyStatusBadge, NS } from "./ui";
import { type Result, type ViewOf, failureOf, messageOf, regionLabel } from "./manage-tab-kit";

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
  // Keys can be added unless the campaign is finished or paused by the team (a company's own pause
  // may restock): `can.addKeys` comes from the same rule the upload applies.
  const open = view.can.addKeys;
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
          <p className="text-sm text-muted-foreground">
            {t("manage.keys.limitsHint", { previews: KEY_UPLOAD_LIMITS.previewsPerHour, pending: KEY_UPLOAD_LIMITS.pendingPreviews })}
          </p>
          <div aria-live="polite">
            {uploadDone ? <FormAlert variant="success" message={uploadDone.message} values={uploadDone.values} /> : null}
            {uploadFailed ? <FormAlert message={uploadFailed.formError} values={uploadFailed.formErrorValues} /> : null}
          </div>
          {preview ? (
            <div className="card space-y-4 p-4" role="status">
              <h3 className="text-lg font-bold">{t("manage.keys.previewHeading")}</h3>
              {preview.dropped > 0 ? <p className="text-sm font-semibold">{t("manage.keys.dropped", { count: preview.dropped })}</p> : null}
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
      ) : view.can.uploadKeys ? (
        // No upload now (the team's pause, or finished): say why, and show a refused preview or save.
        <div className="max-w-2xl space-y-3">
          {view.pauseReason !== null ? (
            <p role="note" className="text-muted-foreground">
              {t("manage.keys.uploadOffTeam")}
            </p>
          ) : null}
          <div aria-live="polite">
            {previewFailed ? <FormAlert message={previewFailed.formError} values={previewFailed.formErrorValues} /> : null}
            {uploadFailed ? <FormAlert message={uploadFailed.formError} values={uploadFailed.formErrorValues} /> : null}
          </div>
        </div>
      ) : null}

      <section aria-labelledby="pool-heading" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="pool-heading" className="text-2xl font-bold">
            {t("manage.keys.listHeading")}
          </h2>
          {total > 0 ? (
            <a
              href={to(`/company/campaigns/${view.id}/keys.csv`)}
              download
              aria-describedby="keys-export-hint"
              className={buttonClass("outline", "sm")}
            >
              {t("manage.keys.export")}
            </a>
          ) : null}
        </div>
        {/* How the CSV keeps a spreadsheet from running a key, and how to read such a key. */}
        {total > 0 ? (
          <p id="keys-export-hint" className="max-w-3xl text-sm text-muted-foreground">
            {t("manage.keys.exportHint")}
          </p>
        ) : null}
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
                      {k.status === "available" && view.can.revokeKeys ? (
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
            {revocable && view.can.revokeKeys ? (
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
