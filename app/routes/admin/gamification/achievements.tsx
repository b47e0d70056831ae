import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Field, TextAreaField } from "#app/components/ui/form-field";
import { failureFor, inLocale } from "#app/features/admin/forum-ui";
import {
  ACHIEVEMENT_ICON_LIST,
  ACHIEVEMENT_TYPE_LIST,
  GAMIFICATION_LIMITS as L,
  RARITY_LIST,
  type Rarity,
} from "#shared/gamification-limits";
import { formatNumber } from "#app/features/admin/gamification-ui";
import { achievementIcon } from "#app/features/gamification/achievement-icon";
import { RarityBadge } from "#app/features/gamification/rarity-badge";
import { builtInBadgeText, withBothLanguages } from "#app/features/admin/gamification.server";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import {
  ActionResult,
  AdminErrorBoundary,
  AdminHeading,
  ConfirmAction,
  EmptyState,
  FormDisclosure,
  NOINDEX,
  type AdminActionResult,
} from "#app/features/admin/ui";
import { formValues, type FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/achievements";

export const handle = { i18n: ["admin", "badges"] };

const LANGS = ["es", "en"] as const;
type AdminAchievement = ReturnType<typeof withBothLanguages> & { unlocks: number };

/** Admins only: the unlock counts are an Admin read, which refuses anyone else (a 403 page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const game = context.services.gamification;
  const unlocks = await orRefused(context, request, game.unlockCounts(actor));
  const achievements: AdminAchievement[] = (await game.listAchievements()).map((a) => ({
    ...withBothLanguages(a),
    unlocks: unlocks[a.id] ?? 0,
  }));
  return { seo: seo("gamification.achievements.title"), achievements };
}

const FIELDS = ["key", "type", "threshold", "rewardXp", "rarity", "icon", "nameEs", "nameEn", "descriptionEs", "descriptionEn"] as const;

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, locale } = adminPage(context, request);
  const game = context.services.gamification;
  const form = await request.formData();
  const input = Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? ""]));
  const name = String(form.get("name") ?? form.get("nameEn") ?? "");
  const done = (message: string, values: Record<string, string | number> = {}) =>
    ({ ok: true as const, message, messageValues: { name, ...values } }) satisfies AdminActionResult;
  try {
    switch (form.get("intent")) {
      case "create-achievement": {
        const created = await game.createAchievement(actor, input);
        return done("admin:gamification.achievements.created", { name: created.names[locale] ?? created.key });
      }
      case "update-achievement": {
        // A name left empty falls back to the built-in translation; an achievement without one needs its names.
        const id = String(form.get("id") ?? "");
        const existing = game.abilities(actor).achievements ? (await game.listAchievements()).find((a) => a.id === id) : undefined;
        if (existing) {
          const missing = LANGS.filter(
            (lng) => !String(form.get(lng === "es" ? "nameEs" : "nameEn") ?? "").trim() && !builtInBadgeText(lng, existing.nameKey),
          );
          if (missing.length) {
            const fieldErrors = Object.fromEntries(
              missing.map((lng) => [lng === "es" ? "nameEs" : "nameEn", "errors:gamification.name_required"]),
            );
            return data<FormFailure>(
              { ok: false, values: formValues(form), fieldErrors, formError: "errors:input.invalid" },
              { status: 400 },
            );
          }
        }
        await game.updateAchievement(actor, { ...input, id });
        return done("admin:gamification.achievements.saved");
      }
      case "delete-achievement": {
        const { unlocks } = await game.deleteAchievement(actor, { id: form.get("id") });
        return done("admin:gamification.achievements.deleted", { count: unlocks });
      }
      default:
        return unknownIntent(form);
    }
  } catch (err) {
    return actionFailure(err, form, { "gamification.achievement_key_taken": "key" });
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

type Values = Partial<Record<(typeof FIELDS)[number], string>>;

/** What an edit form starts with: the achievement's stored values (typed names only; empty keeps the built-in). */
const valuesOf = (a: AdminAchievement): Values => ({
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
const shown = (text: { typed: string | null; builtIn: string | null }, fallback: string) => text.typed || text.builtIn || fallback;

function Select({
  id,
  name,
  label,
  hint,
  value,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value?: string;
  error?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="input"
        defaultValue={value}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of an achievement, shared by the create form and each edit form. */
function AchievementFields({
  formId,
  values,
  failure,
  existing,
}: {
  formId: string;
  values: Values;
  failure?: FormFailure;
  existing?: AdminAchievement;
}) {
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
        <Select
          id={`${formId}-type`}
          name="type"
          label={t("gamification.achievements.fields.type")}
          value={values.type ?? "threads"}
          error={err("type")}
        >
          {ACHIEVEMENT_TYPE_LIST.map((type) => (
            <option key={type} value={type}>
              {tb(`type.${type}`)}
            </option>
          ))}
        </Select>
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
        <Select
          id={`${formId}-rarity`}
          name="rarity"
          label={t("gamification.achievements.fields.rarity")}
          value={values.rarity ?? "Common"}
          error={err("rarity")}
        >
          {RARITY_LIST.map((r) => (
            <option key={r} value={r}>
              {tb(`rarity.${r}`)}
            </option>
          ))}
        </Select>
        <Select
          id={`${formId}-icon`}
          name="icon"
          label={t("gamification.achievements.fields.icon")}
          hint={t("gamification.achievements.fields.iconHint")}
          value={values.icon ?? ""}
          error={err("icon")}
        >
          <option value="">{t("gamification.achievements.icons.auto")}</option>
          {ACHIEVEMENT_ICON_LIST.map((i) => (
            <option key={i} value={i}>
              {t(`gamification.achievements.icons.${i}`)}
            </option>
          ))}
        </Select>
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

function AchievementCard({ a, result }: { a: AdminAchievement; result?: AdminActionResult }) {
  const { t } = useTranslation("admin");
  const tb = useTranslation("badges").t;
  const { locale } = useLocalePath();
  const formId = `achievement-${a.id}`;
  const failure = failureFor(result, "formId", formId);
  const deleteFailure = failureFor(result, "id", a.id);
  const Icon = achievementIcon(a.key, a.icon);
  const names = { es: shown(a.nameTexts.es, a.key), en: shown(a.nameTexts.en, a.key) };
  const name = inLocale(locale, names.es, names.en);
  const headingId = `achievement-${a.id}-heading`;
  return (
    <li>
      <article className="card p-4" aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 gap-3">
            <span className="mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-primary">
              <Icon aria-hidden="true" size={20} />
            </span>
            <div className="min-w-0">
              <h3 id={headingId} className="text-lg font-bold">
                {name}
              </h3>
              <p className="text-sm text-muted-foreground">
                <code className="font-mono text-xs">{a.key}</code>
              </p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {LANGS.map((lng) => (
                  <div key={lng} className="contents">
                    <dt className="font-semibold">{t(`forum.content.languages.${lng}`)}</dt>
                    <dd lang={lng}>
                      {names[lng]}
                      {a.descriptionTexts[lng].typed || a.descriptionTexts[lng].builtIn ? (
                        <span className="text-muted-foreground"> — {shown(a.descriptionTexts[lng], "")}</span>
                      ) : null}
                    </dd>
                  </div>
                ))}
                <dt className="font-semibold">{t("gamification.achievements.condition")}</dt>
                <dd>
                  {t("gamification.achievements.conditionValue", {
                    type: tb(`type.${a.type}`),
                    threshold: formatNumber(a.threshold, locale),
                  })}
                </dd>
                <dt className="font-semibold">{t("gamification.achievements.fields.rewardXp")}</dt>
                <dd>{tb("reward", { xp: formatNumber(a.rewardXp, locale) })}</dd>
                <dt className="font-semibold">{t("gamification.achievements.fields.rarity")}</dt>
                <dd>
                  <RarityBadge rarity={a.rarity as Rarity} />
                </dd>
                <dt className="font-semibold">{t("gamification.achievements.unlockedBy")}</dt>
                <dd>{t("gamification.achievements.members", { count: a.unlocks, formatted: formatNumber(a.unlocks, locale) })}</dd>
              </dl>
            </div>
          </div>
          <ConfirmAction
            label={t("gamification.achievements.delete")}
            question={
              a.unlocks > 0
                ? t("gamification.achievements.confirmDeleteUnlocked", { name, count: a.unlocks })
                : t("gamification.achievements.confirmDelete", { name })
            }
            confirmLabel={t("gamification.achievements.confirmDeleteButton")}
            intent="delete-achievement"
            fields={{ id: a.id, name }}
            open={!!deleteFailure && deleteFailure.values.intent === "delete-achievement"}
          />
        </div>
        <FormDisclosure
          className="mt-3"
          summary={t("gamification.achievements.edit", { name })}
          formId={formId}
          intent="update-achievement"
          failure={failure}
          hidden={{ id: a.id, name }}
          submit={t("gamification.achievements.save")}
        >
          <AchievementFields formId={formId} values={failure ? failure.values : valuesOf(a)} failure={failure} existing={a} />
        </FormDisclosure>
      </article>
    </li>
  );
}

export default function GamificationAchievements({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { achievements } = loaderData;
  const result = actionData as AdminActionResult | undefined;
  const newFailure = failureFor(result, "formId", "achievement-new");
  return (
    <>
      <AdminHeading title={t("gamification.achievements.title")}>
        <p>{t("gamification.achievements.lead")}</p>
        <p className="mt-2">{t("gamification.achievements.settleHelp")}</p>
      </AdminHeading>
      <div aria-live="polite" className="mb-4">
        <ActionResult result={result} />
      </div>

      <section aria-labelledby="achievement-new-heading" className="mb-8">
        <h2 id="achievement-new-heading" className="text-xl font-bold">
          {t("gamification.achievements.addTitle")}
        </h2>
        <FormDisclosure
          className="mt-3"
          summary={t("gamification.achievements.add")}
          formId="achievement-new"
          intent="create-achievement"
          failure={newFailure}
          submit={t("gamification.achievements.create")}
        >
          <AchievementFields formId="achievement-new" values={newFailure?.values ?? {}} failure={newFailure} />
        </FormDisclosure>
      </section>

      <section aria-labelledby="achievements-heading">
        <h2 id="achievements-heading" className="text-xl font-bold">
          {t("gamification.achievements.listTitle", { count: achievements.length })}
        </h2>
        <p className="mb-4 mt-1 text-sm text-muted-foreground">{t("gamification.achievements.listHelp")}</p>
        {achievements.length === 0 ? (
          <EmptyState>{t("gamification.achievements.empty")}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {achievements.map((a) => (
              <AchievementCard key={a.id} a={a as AdminAchievement} result={result} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
