import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { formatNumber } from "#app/features/gamification/numbers";
import { GAMIFICATION_LIMITS as L, SETTINGS_GROUPS, type SettingsField } from "#shared/gamification-limits";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { GamificationSettings } from "#server/modules/gamification";
import type { Route } from "./+types/settings";

export const handle = { i18n: ["admin"] };

/** The form's fields as the stored setting holds them; a cap of null (none) is an empty field. */
function formValuesOf(s: GamificationSettings): Record<SettingsField, string> {
  const cap = (n: number | null) => (n === null ? "" : String(n));
  return {
    threadCreateXp: String(s.rewards.thread_create),
    postCreateXp: String(s.rewards.post_create),
    likeReceivedXp: String(s.rewards.like_received),
    threadCreateCap: cap(s.dailyCaps.thread_create),
    postCreateCap: cap(s.dailyCaps.post_create),
    likeReceivedCap: cap(s.dailyCaps.like_received),
    pairDailyCap: cap(s.pairDailyCap),
    statPointsPerLevel: String(s.statPointsPerLevel),
  };
}

const FIELDS = SETTINGS_GROUPS.flatMap((g) => g.fields);
const isCap = (f: SettingsField) => f.endsWith("Cap");
const maxOf = (f: SettingsField) => (isCap(f) ? L.capMax : f === "statPointsPerLevel" ? L.statPointsMax : L.xpMax);

/** Admins only (readSettings refuses anyone else: a 403 page for Moderators). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, seo } = adminPage(context, request);
  const settings = await orRefused(context, request, context.services.gamification.readSettings(actor));
  return { seo: seo("gamification.settings.title"), values: formValuesOf(settings) };
}

/** The whole form goes to updateSettings as typed: it validates, saves and audits (old → new). */
export async function action({ context, request }: Route.ActionArgs) {
  const { actor } = adminPage(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "settings") return unknownIntent(form);
  try {
    await context.services.gamification.updateSettings(actor, Object.fromEntries(FIELDS.map((f) => [f, form.get(f) ?? ""])));
    return { ok: true, message: "admin:gamification.settings.saved" } satisfies AdminActionResult;
  } catch (err) {
    const failure = actionFailure(err, form);
    return data(failure.data, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

export default function GamificationSettingsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { locale } = useLocalePath();
  const result = actionData as AdminActionResult | undefined;
  const failed = result && !result.ok ? result : null;
  return (
    <>
      <AdminHeading title={t("gamification.settings.title")}>{t("gamification.settings.lead")}</AdminHeading>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="intent" value="settings" />
        <div aria-live="polite">
          {result?.ok ? (
            <FormAlert variant="success" message={result.message} />
          ) : (
            <FormAlert message={failed?.formError} values={failed?.formErrorValues} />
          )}
        </div>
        {SETTINGS_GROUPS.map((g) => (
          <section key={g.key} aria-labelledby={`settings-${g.key}-heading`} className="card p-5">
            <h2 id={`settings-${g.key}-heading`} className="text-xl font-bold">
              {t(`gamification.settings.groups.${g.key}.title`)}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t(`gamification.settings.groups.${g.key}.help`)}</p>
            <div className="mt-4 grid gap-5 md:grid-cols-2">
              {g.fields.map((f) => (
                <Field
                  key={f}
                  label={t(`gamification.settings.fields.${f}.label`)}
                  name={f}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={maxOf(f)}
                  step={1}
                  required={!isCap(f)}
                  defaultValue={failed ? failed.values[f] : loaderData.values[f]}
                  hint={t(`gamification.settings.fields.${f}.help`, { max: formatNumber(maxOf(f), locale) })}
                  error={failed?.fieldErrors[f]}
                />
              ))}
            </div>
          </section>
        ))}
        <SubmitButton pendingLabel={t("settings.saving")}>{t("gamification.settings.save")}</SubmitButton>
      </Form>
    </>
  );
}
