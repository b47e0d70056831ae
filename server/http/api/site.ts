import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, ONE_YEAR_SECONDS, parseConsent, THEME_COOKIE, THEMES } from "#shared/preferences";
import { eventInput, pageviewInput, recordEvent, recordPageview } from "#server/modules/site/analytics";
import { configureMaintenance, configureMaintenanceInput } from "#server/modules/site/maintenance";
import { ANALYTICS_WINDOWS, pageviewCounts } from "#server/modules/site/pageview-counts";
import { missingTranslationInput, reportMissingTranslation } from "#server/modules/site/report-missing-translation";
import { getRuntimeFlags } from "#server/modules/site/settings";
import { updateSetting, updateSettingInput } from "#server/modules/site/update-setting";
import { errorResponse } from "#server/http/errors";
import type { AppEnv } from "#server/http/types";
import { readBody, safeReturnPath, wantsJson } from "./body";
import { access, apiRouter, failure, json, operationInput, parameter, redirect } from "./openapi";

const flags = createRoute({
  method: "get",
  path: "/site/flags",
  summary: "The feature flags pages and scripts read",
  ...access("public"),
  responses: { 200: json(z.record(z.string(), z.boolean()), "Each runtime flag and whether it is on.") },
});

const geolocation = createRoute({
  method: "get",
  path: "/site/geolocation",
  summary: "The visitor's country, from the trusted proxy's header",
  ...access("public"),
  responses: { 200: json(z.object({ country: z.string() }), "A two-letter country code, or the unknown marker.") },
});

const recorded = z.object({ recorded: z.boolean(), reason: z.enum(["disabled", "no_consent", "bot"]).optional() });
const analyticsAnswers = {
  201: json(recorded, "Recorded."),
  202: json(recorded, "Accepted and not recorded: analytics off, no consent, or a bot."),
  400: failure("`input.invalid`: the body does not match."),
  429: failure("`rate_limited`, with Retry-After."),
};

const pageview = createRoute({
  method: "post",
  path: "/analytics/pageview",
  summary: "Records a page view (with the visitor's analytics consent)",
  ...access("public"),
  request: { body: operationInput(pageviewInput) },
  responses: analyticsAnswers,
});

const pageviews = createRoute({
  method: "get",
  path: "/analytics/pageviews",
  summary: "Page views counted in the last 7, 30 or 90 days",
  ...access("admin"),
  parameters: [parameter("days", "query", { type: "integer", enum: [...ANALYTICS_WINDOWS], default: 7 }, "The window in days.")],
  responses: {
    200: json(
      z.object({
        days: z.number().int(),
        total: z.number().int(),
        visitors: z.number().int(),
        paths: z.array(z.object({ pagePath: z.string(), views: z.number().int() })),
      }),
      "The total, the distinct visitors and the most viewed paths.",
    ),
    400: failure("`input.invalid`: not one of the windows."),
    401: failure("`auth.unauthenticated`: not signed in."),
    403: failure("`auth.forbidden`: not an admin."),
  },
});

const event = createRoute({
  method: "post",
  path: "/analytics/event",
  summary: "Records an analytics event (a click on a featured game's links, …)",
  ...access("public"),
  request: { body: operationInput(eventInput) },
  responses: analyticsAnswers,
});

const i18nMissing = createRoute({
  method: "post",
  path: "/site/i18n-missing",
  summary: "Reports a translation key missing in the browser",
  ...access("public"),
  request: { body: operationInput(missingTranslationInput) },
  responses: {
    201: json(z.object({ stored: z.boolean() }), "Stored."),
    202: json(z.object({ stored: z.boolean() }), "Not stored: the setting is off."),
    400: failure("`input.invalid`: the body does not match."),
    429: failure("`rate_limited`, with Retry-After."),
  },
});

const FORMS = ["application/x-www-form-urlencoded", "application/json"] as const;
const returnTo = z.string().optional().describe("The page to go back to after a form post (a site path).");

const theme = createRoute({
  method: "post",
  path: "/site/theme",
  summary: "Chooses the light, dark or system theme (a form or a fetch call)",
  ...access("public"),
  request: { body: operationInput(z.object({ theme: z.enum(THEMES), returnTo }), FORMS) },
  responses: {
    200: json(z.object({ theme: z.enum(THEMES) }), "Set (JSON callers)."),
    303: redirect("Set (form posts): back to `returnTo`."),
    400: failure("`input.invalid`: not a theme."),
  },
});

const consentValue = z.object({ essentials: z.literal(true), analytics: z.boolean() });

const setConsent = createRoute({
  method: "post",
  path: "/site/consent",
  summary: "Stores the cookie consent (accept all, only essential, or customized)",
  ...access("public"),
  request: {
    body: operationInput(
      z.object({
        choice: z.enum(["all", "essential", "custom"]).optional(),
        analytics: z.union([z.boolean(), z.enum(["on", "true"])]).optional(),
        returnTo,
      }),
      FORMS,
    ),
  },
  responses: {
    200: json(z.object({ consent: consentValue }), "Stored (JSON callers)."),
    303: redirect("Stored (form posts): back to `returnTo`."),
  },
});

const readConsent = createRoute({
  method: "get",
  path: "/site/consent",
  summary: "The consent the visitor gave, if any",
  ...access("public"),
  responses: { 200: json(z.object({ consent: consentValue.nullable() }), "The consent cookie's value, or null.") },
});

const updateSettingRoute = createRoute({
  method: "put",
  path: "/site/settings/{key}",
  summary: "Changes one setting",
  ...access("admin"),
  parameters: [parameter("key", "path", { type: "string", enum: [...updateSettingInput.shape.key.options] }, "The setting.")],
  request: { body: operationInput(z.object({ value: z.unknown() }), ["application/json"], "The setting's new value.") },
  responses: {
    200: json(z.object({ key: z.string(), value: z.unknown(), changed: z.boolean() }), "The value now stored."),
    400: failure("`input.invalid`: not a writable setting, or a value its schema refuses."),
    401: failure("`auth.unauthenticated`: not signed in."),
    403: failure("`auth.forbidden`: not an admin."),
  },
});

const maintenance = createRoute({
  method: "put",
  path: "/site/maintenance",
  summary: "Turns maintenance mode on or off and sets its password",
  ...access("admin"),
  request: { body: operationInput(configureMaintenanceInput) },
  responses: {
    200: json(z.object({ enabled: z.boolean(), changedAt: z.string() }), "The gate's new state."),
    400: failure("`input.invalid`, or `site.maintenance_password_required` when turning it on without a password."),
    401: failure("`auth.unauthenticated`: not signed in."),
    403: failure("`auth.forbidden`: not an admin."),
  },
});

/** Thin routes: parse, call one operation, shape the answer. */
export function siteApi() {
  const api = apiRouter();
  api.onError((err, c) => errorResponse(c, err));

  api.openapi(flags, async (c) => c.json(await getRuntimeFlags(c.var.services.settings), 200));

  api.openapi(geolocation, (c) => c.json({ country: c.var.country }, 200));

  api.openapi(pageview, async (c) => {
    const result = await recordPageview(c.var.services, analyticsFacts(c), await c.req.json().catch(() => null));
    return c.json(result, result.recorded ? 201 : 202);
  });

  // Admins: the page views counted in the last 7, 30 or 90 days (?days=).
  api.openapi(pageviews, async (c) =>
    c.json(await pageviewCounts(c.var.services, await c.var.getActor(), { days: c.req.query("days") }), 200),
  );

  api.openapi(event, async (c) => {
    const result = await recordEvent(c.var.services, analyticsFacts(c), await c.req.json().catch(() => null));
    return c.json(result, result.recorded ? 201 : 202);
  });

  api.openapi(i18nMissing, async (c) => {
    const result = await reportMissingTranslation(c.var.services, c.var.clientKey, await c.req.json().catch(() => null));
    return c.json(result, result.stored ? 201 : 202);
  });

  // Preferences work as plain HTML forms (303 back to the page) and as fetch calls (JSON).
  api.openapi(theme, async (c) => {
    const body = await readBody(c);
    const theme = z.enum(THEMES).safeParse(body.theme);
    if (!theme.success) return c.json({ error: { code: "input.invalid" } }, 400);
    setCookie(c, THEME_COOKIE, theme.data, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "Lax", secure: c.var.secureCookies });
    return wantsJson(c) ? c.json({ theme: theme.data }, 200) : c.redirect(safeReturnPath(body.returnTo), 303);
  });

  api.openapi(setConsent, async (c) => {
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
    if (wantsJson(c)) return c.json({ consent }, 200);
    return c.redirect(withoutPreferencesParam(safeReturnPath(body.returnTo)), 303);
  });

  api.openapi(readConsent, (c) => c.json({ consent: parseConsent(getCookie(c, CONSENT_COOKIE)) }, 200));

  // Admin operations; the admin panel calls these.
  api.openapi(updateSettingRoute, async (c) => {
    const body = await c.req.json().catch(() => null);
    return c.json(await updateSetting(c.var.services, await c.var.getActor(), { key: c.req.param("key"), value: body?.value }), 200);
  });

  api.openapi(maintenance, async (c) => {
    const body = await c.req.json().catch(() => null);
    return c.json(await configureMaintenance(c.var.services, await c.var.getActor(), body), 200);
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
