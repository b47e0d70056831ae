import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import type { CoverageReminder } from "./coverage-reminders";
import type { DomainEvents } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import { renderEmail } from "#server/platform/mail-render";
import type { MailLocale } from "#server/platform/translate";

/** What the campaign emails need: the mailer, and the site's name and address for the text and the link. */
export type CampaignMailDeps = { db: Database; mailer: Mailer; siteName: string; baseUrl: string; log: Logger };

/** A person's address and the language they read mail in (their profile's, else Spanish). */
async function recipient(db: Database, userId: string): Promise<{ email: string; locale: MailLocale } | null> {
  const [row] = await db
    .select({ email: users.email, locale: profiles.locale })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { email: row.email, locale: row.locale === "en" ? "en" : "es" };
}

/** /my-keys in the recipient's language. */
const myKeysUrl = (deps: CampaignMailDeps, locale: MailLocale) => `${deps.baseUrl.replace(/\/$/, "")}/${locale}/my-keys`;

async function send(deps: CampaignMailDeps, userId: string, template: string, values: Record<string, string>): Promise<boolean> {
  const to = await recipient(deps.db, userId);
  if (!to) return false;
  const rendered = renderEmail({ template, ...values, url: myKeysUrl(deps, to.locale) }, to.locale, deps.siteName);
  await deps.mailer.send({ template, locale: to.locale, to: to.email, ...rendered });
  return true;
}

/**
 * The email of a company's decision on a creator's key request: approved (the key waits on /my-keys,
 * with the coverage deadline) or rejected (with the company's reason when it gave one).
 */
export async function sendDecisionMail(deps: CampaignMailDeps, e: DomainEvents["campaign.request_decided"]): Promise<boolean> {
  if (e.status === "approved") return send(deps, e.creatorId, "campaign-approved", { gameName: e.gameName });
  return e.reason
    ? send(deps, e.creatorId, "campaign-rejected-reason", { gameName: e.gameName, reason: e.reason })
    : send(deps, e.creatorId, "campaign-rejected", { gameName: e.gameName });
}

/**
 * The `send` of `services.campaigns.sendCoverageReminders`: emails the creator that the coverage of the key they
 * received is due soon (template `coverage-reminder`, the deadline written in their language, link to /my-keys).
 */
export function coverageReminderSender(deps: CampaignMailDeps): (r: CoverageReminder) => Promise<void> {
  return async (r) => {
    const to = await recipient(deps.db, r.creatorId);
    if (!to) return;
    const dueDate = new Intl.DateTimeFormat(to.locale, { dateStyle: "long", timeZone: "UTC" }).format(r.coverageDueAt);
    const template = "coverage-reminder";
    const rendered = renderEmail({ template, gameName: r.gameName, dueDate, url: myKeysUrl(deps, to.locale) }, to.locale, deps.siteName);
    await deps.mailer.send({ template, locale: to.locale, to: to.email, ...rendered });
  };
}
