import { eq } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { sign, verifySignature } from "#server/platform/signing";
import type { PromotionsDeps } from "./deps";
import { writeConsent } from "./studio-mail-consent";

const PURPOSE = "studio-promotions-unsubscribe";

/** The unsubscribe link of a promotional email (works without signing in: the signature proves it). */
export function unsubscribeUrl(deps: Pick<PromotionsDeps, "linkSecret" | "baseUrl">, companyId: string, locale: string): string {
  const base = deps.baseUrl.replace(/\/$/, "");
  const s = sign(deps.linkSecret, PURPOSE, companyId);
  return `${base}/${locale}/promotions/unsubscribe?c=${encodeURIComponent(companyId)}&s=${encodeURIComponent(s)}`;
}

const input = z.object({ c: z.string().min(1).max(64), s: z.string().min(1).max(128) });

async function checked(deps: Pick<PromotionsDeps, "db" | "linkSecret">, raw: unknown) {
  const parsed = input.safeParse(raw ?? {});
  if (!parsed.success || !verifySignature(deps.linkSecret, PURPOSE, parsed.data.c, parsed.data.s)) {
    throw new DomainError("promotions.unsubscribe_invalid");
  }
  const [company] = await deps.db
    .select({ id: companyProfiles.id, companyName: companyProfiles.companyName })
    .from(companyProfiles)
    .where(eq(companyProfiles.id, parsed.data.c));
  if (!company) throw new DomainError("promotions.unsubscribe_invalid");
  return company;
}

/** What the unsubscribe page shows before the confirm button: the company the link is for. */
export async function checkUnsubscribeLink(deps: Pick<PromotionsDeps, "db" | "linkSecret">, raw: unknown) {
  const company = await checked(deps, raw);
  return { companyName: company.companyName };
}

/**
 * Withdraws a studio's consent to promotional email from its signed link (a POST from the confirm button, so
 * link scanners that follow the GET do not unsubscribe anyone). Repeating it is harmless.
 */
export async function unsubscribeStudio(deps: Pick<PromotionsDeps, "db" | "linkSecret" | "now">, raw: unknown) {
  const company = await checked(deps, raw);
  await writeConsent(deps, company.id, false);
  return { companyName: company.companyName };
}
