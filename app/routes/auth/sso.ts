import { redirect } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";
import { requestFacts } from "#app/lib/request-facts.server";
import { safeReturnPath } from "#shared/return-path";
import type { Route } from "./+types/sso";

/** The page has no view: a GET goes back to the login page. */
export function loader({ context }: Route.LoaderArgs) {
  throw redirect(`${context.localePrefix}/auth/login`);
}

/** POST /auth/sso/{provider}: sends the browser to Google, Discord or Twitch (with better-auth's state cookie). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { url, headers } = await context.services.accounts.authFlows.startSingleSignOn(
      requestFacts(context, request),
      params.provider,
      safeReturnPath(form.get("redirectTo"), "/dashboard"),
    );
    const out = new Headers({ Location: url });
    for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
    return new Response(null, { status: 303, headers: out });
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    // A plain form post: go back to the sign-in page, which says why.
    return redirect(`${context.localePrefix}/auth/login?sso=unavailable`, 303);
  }
}
