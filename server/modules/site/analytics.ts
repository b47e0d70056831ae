import { isbot } from "isbot";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { analyticsEvents, analyticsPageviews } from "#server/db/schema";
import type { RateLimiter } from "#server/platform/rate-limit";
import { DomainError } from "#server/modules/errors";
import { gameEventAllowed } from "#server/modules/promotions";
import { ANALYTICS_EVENT_TYPES } from "#shared/analytics";
import type { SettingsStore } from "./settings";

const path = z
  .string()
  .min(1)
  .max(512)
  .regex(/^\/[^\s]*$/, "must be a site path");
const visitorId = z.uuid();
export const DEVICE_TYPES = ["desktop", "mobile", "tablet"] as const;

export const pageviewInput = z.object({
  pagePath: path,
  visitorId,
  deviceType: z.enum(DEVICE_TYPES).optional().catch(undefined),
  referrer: z.string().max(1024).optional(),
});

export const eventInput = z.object({
  // Only the listed types (shared/analytics.ts), the same list the pages send from.
  eventType: z.enum(ANALYTICS_EVENT_TYPES),
  pagePath: path,
  visitorId,
  gameId: z.string().max(64).nullish(),
  elementId: z.string().max(128).nullish(),
  metadata: z
    .record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))
    .refine((m) => Object.keys(m).length <= 20, "too many metadata fields")
    .optional(),
});

export type RequestFacts = {
  consentGranted: boolean;
  userAgent: string | undefined;
  country: string;
  clientKey: string;
};

export type Recorded = { recorded: boolean; reason?: "disabled" | "no_consent" | "bot" };

export const ANALYTICS_RATE_RULES = [{ limit: 120, windowSeconds: 60 }];

type Deps = { db: Database; settings: SettingsStore; rateLimiter: RateLimiter };

/**
 * Shared gate for page views and events (SPEC §4): only with the flag on, only with the visitor's analytics
 * consent, never for bots, and rate limited per client.
 */
async function admit(deps: Deps, facts: RequestFacts): Promise<Recorded | null> {
  if (!(await deps.settings.get("analytics_enabled"))) return { recorded: false, reason: "disabled" };
  if (!facts.consentGranted) return { recorded: false, reason: "no_consent" };
  if (!facts.userAgent || isbot(facts.userAgent)) return { recorded: false, reason: "bot" };
  const limited = await deps.rateLimiter.hitAll(`analytics:${facts.clientKey}`, ANALYTICS_RATE_RULES);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
  return null;
}

export async function recordPageview(deps: Deps, facts: RequestFacts, input: unknown): Promise<Recorded> {
  const parsed = pageviewInput.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  const refused = await admit(deps, facts);
  if (refused) return refused;
  const v = parsed.data;
  await deps.db.insert(analyticsPageviews).values({
    pagePath: v.pagePath,
    visitorId: v.visitorId,
    deviceType: v.deviceType ?? "desktop",
    referrer: v.referrer?.trim() ? v.referrer.trim() : "direct",
    country: facts.country,
  });
  return { recorded: true };
}

export async function recordEvent(deps: Deps, facts: RequestFacts, input: unknown): Promise<Recorded> {
  const parsed = eventInput.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  const refused = await admit(deps, facts);
  if (refused) return refused;
  const v = parsed.data;
  // A featured game's events: only our event types, only for a game that exists.
  if (!(await gameEventAllowed(deps.db, v.eventType, v.gameId))) throw new DomainError("input.invalid");
  await deps.db.insert(analyticsEvents).values({
    eventType: v.eventType,
    pagePath: v.pagePath,
    visitorId: v.visitorId,
    gameId: v.gameId ?? null,
    elementId: v.elementId ?? null,
    metadata: v.metadata ?? {},
  });
  return { recorded: true };
}

/** SPEC §7 get-user-geolocation: the CDN's country header when it holds a country code, else 'Unknown'. */
export function countryFrom(headerValue: string | undefined | null): string {
  const v = headerValue?.trim().toUpperCase();
  return v && /^[A-Z]{2}$/.test(v) && v !== "XX" && v !== "T1" ? v : "Unknown";
}
