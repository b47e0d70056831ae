import { useTranslation } from "react-i18next";
import { Link, redirect, useLoaderData } from "react-router";
import { FormAlert } from "#app/components/ui/form-field";
import { AuthCard } from "#app/features/auth/auth-card";
import { pageTools } from "#app/lib/page.server";
import { localizedReturn } from "#app/lib/request-facts.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/callback";

export const handle = { i18n: ["auth"] };

/** better-auth's error codes on a return, grouped into what the person can do about them. */
function problemOf(error: string): "expired" | "invalid" | "sso" {
  const e = error.toUpperCase();
  if (e === "TOKEN_EXPIRED") return "expired";
  if (e === "INVALID_TOKEN" || e === "USER_NOT_FOUND" || e === "INVALID_USER") return "invalid";
  return "sso";
}

/**
 * Every return from an email link or a single sign-on provider lands here: a confirmed email, a
 * confirmed change of email, an error, or a finished sign-on that goes on to the page the person came from.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const outcome = error
    ? "error"
    : url.searchParams.get("verified")
      ? "verified"
      : url.searchParams.get("changed") === "email"
        ? "emailChanged"
        : "signedIn";
  if (outcome === "signedIn" && context.actor) throw redirect(localizedReturn(context, url.searchParams.get("redirectTo")));
  const { t, seo } = pageTools(context, request, "auth");
  return {
    outcome: outcome === "signedIn" ? ("notSignedIn" as const) : outcome,
    problem: error ? problemOf(error) : null,
    signedIn: !!context.actor,
    seo: seo({ title: t("callback.title"), description: t("callback.title"), noindex: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function Callback() {
  const { t } = useTranslation("auth");
  const { outcome, problem, signedIn } = useLoaderData<typeof loader>();
  const { to } = useLocalePath();
  const title = outcome === "error" ? t(`callback.problem.${problem}.title`) : t(`callback.${outcome}.title`);
  return (
    <AuthCard title={title}>
      {outcome === "error" ? (
        <FormAlert message={`auth:callback.problem.${problem}.text`} />
      ) : (
        <FormAlert message={`auth:callback.${outcome}.text`} variant={outcome === "notSignedIn" ? "info" : "success"} />
      )}
      <div className="flex flex-wrap gap-3">
        {signedIn ? (
          <>
            <Link className="btn btn-primary" to={to("/dashboard")}>
              {t("callback.toDashboard")}
            </Link>
            {outcome === "error" && problem !== "sso" ? (
              <Link className="btn btn-outline" to={to("/auth/verify-email")}>
                {t("callback.newLink")}
              </Link>
            ) : null}
          </>
        ) : (
          <Link className="btn btn-primary" to={to("/auth/login")}>
            {t("callback.toLogin")}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
