import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { i18nMissing } from "#server/db/schema";
import { I18N_MISSING_FLAG_THRESHOLD } from "#shared/announcements";
import { LOCALES, type Locale } from "#shared/locales";

/** Distinct missing keys per language (every language listed, 0 when none), and whether each is flagged. */
export async function missingPerLanguage(db: Pick<Database, "select">): Promise<{ lang: Locale; keys: number; flagged: boolean }[]> {
  const rows = await db
    .select({ lang: i18nMissing.lang, keys: sql<number>`count(*)::int` })
    .from(i18nMissing)
    .groupBy(i18nMissing.lang);
  return LOCALES.map((lang) => {
    const keys = rows.find((r) => r.lang === lang)?.keys ?? 0;
    return { lang, keys, flagged: keys > I18N_MISSING_FLAG_THRESHOLD };
  });
}

/** The languages with more than I18N_MISSING_FLAG_THRESHOLD distinct keys missing (SPEC §9): they fall back to English. */
export async function flaggedLanguages(db: Pick<Database, "select">): Promise<Locale[]> {
  return (await missingPerLanguage(db)).filter((l) => l.flagged && l.lang !== "en").map((l) => l.lang);
}

/** The records of one language, the most reported first. */
export const missingRowsQuery = (db: Pick<Database, "select">, lang: Locale | null, limit: number) => {
  const q = db.select().from(i18nMissing);
  return (lang ? q.where(eq(i18nMissing.lang, lang)) : q)
    .orderBy(desc(i18nMissing.count), i18nMissing.namespace, i18nMissing.key)
    .limit(limit);
};
