import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ServerBuild } from "react-router";
import { isDomainError } from "#server/modules/errors";
import { isUnlockTokenValid, loadMaintenanceState, UNLOCK_COOKIE, unlockMaintenance } from "#server/modules/site/maintenance";
import { can } from "#server/modules/site/policy";
import { readBody, safeReturnPath, wantsJson } from "./api/body";
import { access, apiRouter, failure, json, operationInput, parameter, redirect } from "./api/openapi";
import type { AppEnv } from "./types";

export const UNLOCK_PATH = "/api/v1/site/maintenance/unlock";

/** The gate's unlock form posts here (a plain form, or a fetch call asking for JSON). */
const unlockRoute = createRoute({
  method: "post",
  path: UNLOCK_PATH,
  summary: "Passes the maintenance gate with its password",
  ...access("public"),
  request: {
    body: operationInput(z.object({ password: z.string(), returnTo: z.string().optional() }), [
      "application/x-www-form-urlencoded",
      "application/json",
    ]),
  },
  responses: {
    200: json(z.object({ unlocked: z.literal(true) }), "Unlocked for this browser session (JSON callers)."),
    303: redirect("Form posts: back to `returnTo`, unlocked, or showing the gate's error once."),
    400: failure("`site.maintenance_password_required` (JSON callers)."),
    401: failure("`site.maintenance_wrong_password` (JSON callers), after about 500 ms."),
    429: failure("`rate_limited`, with Retry-After (JSON callers)."),
  },
});

/** The unlock address opened as a page: back to the page it names. */
const unlockPageRoute = createRoute({
  method: "get",
  path: UNLOCK_PATH,
  summary: "The unlock address opened as a page: back to `returnTo`",
  ...access("public"),
  parameters: [parameter("returnTo", "query", { type: "string" }, "A site path.")],
  responses: { 303: redirect("To `returnTo`, which shows the gate while maintenance lasts.") },
});

/**
 * Paths that answer during maintenance: the health check, the gate's own assets and its unlock form, the
 * translations and site images (logo) pages load, and signing in (a signed-out admin signs in to pass the gate).
 */
const exempt = (path: string) =>
  path === "/api/health" ||
  path === UNLOCK_PATH ||
  path.startsWith("/assets/") ||
  path.startsWith("/locales/") ||
  path.startsWith("/images/") ||
  path === "/favicon.ico" ||
  path === "/favicon.svg" ||
  // React Router's route manifest (route ids and module URLs, as public as /assets/): the sign-in pages need it.
  path === "/__manifest" ||
  isSignInPath(path);

/**
 * The sign-in pages (with or without a language prefix, and their React Router data requests): password,
 * one-time code, the return page after single sign-on and the post that starts it; and better-auth's
 * sign-in endpoints and single sign-on returns. Registering, recovery and everything else stay behind the gate.
 */
const SIGN_IN_PAGE = /^(?:\/(?:es|en))?\/(?:login|auth\/login|auth\/code|auth\/callback|auth\/sso\/[a-z]+)(?:\.data)?$/;
const SIGN_IN_API = /^\/api\/auth\/(?:sign-in\/[a-z-]+|callback\/[a-z]+)$/;
export const isSignInPath = (path: string) => SIGN_IN_PAGE.test(path) || SIGN_IN_API.test(path);

export type GateError = "wrong_password" | "password_required" | "rate_limited";
const GATE_ERRORS: readonly string[] = ["wrong_password", "password_required", "rate_limited"] satisfies GateError[];

/**
 * A refused unlock, carried across the redirect back to the page it was tried from (Post/Redirect/Get): the
 * page's own address then shows the gate with the error once, and a reload shows the gate without it.
 */
export const GATE_ERROR_COOKIE = "maint_error";
export type RenderMaintenancePage = (opts: {
  locale: "es" | "en";
  nonce: string;
  returnTo: string;
  error?: GateError;
  siteName: string;
}) => string;

async function renderGate(c: Context<AppEnv>, getBuild: () => Promise<ServerBuild>, status: number, error?: GateError) {
  const build = await getBuild();
  const render = (build.entry.module as unknown as { renderMaintenancePage: RenderMaintenancePage }).renderMaintenancePage;
  const url = new URL(c.req.url);
  const html = render({
    locale: c.var.locale.locale,
    nonce: c.var.nonce,
    returnTo: safeReturnPath(url.pathname + url.search),
    error,
    siteName: c.var.services.env.siteName,
  });
  c.header("Retry-After", "300");
  c.header("Cache-Control", "no-store");
  return c.html(html, status as 503);
}

/**
 * While maintenance is on, every page and API request gets 503 and the gate, except holders of the signed
 * unlock cookie and signed-in admins (and the sign-in pages, so an admin can sign in). The password is
 * checked here on the server and never sent out.
 */
export function maintenanceGate(getBuild: () => Promise<ServerBuild>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (exempt(path)) return next();
    const { services } = c.var;
    const state = await loadMaintenanceState(services.settings, c.var.log);
    if (!state.enabled) return next();
    if (isUnlockTokenValid(services.env.authSecret, state, getCookie(c, UNLOCK_COOKIE))) return next();
    if (can(await c.var.getActor(), "maintenance.bypass")) return next();
    if (path.startsWith("/api/")) {
      c.header("Retry-After", "300");
      return c.json({ error: { code: "site.maintenance" } }, 503);
    }
    // A page's data asked for by React Router in the browser (a link followed, or where signing in leads a
    // member): the browser loads that page as a document instead, and so meets the gate.
    if (path.endsWith(".data")) return reloadAsDocument(c);
    const refused = getCookie(c, GATE_ERROR_COOKIE);
    if (refused !== undefined) deleteCookie(c, GATE_ERROR_COOKIE, { path: "/" });
    return renderGate(c, getBuild, 503, refused && GATE_ERRORS.includes(refused) ? (refused as GateError) : undefined);
  };
}

/** The unlock form's post and its address opened as a page, before the gate so that they answer during maintenance. */
export function unlockRoutes() {
  const api = apiRouter();
  api.openapi(unlockRoute, unlockHandler());
  api.openapi(unlockPageRoute, unlockPageHandler());
  return api;
}

/**
 * The unlock address opened as a page (a bookmark, the address bar after an old form post): the page it names,
 * which shows the gate while maintenance lasts, instead of the API's JSON 404.
 */
export function unlockPageHandler() {
  return (c: Context<AppEnv>) => c.redirect(safeReturnPath(c.req.query("returnTo")), 303);
}

/** React Router's answer for "load this page as a document" to a data request (`/about.data` → `/about`). */
function reloadAsDocument(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const page = url.pathname.slice(0, -".data".length).replace(/\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  c.header("X-Remix-Response", "yes");
  c.header("X-Remix-Redirect", safeReturnPath(query ? `${page}?${query}` : page));
  c.header("X-Remix-Status", "302");
  c.header("X-Remix-Reload-Document", "true");
  c.header("Cache-Control", "no-store");
  return c.body(null, 204);
}

export function unlockHandler() {
  return async (c: Context<AppEnv>) => {
    const body = await readBody(c);
    const returnTo = safeReturnPath(body.returnTo);
    const { services } = c.var;
    try {
      const { token } = await unlockMaintenance(
        { settings: services.settings, rateLimiter: services.rateLimiter, secret: services.env.authSecret },
        { password: body.password },
        c.var.clientKey,
      );
      // No maxAge: a session cookie, gone when the browser closes (SPEC §4).
      setCookie(c, UNLOCK_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure: c.var.secureCookies });
      return wantsJson(c) ? c.json({ unlocked: true }) : c.redirect(returnTo, 303);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      const error: GateError =
        err.code === "rate_limited"
          ? "rate_limited"
          : err.code === "site.maintenance_password_required"
            ? "password_required"
            : "wrong_password";
      if (err.code === "rate_limited") c.header("Retry-After", String(err.details?.retryAfterSeconds ?? 60));
      if (wantsJson(c)) return c.json({ error: { code: err.code } }, err.status as 401);
      // Back to the page's own address, which shows the gate with the error: the unlock address never stays in
      // the address bar, where opening it again would answer the API's 404.
      setCookie(c, GATE_ERROR_COOKIE, error, { path: "/", httpOnly: true, sameSite: "Lax", secure: c.var.secureCookies, maxAge: 60 });
      return c.redirect(returnTo, 303);
    }
  };
}
