import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, ONE_YEAR_SECONDS, parseConsent, THEME_COOKIE, THEMES } from "#shared/preferences";
import { recordEvent, recordPageview } from "#server/modules/site/analytics";
import { configureMaintenance } from "#server/modules/site/maintenance";
import { pageviewCounts } from "#server/modules/site/pageview-counts";
import { reportMissingTranslation } from "#server/modules/site/report-missing-translation";
import { getRuntimeFlags } from "#server/modules/site/settings";
import { updateSetting } from "#server/modules/site/update-setting";
import { errorResponse } from "#server/http/errors";
import type { AppEnv } from "#server/http/types";
import { readBody, safeReturnPath, wantsJson } from "./body";

/** Thin routes: parse, call one operation, shape the answer. */
export function siteApi() {
  const api = new Hono<AppEnv>();
  api.onError((err, c) => errorResponse(c, err));

  api.get("/site/flags", async (c) => c.json(await getRuntimeFlags(c.var.services.settings)));

  api.get("/site/geolocation", (c) => c.json({ country: c.var.country }));

  api.post("/analytics/pageview", async (c) => {
    const result = await recordPageview(c.var.services, analyticsFacts(c), await c.req.json().catch(() => null));
    return c.json(result, result.recorded ? 201 : 202);
  });

  // Admins: the page views counted in the last 7, 30 or 90 days (?days=).
  api.get("/analytics/pageviews", async (c) =>
    c.json(await pageviewCounts(c.var.services, await c.var.getActor(), { days: c.req.query("days") })),
  );

  api.post("/analytics/event", async (c) => {
    const result = await recordEvent(c.var.services, analyticsFacts(c), await c.req.json().catch(() => null));
    return c.json(result, result.recorded ? 201 : 202);
  });

  api.post("/site/i18n-missing", async (c) => {
    const result = await reportMissingTranslation(c.var.services, c.var.clientKey, await c.req.json().catch(() => null));
    return c.json(result, result.stored ? 201 : 202);
  });

  // Preferences work as plain HTML forms (303 back to the page) and as fetch calls (JSON).
  api.post("/site/theme", async (c) => {
    const body = await readBody(c);
    const theme = z.enum(THEMES).safeParse(body.theme);
    if (!theme.success) return c.json({ error: { code: "input.invalid" } }, 400);
    setCookie(c, THEME_COOKIE, theme.data, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "Lax", secure: c.var.secureCookies });
    return wantsJson(c) ? c.json({ theme: theme.data }) : c.redirect(safeReturnPath(body.returnTo), 303);
  });

  api.post("/site/consent", async (c) => {
    const body = await readBody(c);
    // "Accept all", "Only essential" (essentials alone, whatever else the form carries) or the customized switch.
    const analytics =
      body.choice === "all" ||
      (body.choice !== "essential" && (body.analytics === "on" || body.analytics === "true" || body.analytics === true));
    const consent = { essentials: true as const, analytics };
    // Hono URL-encodes the value; the JSON is the spec's { essentials, analytics }.
    setCookie(c, CONSENT_COOKIE, JSON.stringify(consent), {
      path: "/",
      maxAge: CONSENT_MAX_AGE_SECONDS,
      sameSite: "Lax",
      secure: c.var.secureCookies,
    });
    if (wantsJson(c)) return c.json({ consent });
    return c.redirect(withoutPreferencesParam(safeReturnPath(body.returnTo)), 303);
  });

  api.get("/site/consent", (c) => c.json({ consent: parseConsent(getCookie(c, CONSENT_COOKIE)) }));

  // Admin operations; the admin panel (a later issue) calls these.
  api.put("/site/settings/:key", async (c) => {
    const body = await c.req.json().catch(() => null);
    return c.json(await updateSetting(c.var.services, await c.var.getActor(), { key: c.req.param("key"), value: body?.value }));
  });

  api.put("/site/maintenance", async (c) => {
    const body = await c.req.json().catch(() => null);
    return c.json(await configureMaintenance(c.var.services, await c.var.getActor(), body));
  });

  return api;
}

function withoutPreferencesParam(path: string): string {
  const url = new URL(path, "http://x");
  url.searchParams.delete("cookies");
  return url.pathname + url.search + url.hash;
}

function analyticsFacts(c: Context<AppEnv>) {
  return {
    consentGranted: parseConsent(getCookie(c, CONSENT_COOKIE))?.analytics === true,
    userAgent: c.req.header("user-agent"),
    country: c.var.country,
    clientKey: c.var.clientKey,
  };
}
