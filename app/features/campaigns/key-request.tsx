import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { formatDate } from "#app/i18n/format";
import type { FormFailure } from "#app/lib/form";
import { useLocalePath } from "#app/lib/use-locale";
import { COVERAGE_LIMITS } from "#shared/campaigns";
import { RevealedKey } from "./copy-key";
import { requestTone } from "./labels";

/** One row of `myKeys`: a request, and for an approved one its key's facts and the coverage given. */
export type KeyRequestData = {
  requestId: string;
  campaignId: string;
  status: string;
  platform: string | null;
  region: string | null;
  rejectionReason: string | null;
  requestedAt: Date | string;
  coverageDueAt: Date | string | null;
  keyId: string | null;
  keyRegion: string | null;
  claimedAt: Date | string | null;
  gameName: string;
  companyName: string;
  companySlug: string;
  overdue: boolean;
  coverage: { id: string; url: string; kind: string }[];
};

/** What the page's action answered, as far as one row is concerned. */
export type MyKeysResult =
  | { ok: true; intent: "reveal"; requestId: string; key: string }
  | { ok: true; intent: "add-coverage" | "remove-coverage"; requestId: string; message: string }
  | (FormFailure & { intent: string; requestId: string });

/**
 * A request on /my-keys: game and company, status; rejected with its reason; approved with platform, region,
 * date received, coverage deadline (overdue is marked in words too), the Reveal form or the revealed key, the
 * coverage links (each removed after a confirmation) and the form to add one.
 */
export function KeyRequest({ item: r, result }: { item: KeyRequestData; result: MyKeysResult | null }) {
  const { t } = useTranslation("campaigns");
  const { locale, to } = useLocalePath();
  const date = (d: Date | string) => formatDate(d, locale, { dateStyle: "medium" });
  const revealed = result?.ok && result.intent === "reveal" ? result.key : null;
  const failed = result && !result.ok ? result : null;
  // A failed add shows beside its field, where the field is (an approved request); anything else above the row.
  const addFailed = failed?.intent === "add-coverage" && r.status === "approved" ? failed : null;
  const other = failed && !addFailed ? failed : null;
  const done = result?.ok && result.intent !== "reveal" ? result.message : null;
  const headingId = `request-${r.requestId}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold">
            <Link to={to(`/campaigns/${r.campaignId}`)} className="link">
              {r.gameName}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("card.by")}{" "}
            <Link to={to(`/company/${r.companySlug}`)} className="link">
              {r.companyName}
            </Link>{" "}
            · {t("myKeys.requestedOn", { date: date(r.requestedAt) })}
          </p>
        </div>
        <Badge tone={requestTone(r.status)}>{t(`requestStatuses.${r.status}`)}</Badge>
      </div>

      <div aria-live="polite" className="empty:hidden">
        {other ? <FormAlert message={other.formError} values={other.formErrorValues} /> : null}
        {done ? <FormAlert variant="success" message={done} /> : null}
      </div>

      {r.status === "pending" ? <p className="text-sm">{t("myKeys.pendingText")}</p> : null}
      {r.status === "rejected" ? (
        <p className="text-sm">{r.rejectionReason ? t("myKeys.rejectionReason", { reason: r.rejectionReason }) : t("myKeys.noReason")}</p>
      ) : null}

      {r.status === "approved" ? (
        <>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="font-semibold">{t("myKeys.platform")}</dt>
              <dd className="text-muted-foreground">{r.platform ? t(`platforms.${r.platform}`) : "—"}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("myKeys.region")}</dt>
              <dd className="text-muted-foreground">{r.keyRegion || r.region ? t(`regions.${r.keyRegion ?? r.region}`) : "—"}</dd>
            </div>
            {r.claimedAt ? (
              <div>
                <dt className="font-semibold">{t("myKeys.claimedOn")}</dt>
                <dd className="text-muted-foreground">{date(r.claimedAt)}</dd>
              </div>
            ) : null}
            {r.coverageDueAt ? (
              <div>
                <dt className="font-semibold">{t("myKeys.deadline")}</dt>
                <dd className={r.overdue ? "font-semibold text-danger" : "text-muted-foreground"}>
                  {date(r.coverageDueAt)}
                  {r.overdue ? (
                    <>
                      {" "}
                      <Badge tone="danger">{t("myKeys.overdue")}</Badge>
                    </>
                  ) : null}
                </dd>
              </div>
            ) : null}
          </dl>

          {revealed ? (
            <RevealedKey value={revealed} id={`key-${r.requestId}`} />
          ) : r.keyId ? (
            <Form method="post" className="flex flex-wrap items-center gap-3">
              <input type="hidden" name="requestId" value={r.requestId} />
              <SubmitButton name="intent" value="reveal" className="btn btn-primary">
                {t("myKeys.reveal")}
              </SubmitButton>
              <span className="text-sm text-muted-foreground">{t("myKeys.revealHint")}</span>
            </Form>
          ) : null}

          <section aria-labelledby={`${headingId}-coverage`} className="space-y-2">
            <h3 id={`${headingId}-coverage`} className="font-semibold">
              {t("myKeys.coverage")}
            </h3>
            {r.coverage.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("myKeys.noCoverage")}</p>
            ) : (
              <ul className="space-y-2">
                {r.coverage.map((link) => (
                  <li key={link.id} className="flex flex-wrap items-start gap-2 text-sm">
                    <Badge>{t(`coverageKinds.${link.kind}`)}</Badge>
                    <a href={link.url} className="link min-w-0 break-all" rel="noopener noreferrer nofollow ugc" target="_blank">
                      {link.url}
                    </a>
                    <details className="inline-block">
                      <summary className="btn btn-ghost btn-sm cursor-pointer list-none">{t("myKeys.removeLink")}</summary>
                      <div className="card mt-2 w-64 max-w-full space-y-3 p-3">
                        <p>{t("myKeys.removeQuestion")}</p>
                        <Form method="post">
                          <input type="hidden" name="requestId" value={r.requestId} />
                          <input type="hidden" name="linkId" value={link.id} />
                          <button type="submit" name="intent" value="remove-coverage" className="btn btn-danger btn-sm">
                            {t("myKeys.removeConfirm")}
                          </button>
                        </Form>
                      </div>
                    </details>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="flex flex-wrap items-end gap-3" key={done ?? "add"}>
              <input type="hidden" name="requestId" value={r.requestId} />
              <div className="min-w-0 flex-1 basis-64">
                <Field
                  label={t("myKeys.coverageUrl")}
                  name="url"
                  type="url"
                  inputMode="url"
                  maxLength={COVERAGE_LIMITS.urlMax}
                  placeholder="https://"
                  hint={t("myKeys.coverageHint")}
                  defaultValue={addFailed?.values.url ?? ""}
                  error={addFailed ? (addFailed.fieldErrors.url ?? addFailed.formError) : undefined}
                  errorValues={addFailed?.formErrorValues}
                />
              </div>
              <SubmitButton name="intent" value="add-coverage" className="btn btn-outline" pendingLabel={t("myKeys.adding")}>
                {t("myKeys.add")}
              </SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
    </article>
  );
}
