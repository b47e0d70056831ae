import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { adminPage, orRefused, unknownIntent } from "#app/features/admin/route.server";
import { AdminErrorBoundary, AdminHeading, NOINDEX, type AdminActionResult } from "#app/features/admin/shell";
import { useDateFormat } from "#app/lib/use-date-format";
import { actionFailure } from "#app/lib/form.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/settings";

export const handle = { i18n: ["admin"] };

const FLAGS = ["analytics_enabled", "forum_enabled", "i18n_missing_enabled"] as const;

/** Admin only: the site area's operations refuse anyone else, which the loader turns into a 403 page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, admin, seo } = adminPage(context, request);
  const settings = await orRefused(context, request, admin.readSettings(actor));
  return { seo: seo("settings.title"), settings };
}

type SettingsResult = AdminActionResult & { intent: string };

export async function action({ context, request }: Route.ActionArgs) {
  const { actor, admin } = adminPage(context, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const done = (message: string) => ({ ok: true as const, message, intent });
  try {
    if (intent === "maintenance") {
      const password = String(form.get("password") ?? "");
      const state = await admin.configureMaintenance(actor, { enabled: form.get("enabled") === "on", password: password || undefined });
      return done(state.enabled ? "admin:settings.maintenance.savedOn" : "admin:settings.maintenance.savedOff");
    }
    if (intent === "flags") {
      for (const key of FLAGS) await admin.updateSetting(actor, { key, value: form.get(key) === "on" });
      return done("admin:settings.flags.saved");
    }
    if (intent === "announcement") {
      await admin.updateSetting(actor, {
        key: "announcement",
        value: { url: String(form.get("url") ?? "").trim(), imageUrl: String(form.get("imageUrl") ?? "").trim() },
      });
      return done("admin:settings.announcement.saved");
    }
    if (intent === "retention") {
      const raw = String(form.get("months") ?? "").trim();
      await admin.updateSetting(actor, { key: "applications_retention_months", value: /^\d+$/.test(raw) ? Number(raw) : raw });
      return done("admin:settings.retention.saved");
    }
    return unknownIntent(form);
  } catch (err) {
    const failure = actionFailure(err, form, { "site.maintenance_password_required": "password" });
    return data({ ...failure.data, intent }, failure.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : NOINDEX);
export const ErrorBoundary = AdminErrorBoundary;

function Result({ result, intent }: { result: SettingsResult | undefined; intent: string }) {
  if (!result || result.intent !== intent) return null;
  return result.ok ? (
    <FormAlert variant="success" message={result.message} />
  ) : (
    <FormAlert message={result.formError} values={result.formErrorValues} />
  );
}

function Switch({ name, label, help, defaultChecked }: { name: string; label: string; help: string; defaultChecked: boolean }) {
  const id = `setting-${name}`;
  return (
    <div className="flex items-start justify-between gap-4 border-b border-border py-4 last:border-0">
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-help`} className="mt-1 text-sm text-muted-foreground">
          {help}
        </p>
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        className="switch mt-1 shrink-0"
        defaultChecked={defaultChecked}
        aria-describedby={`${id}-help`}
      />
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { dateTime } = useDateFormat();
  const { settings } = loaderData;
  const result = actionData as SettingsResult | undefined;
  const failed = result && !result.ok ? result : null;
  const m = settings.maintenance;
  return (
    <>
      <AdminHeading title={t("settings.title")}>{t("settings.lead")}</AdminHeading>

      <section aria-labelledby="maintenance-heading" className="card mb-6 p-5">
        <h2 id="maintenance-heading" className="text-xl font-bold">
          {t("settings.maintenance.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("settings.maintenance.help")}</p>
        <p className="mt-2 text-sm" role="status">
          {m.enabled ? t("settings.maintenance.stateOn") : t("settings.maintenance.stateOff")}
          {m.hasPassword
            ? ` ${t("settings.maintenance.passwordSince", { date: dateTime(m.changedAt) })}`
            : ` ${t("settings.maintenance.noPassword")}`}
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="maintenance" />
          <Result result={result} intent="maintenance" />
          <Switch
            name="enabled"
            label={t("settings.maintenance.enabled")}
            help={t("settings.maintenance.enabledHelp")}
            defaultChecked={m.enabled}
          />
          <Field
            label={t("settings.maintenance.password")}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={200}
            hint={m.hasPassword ? t("settings.maintenance.passwordKeep") : t("settings.maintenance.passwordRequired")}
            error={failed?.intent === "maintenance" ? failed.fieldErrors.password : undefined}
          />
          <SubmitButton pendingLabel={t("settings.saving")}>{t("settings.maintenance.save")}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="flags-heading" className="card mb-6 p-5">
        <h2 id="flags-heading" className="text-xl font-bold">
          {t("settings.flags.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("settings.flags.help")}</p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="flags" />
          <Result result={result} intent="flags" />
          {FLAGS.map((key) => (
            <Switch
              key={key}
              name={key}
              label={t(`settings.flags.${key}.label`)}
              help={t(`settings.flags.${key}.help`)}
              defaultChecked={settings.flags[key]}
            />
          ))}
          <SubmitButton pendingLabel={t("settings.saving")}>{t("settings.flags.save")}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="retention-heading" className="card mb-6 p-5">
        <h2 id="retention-heading" className="text-xl font-bold">
          {t("settings.retention.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("settings.retention.help")}</p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="retention" />
          <Result result={result} intent="retention" />
          <Field
            label={t("settings.retention.label")}
            name="months"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            required
            defaultValue={failed?.intent === "retention" ? failed.values.months : String(settings.applicationsRetentionMonths)}
            error={failed?.intent === "retention" ? (failed.fieldErrors._form ?? failed.formError) : undefined}
          />
          <SubmitButton pendingLabel={t("settings.saving")}>{t("settings.retention.save")}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="announcement-heading" className="card p-5">
        <h2 id="announcement-heading" className="text-xl font-bold">
          {t("settings.announcement.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("settings.announcement.help")}</p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="announcement" />
          <Result result={result} intent="announcement" />
          <Field
            label={t("settings.announcement.url")}
            name="url"
            type="url"
            required
            defaultValue={failed?.intent === "announcement" ? failed.values.url : settings.announcement.url}
            hint={t("settings.announcement.urlHelp")}
          />
          <Field
            label={t("settings.announcement.imageUrl")}
            name="imageUrl"
            required
            defaultValue={failed?.intent === "announcement" ? failed.values.imageUrl : settings.announcement.imageUrl}
            hint={t("settings.announcement.imageUrlHelp")}
          />
          <SubmitButton pendingLabel={t("settings.saving")}>{t("settings.announcement.save")}</SubmitButton>
        </Form>
      </section>
    </>
  );
}
