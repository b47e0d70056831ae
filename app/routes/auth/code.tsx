import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { useFailureToast } from "#app/features/auth/use-failure-toast";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { localizedReturn, redirectWithCookies, requestFacts } from "#app/lib/request-facts.server";
import { safeReturnPath } from "#shared/return-path";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/code";

export const handle = { i18n: ["auth"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

export function loader({ context, request }: Route.LoaderArgs) {
  const redirectTo = safeReturnPath(new URL(request.url).searchParams.get("redirectTo"), "/dashboard");
  if (context.actor) throw redirect(localizedReturn(context, redirectTo));
  const { t, seo } = pageTools(context, request, "auth");
  return { redirectTo, seo: seo({ title: t("code.title"), description: t("code.text"), noindex: true }) };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** Two steps on one page: send a code to the address, then sign in with it. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const facts = requestFacts(context, request);
  try {
    if (form.get("intent") === "verify") {
      const { headers } = await context.services.accounts.authFlows.signInWithCode(facts, {
        email: form.get("email"),
        code: form.get("code"),
      });
      return redirectWithCookies(localizedReturn(context, form.get("redirectTo")), headers);
    }
    const { email } = await context.services.accounts.authFlows.sendSignInCode(facts, { email: form.get("email") });
    return { ok: true as const, step: "code" as const, email };
  } catch (err) {
    const failure = actionFailure(err, form);
    return failure;
  }
}

export default function CodeSignIn() {
  const { t } = useTranslation("auth");
  const { redirectTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const sentTo = result?.ok ? result.email : failure?.values.intent === "verify" ? failure.values.email : null;
  const { to } = useLocalePath();
  useFailureToast(failure, "auth:login.failedTitle");
  return (
    <AuthCard
      title={t("code.title")}
      subtitle={sentTo ? t("code.sentText", { email: sentTo }) : t("code.text")}
      footer={
        <Link className="link inline-block py-1" to={to("/auth/login")}>
          {t("common.backToLogin")}
        </Link>
      }
    >
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      {sentTo ? (
        <>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="email" value={sentTo} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Field
              label={t("fields.code")}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              autoFocus
              hint={t("code.hint")}
              error={failure?.fieldErrors.code}
            />
            <SubmitButton className="btn btn-primary w-full" name="intent" value="verify">
              {t("code.submit")}
            </SubmitButton>
          </Form>
          <Form method="post">
            <input type="hidden" name="email" value={sentTo} />
            <SubmitButton className="btn btn-ghost w-full" name="intent" value="send">
              {t("code.resend")}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label={t("fields.email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={failure?.values.email}
            error={failure?.fieldErrors.email}
          />
          <SubmitButton className="btn btn-primary w-full" name="intent" value="send">
            {t("code.send")}
          </SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
