import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Form, redirect } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { expiredSessionCookies } from "#app/lib/session-cookies";
import { formValues, type FormFailure } from "#app/lib/form";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/data-tab";

export const handle = { i18n: ["account"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "account");
  const settings = await context.services.accounts.getAccountSettings(actor);
  return {
    seo: seo({ title: `${t("data.title")} · ${t("title")}`, description: t("description"), noindex: true }),
    username: settings.username,
    hasPassword: settings.hasPassword,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const formData = await request.formData();
  if (formData.get("confirm") !== "on") {
    const failure: FormFailure = {
      ok: false,
      values: formValues(formData),
      fieldErrors: { confirm: "account:data.delete.confirmRequired" },
      formError: "account:data.delete.confirmRequired",
    };
    return failure;
  }
  try {
    await context.services.accounts.deleteAccount(actor, {
      password: formData.has("password") ? String(formData.get("password")) : undefined,
      username: formData.has("confirmUsername") ? String(formData.get("confirmUsername")) : undefined,
    });
  } catch (err) {
    return actionFailure(err, formData, { "accounts.password_wrong": formData.has("password") ? "password" : "confirmUsername" });
  }
  context.log.info("account deleted by its owner", { userId: actor.userId });
  // The session rows went with the account; the browser's cookies go too.
  throw redirect(`${context.localePrefix}/?accountDeleted=1`, { headers: expiredSessionCookies() });
}

export default function DataTab({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { to } = useLocalePath();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="space-y-8">
      <section className="card p-6" aria-labelledby="export-heading">
        <h2 id="export-heading" className="text-xl font-bold">
          {t("data.export.heading")}
        </h2>
        <p className="mt-2">{t("data.export.text")}</p>
        <p className="mt-4">
          <a href={to("/account/export")} download className="btn btn-outline">
            <Icon name="download" size={16} />
            {t("data.export.link")}
          </a>
        </p>
      </section>

      <section className="card border-danger/60 p-6" aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-xl font-bold">
          {t("data.delete.heading")}
        </h2>
        <p className="mt-2 flex items-start gap-2 font-medium text-danger">
          <Icon name="triangle-exclamation-point" size={20} className="mt-0.5 shrink-0" />
          {t("data.delete.warning")}
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
          {loaderData.hasPassword ? (
            <Field
              label={t("data.delete.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={failure?.fieldErrors.password}
            />
          ) : (
            <Field
              label={t("data.delete.username", { username: loaderData.username })}
              name="confirmUsername"
              autoComplete="off"
              spellCheck={false}
              required
              defaultValue={failure?.values.confirmUsername ?? ""}
              error={failure?.fieldErrors.confirmUsername}
            />
          )}
          <div className="space-y-1.5">
            <label className="flex items-start gap-3">
              <input
                type="checkbox"
                name="confirm"
                required
                className="mt-1 h-4 w-4 accent-[var(--destructive)]"
                aria-invalid={failure?.fieldErrors.confirm ? true : undefined}
                aria-describedby={failure?.fieldErrors.confirm ? "delete-confirm-error" : undefined}
              />
              <span>{t("data.delete.confirm")}</span>
            </label>
            {failure?.fieldErrors.confirm ? (
              <p id="delete-confirm-error" className="text-sm font-medium text-danger">
                {t(failure.fieldErrors.confirm)}
              </p>
            ) : null}
          </div>
          <SubmitButton className="btn bg-destructive text-destructive-foreground hover:opacity-90">{t("data.delete.submit")}</SubmitButton>
        </Form>
      </section>
    </div>
  );
}
