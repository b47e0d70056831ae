import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { SsoButtons } from "#app/features/auth/sso-buttons";
import { useFailureToast } from "#app/features/auth/use-failure-toast";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { localizedReturn, redirectWithCookies, requestFacts } from "#app/lib/request-facts.server";
import { safeReturnPath } from "#shared/return-path";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/login";

export const handle = { i18n: ["auth"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/dashboard");
  // Someone already signed in has nothing to do here.
  if (context.actor) throw redirect(localizedReturn(context, redirectTo));
  const { t, seo } = pageTools(context, request, "auth");
  return {
    redirectTo,
    providers: context.services.accounts.authFlows.ssoProviders(),
    seo: seo({ title: t("login.title"), description: t("login.description") }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { headers } = await context.services.accounts.authFlows.signIn(requestFacts(context, request), {
      email: form.get("email"),
      password: form.get("password"),
    });
    return redirectWithCookies(localizedReturn(context, form.get("redirectTo")), headers);
  } catch (err) {
    return actionFailure(err, form);
  }
}

/** SPEC §7: after an invalid session, locally stored session entries are cleared too. */
function useClearLocalSession(expired: boolean) {
  useEffect(() => {
    if (!expired) return;
    try {
      for (const store of [localStorage, sessionStorage]) {
        for (const key of Object.keys(store)) if (/auth|session|token/i.test(key)) store.removeItem(key);
      }
    } catch {
      // Storage can be unavailable (private mode); nothing to clear then.
    }
  }, [expired]);
}

export default function Login() {
  const { t } = useTranslation("auth");
  const { redirectTo, providers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const [params] = useSearchParams();
  const expired = params.get("expired") === "1";
  const reset = params.get("reset") === "1";
  const ssoUnavailable = params.get("sso") === "unavailable";
  const { to } = useLocalePath();
  useFailureToast(failure, "auth:login.failedTitle");
  useClearLocalSession(expired);
  const withReturn = (path: string) => to(redirectTo === "/dashboard" ? path : `${path}?redirectTo=${encodeURIComponent(redirectTo)}`);

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link className="link font-semibold" to={withReturn("/auth/register")}>
            {t("login.register")}
          </Link>
        </>
      }
    >
      {expired ? <FormAlert message="errors:auth.session_expired" variant="info" /> : null}
      {reset ? <FormAlert message="auth:reset.done" variant="success" /> : null}
      {ssoUnavailable ? <FormAlert message="errors:auth.sso_unavailable" /> : null}
      <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
      <Form method="post" className="space-y-4" noValidate={false}>
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
        <Field
          label={t("fields.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={failure?.fieldErrors.password}
        />
        <div className="flex flex-wrap justify-between gap-2 text-sm">
          <Link className="link" to={to("/auth/forgot-password")}>
            {t("login.forgot")}
          </Link>
          <Link className="link" to={withReturn("/auth/code")}>
            {t("login.withCode")}
          </Link>
        </div>
        <SubmitButton className="btn btn-primary w-full" pendingLabel={t("login.submitting")}>
          {t("login.submit")}
        </SubmitButton>
      </Form>
      <SsoButtons providers={providers} redirectTo={redirectTo} />
    </AuthCard>
  );
}
