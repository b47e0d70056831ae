import { useTranslation } from "react-i18next";
import { Form, useFetcher, useFormAction, type FetcherWithComponents } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Field, FormAlert, SelectField, SubmitButton } from "#app/components/ui/form-field";
import { CHANNEL_KINDS, CONTENT_LANGUAGES } from "#shared/campaigns";
import { channelKey } from "#shared/channel-key";
import { CHANNEL_ROWS_MAX, type ChannelRow, type RowErrors } from "./channel-rows";

/**
 * What is known of a saved channel, by its normalised address (`channelKey`): whether the creator verified it
 * with its code, what the team said, and the code.
 */
export type ChannelReview = {
  id: string;
  checked: boolean;
  verified: boolean;
  flagged: boolean;
  flagReason: string | null;
  verifyCode: string;
  /** A YouTube channel: verified by its code on its page. Others are checked by the team only. */
  verifiable: boolean;
};

/** The answer of the onboarding page's "Verify" (the page's action, with or without JavaScript). */
export type VerifyResult = {
  kind: "verify";
  channelId: string;
  ok: boolean;
  message: string;
  values?: Record<string, string | number>;
  stamp: number;
};

const VERIFY_FORM_ID = "verify-form";

/**
 * The creator's channels as rows of one form. Without JavaScript: "Add another" and each "Remove" post the
 * form and come back with one row more or less (nothing is saved until "Save channels"); Enter saves.
 */
export function ChannelsForm({
  rows,
  errors,
  reviews,
  formError,
  verifyResult,
  canVerify,
}: {
  rows: ChannelRow[];
  errors: Record<number, RowErrors>;
  reviews: Record<string, ChannelReview>;
  formError?: string;
  /** The answer of a Verify posted without JavaScript (the page came back with it). */
  verifyResult?: VerifyResult;
  canVerify: boolean;
}) {
  const { t } = useTranslation("campaigns");
  const action = useFormAction();
  const reviewOf = (row: ChannelRow) => {
    const key = row.url ? channelKey(row.url) : null;
    return key ? reviews[key] : undefined;
  };
  return (
    <>
      {/* Each channel's Verify button submits this form with its channel (no form inside the channels' form). */}
      <form id={VERIFY_FORM_ID} method="post" action={action} hidden>
        <input type="hidden" name="intent" value="verify" />
      </form>
      <Form method="post" className="space-y-6" noValidate>
        {/* The first submit button is the one Enter presses: saving, not removing the first row. */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
          {t("onboarding.save")}
        </button>
        <input type="hidden" name="rows" value={rows.length} />
        <div aria-live="polite" className="empty:hidden">
          {formError ? <FormAlert message={formError} /> : null}
        </div>
        <ol className="space-y-4">
          {rows.map((row, i) => (
            <li key={i}>
              <ChannelFields
                row={row}
                index={i}
                errors={errors[i] ?? {}}
                review={reviewOf(row)}
                canVerify={canVerify}
                verifyResult={verifyResult && verifyResult.channelId === reviewOf(row)?.id ? verifyResult : undefined}
              />
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton name="intent" value="save" className="btn btn-primary btn-lg" pendingLabel={t("onboarding.saving")}>
            {t("onboarding.save")}
          </SubmitButton>
          {rows.length < CHANNEL_ROWS_MAX ? (
            <button type="submit" name="intent" value="add" className="btn btn-outline">
              {t("onboarding.addAnother")}
            </button>
          ) : (
            <p className="text-sm text-muted-foreground">{t("onboarding.max", { max: CHANNEL_ROWS_MAX })}</p>
          )}
        </div>
      </Form>
    </>
  );
}

function ChannelFields({
  row,
  index,
  errors,
  review,
  canVerify,
  verifyResult,
}: {
  row: ChannelRow;
  index: number;
  errors: RowErrors;
  review?: ChannelReview;
  canVerify: boolean;
  verifyResult?: VerifyResult;
}) {
  const { t } = useTranslation("campaigns");
  // The Verify's answer outlives its box: a verified channel's box goes, the message stays.
  const fetcher = useFetcher<VerifyResult>({ key: `verify-${review?.id ?? index}` });
  const result = fetcher.data ?? verifyResult;
  const n = index + 1;
  return (
    <fieldset className="card space-y-4 p-4 sm:p-6">
      <legend className="sr-only">{t("onboarding.channel", { n })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" aria-hidden="true">
          {t("onboarding.channel", { n })}
        </p>
        {review ? (
          <div className="flex flex-wrap gap-2">
            {review.flagged ? (
              <Badge tone="danger">
                {review.flagReason ? t("onboarding.flagged", { reason: review.flagReason }) : t("onboarding.flaggedNoReason")}
              </Badge>
            ) : null}
            {review.verified ? <Badge tone="positive">{t("onboarding.verified")}</Badge> : null}
            {review.checked ? <Badge tone="positive">{t("onboarding.checked")}</Badge> : null}
            {!review.verified && !review.checked && !review.flagged ? <Badge>{t("onboarding.stated")}</Badge> : null}
          </div>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <SelectField label={t("onboarding.kind")} name={`kind-${index}`} defaultValue={row.kind} error={errors.kind}>
          {CHANNEL_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`channelKinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("onboarding.url")}
          name={`url-${index}`}
          type="url"
          inputMode="url"
          placeholder={t("onboarding.urlHint")}
          maxLength={300}
          defaultValue={row.url}
          error={errors.url}
        />
        <Field
          label={t("onboarding.subscribers")}
          name={`subscribers-${index}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={row.subscribers}
          error={errors.subscribers}
        />
        <Field
          label={t("onboarding.averageViews")}
          name={`averageViews-${index}`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={row.averageViews}
          error={errors.averageViews}
        />
      </div>
      <fieldset className={errors.languages ? "field-error" : ""}>
        <legend className="text-sm font-semibold">{t("onboarding.languages")}</legend>
        {errors.languages ? <p className="text-sm font-semibold text-danger">{t(errors.languages)}</p> : null}
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {CONTENT_LANGUAGES.map((l) => (
            <label key={l} className="inline-flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name={`languages-${index}`} value={l} defaultChecked={row.languages.includes(l)} />
              {t(`languages.${l}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {review && !review.verified && canVerify ? <VerifyBox review={review} fetcher={fetcher} /> : null}
      {review ? (
        <div aria-live="polite" className="empty:hidden">
          {result ? (
            <FormAlert
              variant={result.ok ? "success" : "error"}
              message={result.ok ? "campaigns:onboarding.verify.done" : result.message}
              values={result.values}
            />
          ) : null}
        </div>
      ) : null}
      <div>
        <button type="submit" name="intent" value={`remove-${index}`} className="btn btn-ghost btn-sm">
          {t("onboarding.remove")}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * A saved channel's code and its Verify button. Without JavaScript the button submits the page's verify form
 * with its channel and the page comes back with the answer; once the page runs, the channel's fetcher sends it
 * and the answer shows below the channel's fields (the page's data is read again: a verified channel's badge
 * follows and this box goes).
 */
function VerifyBox({ review, fetcher }: { review: ChannelReview; fetcher: FetcherWithComponents<VerifyResult> }) {
  const { t } = useTranslation("campaigns");
  const busy = fetcher.state !== "idle";
  if (!review.verifiable) return <p className="text-sm text-muted-foreground">{t("onboarding.verify.teamOnly")}</p>;
  return (
    <section className="space-y-3 rounded-control border border-border bg-muted p-3" aria-labelledby={`verify-title-${review.id}`}>
      <p id={`verify-title-${review.id}`} className="font-semibold">
        {t("onboarding.verify.title")}
      </p>
      <p className="text-sm">{t("onboarding.verify.text")}</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold">{t("onboarding.verify.code")}</span>
        <code className="rounded-control border border-border bg-card px-3 py-1 font-mono text-base select-all">{review.verifyCode}</code>
      </div>
      <p className="text-sm text-muted-foreground">{t("onboarding.verify.how")}</p>
      <button
        type="submit"
        form={VERIFY_FORM_ID}
        name="channelId"
        value={review.id}
        className="btn btn-outline"
        aria-disabled={busy || undefined}
        onClick={(e) => {
          e.preventDefault();
          if (busy) return;
          void fetcher.submit({ intent: "verify", channelId: review.id }, { method: "post" });
        }}
      >
        {busy ? t("onboarding.verify.checking") : t("onboarding.verify.button")}
      </button>
    </section>
  );
}
