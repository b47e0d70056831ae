import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { i18nMissing } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { LOCALES } from "#shared/locales";
import { parseInput, type SiteDeps } from "./deps";
import { assertCan } from "./policy";

const clearInput = z.object({ lang: z.enum([...LOCALES, "all"]) });

/**
 * Deletes the missing-translation records of one language, or all of them (Admins), once the team has added
 * the keys: the language's flag and its fall back to English go with them. Audited with how many went.
 */
export async function clearMissingTranslations(deps: Pick<SiteDeps, "db" | "events" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "i18n_missing.clear");
  const { lang } = parseInput(clearInput, input);
  const cleared = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(i18nMissing)
      .where(lang === "all" ? sql`true` : eq(i18nMissing.lang, lang))
      .returning({ id: i18nMissing.id });
    if (rows.length)
      await recordAudit(tx, actor!, {
        action: "i18n_missing.clear",
        targetType: "i18n_missing",
        targetId: lang,
        targetName: lang,
        details: { count: rows.length },
      });
    return rows.length;
  });
  if (cleared) await deps.events.publish("i18n_missing.cleared", { lang: lang === "all" ? null : lang, at: deps.now() });
  return { lang, cleared };
}
