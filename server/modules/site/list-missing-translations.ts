import type { Database } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import type { Locale } from "#shared/locales";
import { I18N_MISSING_LIST_MAX } from "./deps";
import { missingPerLanguage, missingRowsQuery } from "./missing-translations";
import { assertCan } from "./policy";

export type MissingTranslationRow = {
  id: number;
  lang: string;
  namespace: string;
  key: string;
  route: string;
  count: number;
  lastSeenAt: string;
};

/** The missing translations recorded (Admins): per language its count of keys and flag, and the keys, most reported first. */
export async function listMissingTranslations(deps: { db: Database }, actor: Actor) {
  assertCan(actor, "i18n_missing.read");
  const [languages, rows] = await Promise.all([missingPerLanguage(deps.db), missingRowsQuery(deps.db, null, I18N_MISSING_LIST_MAX)]);
  return {
    languages,
    rows: rows.map((r): MissingTranslationRow => ({
      id: r.id,
      lang: r.lang as Locale,
      namespace: r.namespace,
      key: r.key,
      route: r.route,
      count: r.count,
      lastSeenAt: r.lastSeenAt.toISOString(),
    })),
  };
}
