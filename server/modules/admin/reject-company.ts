import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { sendAccountEmail } from "#server/modules/accounts";
import { assertCan } from "#server/modules/accounts/policy";
import { DomainError } from "#server/modules/errors";
import { lockCompany, type CompanyReviewDeps } from "./company-review";
import { parseInput } from "./input";

export const REJECTION_REASON_MAX = 1000;
export const rejectCompanyInput = z.object({
  companyId: z.string().trim().min(1).max(200),
  reason: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(REJECTION_REASON_MAX)),
});

/**
 * The team turns a company down, with a reason the company reads (required). The company stays unverified
 * and on its verification page; updating its profile clears the reason and puts it back in the queue.
 * Audited, and emailed in the company user's language with a link to the verification page.
 */
export async function rejectCompany(deps: CompanyReviewDeps, actor: Actor, input: unknown): Promise<{ changed: true }> {
  assertCan(actor, "companies.review");
  const { companyId, reason } = parseInput(rejectCompanyInput, input);
  if (!reason) throw new DomainError("company.reason_required");
  const done = await deps.db.transaction(async (tx) => {
    const { c, email } = await lockCompany(tx, companyId);
    await tx
      .update(companyProfiles)
      .set({ verified: false, verifiedAt: null, rejectionReason: reason, updatedAt: sql`now()` })
      .where(eq(companyProfiles.id, companyId));
    await recordAudit(tx, actor, {
      action: "company.reject",
      targetType: "company",
      targetId: companyId,
      targetName: c.companyName,
      reason,
      details: { wasVerified: c.verified },
    });
    return { email, companyName: c.companyName };
  });
  await sendAccountEmail(deps, done.email, {
    template: "company-rejected",
    companyName: done.companyName,
    reason,
    url: `${deps.baseUrl}/company/verification`,
  });
  return { changed: true };
}
