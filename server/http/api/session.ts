import { Hono } from "hono";
import type { AppEnv } from "#server/http/types";
import { wantsJson } from "./body";

/**
 * Sign-out as a plain form post (works before JavaScript): ends the better-auth session, clears its
 * cookies and sends the person to /auth/login (SPEC §2).
 */
export function sessionApi() {
  const api = new Hono<AppEnv>();
  api.post("/session/sign-out", async (c) => {
    const res = await c.var.services.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    // Without a session there is nothing to end: that is a success too (a second click, an expired session).
    const ok = res.ok || !(await c.var.getActor());
    const out = wantsJson(c) ? c.json({ signedOut: ok }, ok ? 200 : 500) : c.redirect(ok ? "/auth/login" : "/?signOutFailed=1", 303);
    for (const cookie of res.headers.getSetCookie()) out.headers.append("Set-Cookie", cookie);
    return out;
  });
  return api;
}
