import { useTranslation } from "react-i18next";
import { DateInput } from "#app/components/ui/date-input";
import { Field, FieldRow, SelectField, TextAreaField } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { CAMPAIGN_LIMITS, CONTENT_LANGUAGES, PLATFORMS, REGIONS } from "#shared/campaigns";
import { CheckboxGroup, keptList, NS } from "./ui";

/** A stored campaign's editable fields (dates as `YYYY-MM-DD`). */
export type CampaignValues = {
  gameId: string;
  description: string;
  startsAt: string;
  endsAt: string;
  autoApprove: boolean;
  minSubscribers: number;
  minAverageViews: number;
  platforms: string[];
  regions: string[];
  /** Languages the company wants coverage in; none: any. */
  languages: string[];
  coverageDays: number;
};

/** A date as the date input's `YYYY-MM-DD` (UTC, as the campaign's days are). */
export const isoDay = (d: Date | string) => new Date(d).toISOString().slice(0, 10);

/**
 * The fields of a campaign (new, and the details tab): the game, the description, the dates (the project's
 * three-box date input), auto-approval, the minimums, what is offered and the coverage deadline. Values a
 * refused submit sent come back as typed.
 */
export function CampaignFields({
  games,
  campaign,
  failed,
}: {
  games: { id: string; name: string }[];
  campaign: CampaignValues | null;
  failed: FormFailure | null;
}) {
  const { t } = useTranslation(NS);
  const typed = failed?.values;
  const errors = failed?.fieldErrors ?? {};
  const value = (name: string, stored: string | number | null | undefined) => typed?.[name] ?? (stored == null ? "" : String(stored));
  const autoApprove = typed ? typed.autoApprove === "on" : (campaign?.autoApprove ?? false);
  return (
    <>
      <SelectField
        label={t("campaignForm.game")}
        name="gameId"
        required
        defaultValue={value("gameId", campaign?.gameId)}
        error={errors.gameId}
      >
        {games.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t("campaignForm.description")}
        name="description"
        rows={6}
        maxLength={CAMPAIGN_LIMITS.descriptionMax}
        hint={t("campaignForm.descriptionHint")}
        defaultValue={value("description", campaign?.description)}
        error={errors.description}
      />
      <FieldRow>
        <DateInput
          name="startsAt"
          label={t("campaignForm.startsAt")}
          defaultValue={campaign?.startsAt}
          values={typed}
          error={errors.startsAt}
        />
        <DateInput
          name="endsAt"
          label={t("campaignForm.endsAt")}
          hint={t("campaignForm.endsAtHint")}
          defaultValue={campaign?.endsAt}
          values={typed}
          error={errors.endsAt}
        />
      </FieldRow>
      <div className="space-y-1.5">
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            name="autoApprove"
            defaultChecked={autoApprove}
            className="mt-0.5 size-6 accent-primary"
            aria-describedby="auto-approve-hint"
          />
          <span>
            <span className="block text-sm font-semibold">{t("campaignForm.autoApprove")}</span>
            <span id="auto-approve-hint" className="block text-sm text-muted-foreground">
              {t("campaignForm.autoApproveHint")}
            </span>
          </span>
        </label>
      </div>
      <FieldRow>
        <Field
          label={t("campaignForm.minSubscribers")}
          name="minSubscribers"
          type="number"
          inputMode="numeric"
          min={0}
          max={CAMPAIGN_LIMITS.audienceMax}
          hint={t("campaignForm.minHint")}
          defaultValue={value("minSubscribers", campaign?.minSubscribers ?? 0)}
          error={errors.minSubscribers}
        />
        <Field
          label={t("campaignForm.minAverageViews")}
          name="minAverageViews"
          type="number"
          inputMode="numeric"
          min={0}
          max={CAMPAIGN_LIMITS.audienceMax}
          hint={t("campaignForm.minHint")}
          defaultValue={value("minAverageViews", campaign?.minAverageViews ?? 0)}
          error={errors.minAverageViews}
        />
      </FieldRow>
      <CheckboxGroup
        legend={t("campaignForm.platforms")}
        name="platforms"
        options={PLATFORMS.map((p) => ({ value: p, label: t(`labels.platform.${p}`) }))}
        checked={keptList(typed, "platforms", campaign?.platforms ?? ["pc"])}
        error={errors.platforms}
      />
      <CheckboxGroup
        legend={t("campaignForm.regions")}
        name="regions"
        hint={t("campaignForm.regionsHint")}
        options={REGIONS.map((r) => ({ value: r, label: t(`labels.region.${r}`) }))}
        checked={keptList(typed, "regions", campaign?.regions ?? [])}
        error={errors.regions}
      />
      <CheckboxGroup
        legend={t("campaignForm.languages")}
        name="languages"
        hint={t("campaignForm.languagesHint")}
        options={CONTENT_LANGUAGES.map((l) => ({ value: l, label: t(`labels.language.${l}`) }))}
        checked={keptList(typed, "languages", campaign?.languages ?? [])}
        error={errors.languages}
      />
      <Field
        label={t("campaignForm.coverageDays")}
        name="coverageDays"
        type="number"
        inputMode="numeric"
        required
        min={CAMPAIGN_LIMITS.coverageDaysMin}
        max={CAMPAIGN_LIMITS.coverageDaysMax}
        hint={t("campaignForm.coverageDaysHint", { min: CAMPAIGN_LIMITS.coverageDaysMin, max: CAMPAIGN_LIMITS.coverageDaysMax })}
        defaultValue={value("coverageDays", campaign?.coverageDays ?? 14)}
        error={errors.coverageDays}
        className="input w-32"
      />
    </>
  );
}
