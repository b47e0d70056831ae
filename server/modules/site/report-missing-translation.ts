import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { i18nMissing } from "#server/db/schema";
import type { RateLimiter } from "#server/platform/rate-limit";
import { DomainError } from "#server/modules/errors";
import { I18N_MISSING_RATE } from "./deps";
import { hasNoControlCharacters } from "./control-characters";
import type { SettingsStore } from "./settings";

export const missingTranslationInput = z.object({
  lang: z.enum(["en", "es"]),
  namespace: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/),
  key: z.string().min(1).max(200).refine(hasNoControlCharacters),
  route: z.string().max(512).regex(/^\//).refine(hasNoControlCharacters),
});

/**
 * SPEC §7 i18n-missing: stored only while the setting is on (off by default). Each key is one row per language
 * and namespace; a repeated report adds to its count and keeps the latest route. Limited per client (the
 * database's rate limiter) and by size (the route's body limit and the fields' lengths).
 */
export async function reportMissingTranslation(
  deps: { db: Database; settings: SettingsStore; rateLimiter: RateLimiter },
  clientKey: string,
  input: unknown,
): Promise<{ stored: boolean }> {
  if (!(await deps.settings.get("i18n_missing_enabled"))) return { stored: false };
  const parsed = missingTranslationInput.safeParse(input);
  if (!parsed.success) throw new DomainError("input.invalid", { issues: parsed.error.issues });
  const limited = await deps.rateLimiter.hit(`i18n-missing:${clientKey}`, I18N_MISSING_RATE);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
  const v = parsed.data;
  await deps.db
    .insert(i18nMissing)
    .values(v)
    .onConflictDoUpdate({
      target: [i18nMissing.lang, i18nMissing.namespace, i18nMissing.key],
      set: { count: sql`${i18nMissing.count} + 1`, lastSeenAt: sql`now()`, route: v.route },
    });
  return { stored: true };
}
