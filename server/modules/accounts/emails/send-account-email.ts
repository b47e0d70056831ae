import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import type { Mailer, MailResult } from "#server/platform/mail";
import type { MailLocale } from "#server/platform/translate";
import { renderEmail, type AccountEmail } from "./render";

export type MailDeps = { db: Database; mailer: Mailer; siteName: string };

/** The language a person reads mail in: their profile's, else the one given (the request's), else Spanish. */
export async function recipientLocale(db: Database, email: string, fallback?: MailLocale): Promise<MailLocale> {
  const [row] = await db
    .select({ locale: profiles.locale })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return (row?.locale as MailLocale | null | undefined) ?? fallback ?? "es";
}

export async function sendAccountEmail(deps: MailDeps, to: string, email: AccountEmail, locale?: MailLocale): Promise<MailResult> {
  const lang = locale ?? (await recipientLocale(deps.db, to));
  const rendered = renderEmail(email, lang, deps.siteName);
  return deps.mailer.send({ template: email.template, locale: lang, to, ...rendered });
}
