import { createRoute, z } from "@hono/zod-openapi";
import { wantsJson } from "./body";
import { access, apiRouter, json, redirect } from "./openapi";

const signOut = createRoute({
  method: "post",
  path: "/session/sign-out",
  summary: "Signs out (a plain form post or a fetch call)",
  ...access("public"),
  responses: {
    200: json(z.object({ signedOut: z.boolean() }), "Signed out, or there was no session (JSON callers)."),
    303: redirect("Form posts: to /auth/login, or home with `signOutFailed=1`."),
    500: json(z.object({ signedOut: z.boolean() }), "The session could not be ended (JSON callers)."),
  },
});

/**
 * Sign-out as a plain form post (works before JavaScript): ends the better-auth session, clears its
 * cookies and sends the person to /auth/login (SPEC §2).
 */
export function sessionApi() {
  const api = apiRouter();
  api.openapi(signOut, async (c) => {
    const res = await c.var.services.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    // Without a session there is nothing to end: that is a success too (a second click, an expired session).
    const ok = res.ok || !(await c.var.getActor());
    const out = wantsJson(c) ? c.json({ signedOut: ok }, ok ? 200 : 500) : c.redirect(ok ? "/auth/login" : "/?signOutFailed=1", 303);
    for (const cookie of res.headers.getSetCookie()) out.headers.append("Set-Cookie", cookie);
    return out;
  });
  return api;
}
