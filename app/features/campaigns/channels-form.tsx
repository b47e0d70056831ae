import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Field, FormAlert, SelectField, SubmitButton } from "#app/components/ui/form-field";
import { CHANNEL_KINDS, CONTENT_LANGUAGES } from "#shared/campaigns";
import { CHANNEL_ROWS_MAX, type ChannelRow, type RowErrors } from "./channel-rows";

/** What the team said about a saved channel, by its address. */
export type ChannelReview = { checked: boolean; flagged: boolean; flagReason: string | null };

/**
 * The creator's channels as rows of one form. Without JavaScript: "Add another" and each "Remove" post the
 * form and come back with one row more or less (nothing is saved until "Save channels"); Enter saves.
 */
export function ChannelsForm({
  rows,
  errors,
  reviews,
  formError,
}: {
  rows: ChannelRow[];
  errors: Record<number, RowErrors>;
  reviews: Record<string, ChannelReview>;
  formError?: string;
}) {
  const { t } = useTranslation("campaigns");
  return (
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
            <ChannelFields row={row} index={i} errors={errors[i] ?? {}} review={row.url ? reviews[row.url] : undefined} />
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
  );
}

function ChannelFields({ row, index, errors, review }: { row: ChannelRow; index: number; errors: RowErrors; review?: ChannelReview }) {
  const { t } = useTranslation("campaigns");
  const n = index + 1;
  return (
    <fieldset className="card space-y-4 p-4 sm:p-6">
      <legend className="sr-only">{t("onboarding.channel", { n })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold" aria-hidden="true">
          {t("onboarding.channel", { n })}
        </p>
        {review ? (
          review.flagged ? (
            <Badge tone="danger">
              {review.flagReason ? t("onboarding.flagged", { reason: review.flagReason }) : t("onboarding.flaggedNoReason")}
            </Badge>
          ) : review.checked ? (
            <Badge tone="positive">{t("onboarding.checked")}</Badge>
          ) : (
            <Badge>{t("onboarding.notChecked")}</Badge>
          )
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
      <div>
        <button type="submit" name="intent" value={`remove-${index}`} className="btn btn-ghost btn-sm">
          {t("onboarding.remove")}
        </button>
      </div>
    </fieldset>
  );
}
