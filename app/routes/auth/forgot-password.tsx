import { useTranslation } from "react-i18next";
import { Form, Link, useActionData } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { requestFacts } from "#app/lib/request-facts.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/forgot-password";

export const handle = { i18n: ["auth"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

export function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "auth");
  return { seo: seo({ title: t("forgot.title"), description: t("forgot.text"), noindex: true }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await context.services.accounts.authFlows.requestPasswordReset(requestFacts(context, request), { email: form.get("email") });
    return { ok: true as const, email: String(form.get("email") ?? "") };
  } catch (err) {
    return actionFailure(err, form);
  }
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const { to } = useLocalePath();
  return (
    <AuthCard
      title={t("forgot.title")}
      subtitle={t("forgot.text")}
      footer={
        <Link className="link inline-block py-1" to={to("/auth/login")}>
          {t("common.backToLogin")}
        </Link>
      }
    >
      {result?.ok ? <FormAlert variant="success" message="auth:forgot.sent" values={{ email: result.email }} /> : null}
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      <Form method="post" className="space-y-4">
        <Field
          label={t("fields.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <SubmitButton className="btn btn-primary w-full">{t("forgot.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
