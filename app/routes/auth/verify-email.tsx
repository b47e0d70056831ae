import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { useFailureToast } from "#app/features/auth/use-failure-toast";
import { actionFailure } from "#app/lib/form.server";
import { requireUser } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { requestFacts } from "#app/lib/request-facts.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/verify-email";

export const handle = { i18n: ["auth"] };
export { actionHeaders as headers } from "#app/lib/route-headers";

/** Where an unverified person learns why they cannot post yet, and asks for a new link. */
export function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireUser(context, request);
  const { t, seo } = pageTools(context, request, "auth");
  return {
    email: actor.email,
    verified: actor.emailVerified,
    seo: seo({ title: t("verify.title"), description: t("verify.title"), noindex: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export async function action({ context, request }: Route.ActionArgs) {
  try {
    await context.services.accounts.authFlows.resendVerification(requestFacts(context, request), context.actor);
    return { ok: true as const };
  } catch (err) {
    return actionFailure(err, null);
  }
}

export default function VerifyEmail() {
  const { t } = useTranslation("auth");
  const { email, verified } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failure = result && !result.ok ? result : undefined;
  const { to } = useLocalePath();
  useFailureToast(failure, "auth:verify.failedTitle");
  return (
    <AuthCard title={t("verify.title")}>
      {verified ? (
        <>
          <FormAlert variant="success" message="errors:auth.already_verified" />
          <Link className="btn btn-primary" to={to("/dashboard")}>
            {t("callback.toDashboard")}
          </Link>
        </>
      ) : (
        <>
          <p>{t("verify.text", { email })}</p>
          <p className="text-sm text-muted-foreground">{t("verify.why")}</p>
          {result?.ok ? <FormAlert variant="success" message="auth:verify.sent" values={{ email }} /> : null}
          <FormAlert message={failure?.formError} values={failure?.formErrorValues} />
          <Form method="post">
            <SubmitButton className="btn btn-primary w-full">{t("verify.resend")}</SubmitButton>
          </Form>
          <p className="text-sm text-muted-foreground">
            {t("verify.wrongAddress")}{" "}
            <Link className="link" to={to("/account/security")}>
              {t("verify.changeEmail")}
            </Link>
          </p>
        </>
      )}
    </AuthCard>
  );
}
