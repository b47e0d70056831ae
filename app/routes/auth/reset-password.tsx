import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/reset-password";

export const handle = { i18n: ["auth"] };

/** The recovery link (through better-auth) lands here with ?token=…, or with ?error=INVALID_TOKEN. */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { t, seo } = pageTools(context, request, "auth");
  return {
    token: url.searchParams.get("token") ?? "",
    invalid: !!url.searchParams.get("error") || !url.searchParams.get("token"),
    seo: seo({ title: t("reset.title"), description: t("reset.title"), noindex: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await context.services.accounts.authFlows.resetPassword({
      token: form.get("token"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    });
    return redirect(`${context.localePrefix}/auth/login?reset=1`);
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const { token, invalid } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const { to } = useLocalePath();
  const tokenProblem = invalid || failure?.formError === "errors:auth.reset_token_invalid";
  return (
    <AuthCard
      title={t("reset.title")}
      footer={
        <Link className="link inline-block py-1" to={to("/auth/login")}>
          {t("common.backToLogin")}
        </Link>
      }
    >
      {tokenProblem ? (
        <>
          <FormAlert message="errors:auth.reset_token_invalid" />
          <Link className="btn btn-primary" to={to("/auth/forgot-password")}>
            {t("reset.newLink")}
          </Link>
        </>
      ) : (
        <>
          <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
          <Form method="post" className="space-y-4">
            <input type="hidden" name="token" value={token} />
            <Field
              label={t("fields.newPassword")}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              hint={t("register.passwordHint")}
              error={failure?.fieldErrors.password}
            />
            <Field
              label={t("fields.confirmPassword")}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              error={failure?.fieldErrors.confirmPassword}
            />
            <SubmitButton className="btn btn-primary w-full">{t("reset.submit")}</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
