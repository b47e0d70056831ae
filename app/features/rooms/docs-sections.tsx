import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useRevalidator } from "react-router";
import { ConfirmAction } from "#app/components/ui/disclosure-form";
import { FormAlert, SelectField, SubmitButton } from "#app/components/ui/form-field";
import { Pagination } from "#app/components/ui/pagination";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useLocalePath } from "#app/lib/use-locale";
import type { RoomAbilities } from "#server/modules/rooms";
import { ROOM_LIMITS } from "#shared/rooms";
import type { RoomActionResult } from "./action-result";
import { VERSIONS_PAGE_PARAM } from "./docs-params";
import type { DocsData, VersionItem } from "./docs.server";
import { useRoomLive } from "./live/room-live";
import { SharedTextEditor } from "./live/shared-text-editor";

const MY_INTENTS = new Set(["script-save", "script-restore"]);

/** The action's answer when it was one of this section's forms. */
function useDocsResult() {
  const result = useActionData() as RoomActionResult | undefined;
  return result && MY_INTENTS.has(result.intent ?? "") ? result : undefined;
}

/** The script with its versions: the live editor, saving a version, the list, comparing two and restoring one. */
export function ScriptSection({ data, abilities, roomId: _roomId }: { data: DocsData; abilities: RoomAbilities; roomId: string }) {
  const { t } = useTranslation("rooms-docs");
  const result = useDocsResult();
  const live = useRoomLive();
  const revalidator = useRevalidator();
  // Someone saved or restored a version: the list shows it.
  useEffect(() => live.on("version.saved", () => void revalidator.revalidate()), [live, revalidator]);
  const failure = result && !result.ok ? result : undefined;

  return (
    <section id="script" aria-labelledby="script-title" className="space-y-4">
      <h2 id="script-title" className="text-2xl font-bold">
        {t("script.title")}
      </h2>
      <SharedTextEditor doc="script" label={t("script.label")} initialText={data.texts.script} editable={abilities.edit} rows={18} />

      {result?.ok ? <FormAlert variant="success" message={result.message} values={result.messageValues} /> : null}
      {failure?.formError && !failure.fieldErrors.summary ? (
        <FormAlert message={failure.formError} values={failure.formErrorValues} />
      ) : null}

      {abilities.saveScript ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="script-save" />
          <div className="field min-w-0 flex-1 space-y-1.5">
            <label htmlFor="version-summary" className="block text-sm font-semibold">
              {t("versions.summary")}
            </label>
            <p id="version-summary-hint" className="text-sm text-muted-foreground">
              {t("versions.summaryHint", { count: ROOM_LIMITS.summaryMax })}
            </p>
            {failure?.intent === "script-save" && failure.fieldErrors.summary ? (
              <p id="version-summary-error" className="text-sm font-semibold text-danger">
                {t(failure.fieldErrors.summary)}
              </p>
            ) : null}
            <input
              id="version-summary"
              name="summary"
              className="input w-full"
              maxLength={ROOM_LIMITS.summaryMax}
              defaultValue={failure?.intent === "script-save" ? failure.values.summary : ""}
              aria-describedby={
                failure?.intent === "script-save" && failure.fieldErrors.summary
                  ? "version-summary-hint version-summary-error"
                  : "version-summary-hint"
              }
            />
          </div>
          <SubmitButton name="intent" value="script-save" pendingLabel={t("versions.saving")}>
            {t("versions.save")}
          </SubmitButton>
        </Form>
      ) : null}

      <VersionList data={data} abilities={abilities} />
      <Compare data={data} />
    </section>
  );
}

function VersionList({ data, abilities }: { data: DocsData; abilities: RoomAbilities }) {
  const { t } = useTranslation("rooms-docs");
  const { locale } = useLocalePath();
  const { items, total, page, pageCount } = data.versions;
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-bold">{t("versions.title")}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("versions.none")}</p>
      ) : (
        <ol className="divide-y divide-border rounded-lg border border-border bg-card">
          {items.map((v) => (
            <li key={v.number} className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="font-semibold">
                  {t("versions.number", { number: v.number })}
                  {v.summary ? <span className="font-normal"> · {v.summary}</span> : null}
                </p>
                <p className="text-sm text-muted-foreground">
                  {t("versions.by", { name: v.authorName, role: t(`live.role.${v.authorRole}`) })} ·{" "}
                  <RelativeTime date={v.createdAt} locale={locale} />
                  {v.restoredFrom ? <> · {t("versions.restoredFrom", { number: v.restoredFrom })}</> : null}
                </p>
              </div>
              {abilities.restoreScript ? <RestoreButton version={v} /> : null}
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} total={total} param={VERSIONS_PAGE_PARAM} label={t("versions.pages")} />
    </div>
  );
}

function RestoreButton({ version }: { version: VersionItem }) {
  const { t } = useTranslation("rooms-docs");
  return (
    <ConfirmAction
      label={t("versions.restore")}
      question={t("versions.restoreQuestion", { number: version.number })}
      confirmLabel={t("versions.restoreConfirm", { number: version.number })}
      intent="script-restore"
      fields={{ number: String(version.number) }}
      tone="primary"
    />
  );
}

/** Two versions side by side as a line diff: a GET form, so it works before the page's script. */
function Compare({ data }: { data: DocsData }) {
  const { t } = useTranslation("rooms-docs");
  const numbers = data.versions.items.map((v) => v.number);
  const diff = data.compare?.diff;
  const asked = diff ?? data.compare;
  if (numbers.length < 2 && !asked) return null;
  const from = asked ? String(asked.from) : String(numbers[1] ?? "");
  const to = asked ? String(asked.to) : String(numbers[0] ?? "");
  const options = [...new Set([...numbers, ...(diff ? [diff.from, diff.to] : [])])].sort((a, b) => b - a);
  return (
    <div className="space-y-3">
      <h3 className="text-lg font-bold" id="compare-title">
        {t("compare.title")}
      </h3>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-labelledby="compare-title">
        {data.versions.page > 1 ? <input type="hidden" name={VERSIONS_PAGE_PARAM} value={data.versions.page} /> : null}
        <SelectField label={t("compare.from")} name="from" defaultValue={from}>
          {options.map((n) => (
            <option key={n} value={n}>
              {t("versions.number", { number: n })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("compare.to")} name="to" defaultValue={to}>
          {options.map((n) => (
            <option key={n} value={n}>
              {t("versions.number", { number: n })}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn btn-outline">
          {t("compare.submit")}
        </button>
      </Form>
      {data.compare?.error ? <FormAlert message={data.compare.error} /> : null}
      {diff ? (
        <div className="space-y-2" aria-labelledby="diff-title" role="region">
          <p id="diff-title" className="text-sm font-semibold">
            {t("compare.summary", { from: diff.from, to: diff.to })}{" "}
            <span className="font-normal text-muted-foreground">
              {t("compare.added", { count: diff.added })} · {t("compare.removed", { count: diff.removed })}
            </span>
          </p>
          {diff.parts.every((p) => p.kind === "same") ? (
            <p className="text-sm text-muted-foreground">{t("compare.identical")}</p>
          ) : (
            <pre className="max-h-[32rem] overflow-auto rounded-lg border border-border bg-card p-3 font-mono text-sm leading-6 whitespace-pre-wrap">
              {diff.parts.map((part, i) =>
                part.kind === "added" ? (
                  <ins key={i} className="block bg-success/10 text-positive no-underline" title={t("compare.addedLine")}>
                    {prefixLines(part.text, "+ ")}
                  </ins>
                ) : part.kind === "removed" ? (
                  <del key={i} className="block bg-destructive/10 text-danger" title={t("compare.removedLine")}>
                    {prefixLines(part.text, "− ")}
                  </del>
                ) : (
                  <span key={i} className="block text-muted-foreground">
                    {prefixLines(part.text, "  ")}
                  </span>
                ),
              )}
            </pre>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** Each line of a part with its sign ("+ ", "− " or two spaces), so added and removed read without colour. */
function prefixLines(text: string, sign: string) {
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : text.split("\n");
  return lines.map((line) => `${sign}${line}`).join("\n");
}

/** The shared notes: one live text both sides write in. */
export function NotesSection({ data, abilities, roomId: _roomId }: { data: DocsData; abilities: RoomAbilities; roomId: string }) {
  const { t } = useTranslation("rooms-docs");
  return (
    <section id="notes" aria-labelledby="notes-title" className="space-y-3">
      <h2 id="notes-title" className="text-2xl font-bold">
        {t("notes.title")}
      </h2>
      <SharedTextEditor doc="notes" label={t("notes.label")} initialText={data.texts.notes} editable={abilities.edit} rows={10} />
    </section>
  );
}
