import { useTranslation } from "react-i18next";
import { Field, SelectField, TextAreaField } from "#app/components/ui/form-field";
import type { FormFailure } from "#app/lib/form";
import { ACHIEVEMENT_ICON_LIST, ACHIEVEMENT_TYPE_LIST, GAMIFICATION_LIMITS as L, RARITY_LIST } from "#shared/gamification-limits";
import type { withBothLanguages } from "./gamification.server";

const LANGS = ["es", "en"] as const;

/** An achievement as the admin page shows it: both languages' texts (typed and built in) and its unlocks. */
export type AdminAchievement = ReturnType<typeof withBothLanguages> & { unlocks: number };

/** The form's fields, as posted. */
export const ACHIEVEMENT_FIELDS = [
  "key",
  "type",
  "threshold",
  "rewardXp",
  "rarity",
  "icon",
  "nameEs",
  "nameEn",
  "descriptionEs",
  "descriptionEn",
] as const;

export type Values = Partial<Record<(typeof ACHIEVEMENT_FIELDS)[number], string>>;

/** What an edit form starts with: the achievement's stored values (typed names only; empty keeps the built-in). */
export const valuesOf = (a: AdminAchievement): Values => ({
  key: a.key,
  type: a.type,
  threshold: String(a.threshold),
  rewardXp: String(a.rewardXp),
  rarity: a.rarity,
  icon: a.icon ?? "",
  nameEs: a.names.es ?? "",
  nameEn: a.names.en ?? "",
  descriptionEs: a.descriptions.es ?? "",
  descriptionEn: a.descriptions.en ?? "",
});

/** The name in one language as members read it: typed, else built in, else the key. */
export const shown = (text: { typed: string | null; builtIn: string | null }, fallback: string) => text.typed || text.builtIn || fallback;

/** The fields of an achievement, shared by the create form and each edit form. */
export function AchievementFields({ values, failure, existing }: { values: Values; failure?: FormFailure; existing?: AdminAchievement }) {
  const { t } = useTranslation("admin");
  const tb = useTranslation("badges").t;
  const err = (k: string) => failure?.fieldErrors[k];
  return (
    <>
      {existing ? null : (
        <Field
          label={t("gamification.achievements.fields.key")}
          name="key"
          required
          pattern="[a-z0-9_]{2,60}"
          maxLength={60}
          autoComplete="off"
          defaultValue={values.key}
          hint={t("gamification.achievements.fields.keyHint")}
          error={err("key")}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          name="type"
          label={t("gamification.achievements.fields.type")}
          defaultValue={values.type ?? "threads"}
          error={err("type")}
        >
          {ACHIEVEMENT_TYPE_LIST.map((type) => (
            <option key={type} value={type}>
              {tb(`type.${type}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t("gamification.achievements.fields.threshold")}
          name="threshold"
          type="number"
          inputMode="numeric"
          min={1}
          max={L.thresholdMax}
          step={1}
          required
          defaultValue={values.threshold}
          hint={t("gamification.achievements.fields.thresholdHint")}
          error={err("threshold")}
        />
        <Field
          label={t("gamification.achievements.fields.rewardXp")}
          name="rewardXp"
          type="number"
          inputMode="numeric"
          min={0}
          max={L.rewardMax}
          step={1}
          required
          defaultValue={values.rewardXp ?? "0"}
          hint={t("gamification.achievements.fields.rewardXpHint")}
          error={err("rewardXp")}
        />
        <SelectField
          name="rarity"
          label={t("gamification.achievements.fields.rarity")}
          defaultValue={values.rarity ?? "Common"}
          error={err("rarity")}
        >
          {RARITY_LIST.map((r) => (
            <option key={r} value={r}>
              {tb(`rarity.${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="icon"
          label={t("gamification.achievements.fields.icon")}
          hint={t("gamification.achievements.fields.iconHint")}
          defaultValue={values.icon ?? ""}
          error={err("icon")}
        >
          <option value="">{t("gamification.achievements.icons.auto")}</option>
          {ACHIEVEMENT_ICON_LIST.map((i) => (
            <option key={i} value={i}>
              {t(`gamification.achievements.icons.${i}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {LANGS.map((lng) => {
        const suffix = lng === "es" ? "Es" : "En";
        const nameBuiltIn = existing?.nameTexts[lng].builtIn;
        const descriptionBuiltIn = existing?.descriptionTexts[lng].builtIn;
        return (
          <fieldset key={lng} className="space-y-3 rounded-lg border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{t(`forum.content.languages.${lng}`)}</legend>
            <Field
              label={t("gamification.achievements.fields.name")}
              name={`name${suffix}`}
              lang={lng}
              required={!nameBuiltIn}
              maxLength={L.nameMax}
              defaultValue={values[`name${suffix}`]}
              hint={nameBuiltIn ? t("gamification.achievements.fields.builtInHint", { text: nameBuiltIn }) : undefined}
              error={err(`name${suffix}`)}
            />
            <TextAreaField
              label={t("gamification.achievements.fields.description")}
              name={`description${suffix}`}
              lang={lng}
              maxLength={L.descriptionMax}
              rows={2}
              defaultValue={values[`description${suffix}`]}
              hint={
                descriptionBuiltIn
                  ? t("gamification.achievements.fields.builtInHint", { text: descriptionBuiltIn })
                  : t("gamification.achievements.fields.descriptionHint", { max: L.descriptionMax })
              }
              error={err(`description${suffix}`)}
            />
          </fieldset>
        );
      })}
    </>
  );
}
