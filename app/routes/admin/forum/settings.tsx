import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { POSTING_LIMIT_MAX, type PostingLimitField } from "#shared/forum-limits";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/settings";

export const handle = { i18n: ["admin"] };

/** The settings tab's two groups of limits, in the order the page shows them. */
const GROUPS: { key: "everyone" | "newMembers"; fields: PostingLimitField[] }[] = [
  { key: "everyone", fields: ["postIntervalSeconds", "threadIntervalSeconds", "duplicateWindowSeconds"] },
  {
    key: "newMembers",
    fields: ["newUserHours", "newUserPostIntervalSeconds", "newUserThreadIntervalSeconds", "newUserMaxThreads", "newUserMaxReplies"],
  },
];

/** Admin only (the settings policy): the forum switch and the posting limits. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const settings = await orRefused(context, request, admin.readSettings(actor));
  return { seo: seo("forum.settings.title"), forumEnabled: settings.flags.forum_enabled, limits: settings.forumPostingLimits };
}

type Result = AdminActionResult & { intent: string };

/** A typed number as the setting wants it; an empty field stays missing, so the setting names it. */
const numberOf = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : undefined);

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, admin } = adminPage(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "forum_enabled") {
      const on = form.get("forum_enabled") === "on";
      await admin.updateSetting(actor, { key: "forum_enabled", value: on });
      return { ok: true, intent, message: on ? "admin:forum.settings.enabledOn" : "admin:forum.settings.enabledOff" } satisfies Result;
    }
    if (intent === "limits") {
      const value = Object.fromEntries(GROUPS.flatMap((g) => g.fields).map((f) => [f, numberOf(form.get(f))]));
      const saved = await admin.updateSetting(actor, { key: "forum_posting_limits", value });
      return {
        ok: true,
        intent,
        message: saved.changed ? "admin:forum.settings.limitsSaved" : "admin:forum.settings.limitsUnchanged",
      } satisfies Result;
    }
    return unknownIntent(form);
  } catch (err) {
    const failure = actionFailure(err, form);
    return data({ ...failure.data, intent }, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

function Outcome({ result, intent }: { result: Result | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return result.ok ? (
    <FormAlert variant="success" message={result.message} />
  ) : (
    <FormAlert message={result.formError} values={result.formErrorValues} />
  );
}

export default function ForumSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { to } = useLocalePath();
  const { forumEnabled, limits } = loaderData;
  const result = actionData as Result | undefined;
  const failed = result && !result.ok && result.intent === "limits" ? result : null;
  return (
    <>
      <AdminHeading title={t("forum.settings.title")}>{t("forum.settings.lead")}</AdminHeading>

      <section aria-labelledby="forum-switch-heading" className="card mb-6 p-5">
        <h2 id="forum-switch-heading" className="text-xl font-bold">
          {t("forum.settings.switchTitle")}
        </h2>
        <Form method="post" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value="forum_enabled" />
          <Outcome result={result} intent="forum_enabled" />
          <div className="flex items-start justify-between gap-4 py-2">
            <div>
              <label htmlFor="setting-forum_enabled" className="font-semibold">
                {t("settings.flags.forum_enabled.label")}
              </label>
              <p id="setting-forum_enabled-help" className="mt-1 text-sm text-muted-foreground">
                {t("forum.settings.switchHelp")}
              </p>
            </div>
            <input
              id="setting-forum_enabled"
              name="forum_enabled"
              type="checkbox"
              role="switch"
              className="switch mt-1 shrink-0"
              defaultChecked={forumEnabled}
              aria-describedby="setting-forum_enabled-help"
            />
          </div>
          <SubmitButton pendingLabel={t("settings.saving")}>{t("forum.settings.switchSave")}</SubmitButton>
          <p className="text-sm text-muted-foreground">
            <Link className="link inline-block py-1" to={to("/admin/settings")}>
              {t("forum.settings.otherSettings")}
            </Link>
          </p>
        </Form>
      </section>

      <section aria-labelledby="limits-heading" className="card p-5">
        <h2 id="limits-heading" className="text-xl font-bold">
          {t("forum.settings.limitsTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("forum.settings.limitsHelp")}</p>
        <Form method="post" className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="limits" />
          <Outcome result={result} intent="limits" />
          {GROUPS.map((g) => (
            <fieldset key={g.key} className="space-y-4 rounded-lg border border-border p-4">
              <legend className="px-1 font-semibold">{t(`forum.settings.groups.${g.key}`)}</legend>
              {g.fields.map((f) => (
                <Field
                  key={f}
                  label={t(`forum.settings.limits.${f}.label`)}
                  name={f}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={POSTING_LIMIT_MAX[f]}
                  step={1}
                  required
                  defaultValue={failed ? failed.values[f] : limits[f]}
                  hint={t(`forum.settings.limits.${f}.help`, { max: POSTING_LIMIT_MAX[f] })}
                  error={failed?.fieldErrors[f]}
                  errorValues={{ max: POSTING_LIMIT_MAX[f] }}
                />
              ))}
            </fieldset>
          ))}
          <SubmitButton pendingLabel={t("settings.saving")}>{t("forum.settings.limitsSave")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}
