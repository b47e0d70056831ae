import type { Context, MiddlewareHandler } from "hono";
import { splitLocalePrefix } from "#shared/locales";
import { heldCompanyMayOpen } from "#shared/held-company";
import { isPendingCompany } from "#server/modules/accounts/actor";
import { translator } from "#server/platform/translate";
import type { AppEnv } from "./types";

/** API calls a held company still makes: signing out, its theme and cookie choices, the site's own reports. */
const API_ALLOWED = new Set([
  "/api/v1/session/sign-out",
  "/api/v1/site/theme",
  "/api/v1/site/consent",
  "/api/v1/analytics/pageview",
  "/api/v1/analytics/event",
  "/api/v1/site/i18n-missing",
  "/api/v1/site/maintenance/unlock",
]);

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Files, not pages: built assets, uploads, translations, any address whose last segment has an extension, and
 * React Router's route manifest (`/__manifest`, which the client asks for before it follows any link).
 */
const isFile = (path: string) =>
  path === "/__manifest" ||
  path.startsWith("/assets/") ||
  path.startsWith("/media/") ||
  path.startsWith("/locales/") ||
  /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf("/") + 1));

/** The page a request is about, without the language prefix: "/en/dashboard.data" → "/dashboard", "/_root.data" → "/". */
export function pageOf(path: string): string {
  const bare = path.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  return splitLocalePrefix(bare).rest;
}

/**
 * SPEC §4: a company account whose company profile the team has not verified yet is held on
 * /company/verification. The lang route does this for page reads, but route actions do not run parent loaders
 * and React Router's data requests (`/en/dashboard.data?_routes=…`) can skip it, so the hold is applied here,
 * before any route runs: pages and form posts get a redirect (303 after a post), data requests the redirect
 * React Router's client follows (204 with X-Remix-Redirect), and API changes a 403. The pages a held company
 * may use are in `heldCompanyMayOpen`.
 */
export function holdPendingCompanies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const read = READS.has(c.req.method);
    if (path.startsWith("/api/")) {
      if (read || !path.startsWith("/api/v1/") || API_ALLOWED.has(path)) return next();
      if (!isPendingCompany(await c.var.getActor())) return next();
      return refuseApi(c);
    }
    if (read && !path.endsWith(".data") && isFile(path)) return next();
    if (heldCompanyMayOpen(pageOf(path))) return next();
    if (!isPendingCompany(await c.var.getActor())) return next();
    const to = `${c.var.locale.prefix}/company/verification`;
    c.header("Cache-Control", "no-store");
    if (path.endsWith(".data")) {
      // What React Router's single fetch reads as a redirect when a server answers before the router does.
      return c.body(null, 204, { "X-Remix-Redirect": to, "X-Remix-Status": read ? "302" : "303" });
    }
    return c.redirect(to, read ? 302 : 303);
  };
}

function refuseApi(c: Context<AppEnv>) {
  const message = translator(c.var.locale.locale, "errors")("company.pending");
  return c.json({ error: { code: "company.pending", message } }, 403);
}
