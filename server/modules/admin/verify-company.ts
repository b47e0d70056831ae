import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { sendAccountEmail } from "#server/modules/accounts";
import { assertCan } from "#server/modules/accounts/policy";
import { lockCompany, type CompanyReviewDeps } from "./company-review";
import { parseInput } from "./input";

export const verifyCompanyInput = z.object({ companyId: z.string().trim().min(1).max(200) });

/**
 * SPEC §4: the team approves a pending company. It becomes verified (the verification page stops holding
 * it), any earlier rejection reason is cleared, the change is audited, and the company is told by email in
 * its own language, with a link to its dashboard. Verifying a verified company changes nothing.
 */
export async function verifyCompany(deps: CompanyReviewDeps, actor: Actor, input: unknown): Promise<{ changed: boolean }> {
  assertCan(actor, "companies.review");
  const { companyId } = parseInput(verifyCompanyInput, input);
  const done = await deps.db.transaction(async (tx) => {
    const { c, email } = await lockCompany(tx, companyId);
    if (c.verified) return null;
    await tx
      .update(companyProfiles)
      .set({ verified: true, verifiedAt: sql`now()`, rejectionReason: null, updatedAt: sql`now()` })
      .where(eq(companyProfiles.id, companyId));
    await recordAudit(tx, actor, { action: "company.verify", targetType: "company", targetId: companyId, targetName: c.companyName });
    return { email, companyName: c.companyName };
  });
  if (!done) return { changed: false };
  // After the commit: a message never announces a change that did not happen. The outbox keeps it if SMTP fails.
  await sendAccountEmail(deps, done.email, {
    template: "company-verified",
    companyName: done.companyName,
    url: `${deps.baseUrl}/dashboard`,
  });
  return { changed: true };
}
