import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { Field, FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { UsernameStatus, useUsernameCheck } from "#app/features/account/username-check";
import { AuthCard } from "#app/features/auth/auth-card";
import { SsoButtons } from "#app/features/auth/sso-buttons";
import { useFailureToast } from "#app/features/auth/use-failure-toast";
import { actionFailure } from "#app/lib/form.server";
import { pageTools } from "#app/lib/page.server";
import { localizedReturn, redirectWithCookies, requestFacts } from "#app/lib/request-facts.server";
import { safeReturnPath } from "#shared/return-path";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { SignUpRole } from "#server/modules/accounts/auth/register";
import type { Route } from "./+types/register";

/** SPEC §1: a player (a member without a profile role), a creator or a company. */
const ROLES: readonly SignUpRole[] = ["player", "creator", "company"];

export const handle = { i18n: ["auth"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), "/dashboard");
  // The username field asks this loader while the person types (?checkUsername=…); a check still on its way
  // when the sign-up succeeds must not turn into a second redirect.
  const check = url.searchParams.get("checkUsername");
  if (context.actor && check === null) throw redirect(localizedReturn(context, redirectTo));
  const { t, seo, site } = pageTools(context, request, "auth");
  const asked = url.searchParams.get("role");
  return {
    redirectTo,
    role: ROLES.find((r) => r === asked) ?? "player",
    providers: context.services.accounts.authFlows.ssoProviders(),
    seo: seo({ title: t("register.title"), description: t("register.description", { site }) }),
    availability: check !== null ? await context.services.accounts.authFlows.checkSignUpUsername({ username: check.slice(0, 100) }) : null,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const str = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : undefined);
  try {
    const { headers } = await context.services.accounts.authFlows.register(requestFacts(context, request), {
      username: str("username") ?? "",
      email: str("email") ?? "",
      password: str("password") ?? "",
      confirmPassword: str("confirmPassword") ?? "",
      role: (str("role") ?? "") as SignUpRole,
      companyName: str("companyName"),
      representativeName: str("representativeName"),
    });
    // A new account lands on its dashboard (or the page it came from), which tells it to confirm its email.
    return redirectWithCookies(withWelcome(localizedReturn(context, form.get("redirectTo"))), headers);
  } catch (err) {
    return actionFailure(err, form);
  }
}

/** The landing page with ?welcome=1 added to its query (before any #fragment). */
function withWelcome(target: string): string {
  const hash = target.indexOf("#");
  const [path, fragment] = hash < 0 ? [target, ""] : [target.slice(0, hash), target.slice(hash)];
  return `${path}${path.includes("?") ? "&" : "?"}welcome=1${fragment}`;
}

export default function Register() {
  const { t } = useTranslation("auth");
  const { redirectTo, role, providers } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const { to } = useLocalePath();
  const emailTaken = failure?.fieldErrors.email === "errors:auth.email_taken";
  useFailureToast(failure, emailTaken ? "auth:register.emailTakenTitle" : "auth:register.failedTitle");
  const chosenRole = failure?.values.role ?? role;
  const [username, setUsername] = useState(String(failure?.values.username ?? ""));
  // Nothing is said about availability until the person types (and never without JavaScript).
  const [edited, setEdited] = useState(false);
  const { pathname } = useLocation();
  const usernameStatus = useUsernameCheck(username.trim(), {
    checkUrl: (name) => `${pathname}?checkUsername=${encodeURIComponent(name)}`,
    refused: failure?.fieldErrors.username ? failure.values.username : undefined,
    edited,
  });
  const loginLink = to(redirectTo === "/dashboard" ? "/auth/login" : `/auth/login?redirectTo=${encodeURIComponent(redirectTo)}`);

  return (
    <AuthCard
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      footer={
        <>
          {t("register.haveAccount")}{" "}
          <Link className="link font-semibold" to={loginLink}>
            {t("register.signIn")}
          </Link>
        </>
      }
    >
      <FormAlert
        message={failure?.formError === "errors:input.invalid" ? "errors:input.invalid" : failure?.formError}
        values={failure?.formErrorValues}
      />
      {emailTaken ? (
        <p className="text-sm">
          <Link className="link font-semibold" to={loginLink}>
            {t("register.emailTakenAction")}
          </Link>
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t("register.roleLegend")}</legend>
          <div className="grid gap-2">
            {ROLES.map((r) => (
              <label
                key={r}
                className="card flex cursor-pointer gap-3 p-3 has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-ring"
              >
                <input type="radio" name="role" value={r} defaultChecked={chosenRole === r} className="mt-1 accent-[var(--primary)]" />
                <span>
                  <span className="block font-semibold">{t(`register.role.${r}`)}</span>
                  <span className="block text-sm text-muted-foreground">{t(`register.role.${r}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Field
            label={t("fields.username")}
            name="username"
            value={username}
            onChange={(e) => {
              setUsername(e.currentTarget.value);
              setEdited(true);
            }}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={30}
            required
            spellCheck={false}
            hint={t("register.usernameHint")}
            error={failure?.fieldErrors.username}
          />
          <UsernameStatus
            status={usernameStatus}
            labels={{ checking: t("register.usernameChecking"), available: t("register.usernameAvailable") }}
          />
        </div>
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
        <div className="company-only space-y-4 rounded-lg border border-border p-4">
          <p className="text-sm text-muted-foreground">{t("register.companyNote")}</p>
          <Field
            label={t("fields.companyName")}
            name="companyName"
            autoComplete="organization"
            defaultValue={failure?.values.companyName}
            error={failure?.fieldErrors.companyName}
          />
          <Field
            label={t("fields.representativeName")}
            name="representativeName"
            autoComplete="name"
            defaultValue={failure?.values.representativeName}
            error={failure?.fieldErrors.representativeName}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {t("register.termsLead")}{" "}
          <Link className="link" to={to("/terms-and-conditions")}>
            {t("register.terms")}
          </Link>{" "}
          {t("register.and")}{" "}
          <Link className="link" to={to("/privacy-policy")}>
            {t("register.privacy")}
          </Link>
          .
        </p>
        <SubmitButton className="btn btn-primary w-full" pendingLabel={t("register.submitting")}>
          {t("register.submit")}
        </SubmitButton>
      </Form>
      <SsoButtons providers={providers} redirectTo={redirectTo} />
    </AuthCard>
  );
}
