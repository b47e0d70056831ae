import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles } from "#server/db/schema";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import { companyProfileSchema } from "#shared/company-profile";
import { slugify } from "#shared/slugify";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { processLogo } from "./company-logo";
import { parseInput } from "./input";
import { assertCompanyAccount } from "./policy";

export type UpdateCompanyProfileDeps = { db: Database; storage: Storage; log?: Logger };

/**
 * A company completes or corrects its own company profile (SPEC §1: while it waits for verification).
 * After a rejection, saving clears the reason, which puts the company back in the pending queue. The slug
 * (its public address) does not change with the name. An optional logo (bytes) replaces the current one.
 */
export async function updateCompanyProfile(deps: UpdateCompanyProfileDeps, actor: Actor, input: unknown) {
  assertCompanyAccount(actor);
  const raw = (input ?? {}) as Record<string, unknown>;
  const fields = parseInput(companyProfileSchema, raw);
  const logoBytes = raw.logo instanceof Uint8Array && raw.logo.byteLength > 0 ? raw.logo : null;
  const logo = logoBytes ? await processLogo(logoBytes) : null;
  const logoUrl = logo ? await deps.storage.put(`logos/${actor.userId}/${logo.name}`, logo.body) : undefined;

  const result = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(companyProfiles).where(eq(companyProfiles.id, actor.userId)).limit(1).for("update");
    const values = { ...fields, ...(logoUrl ? { logoUrl } : {}) };
    if (!current) {
      const base = slugify(fields.companyName, "company");
      const [taken] = await tx.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.slug, base)).limit(1);
      const slug = taken ? `${base}-${actor.userId.slice(0, 8).toLowerCase()}` : base;
      await tx.insert(companyProfiles).values({ id: actor.userId, slug, ...values });
    } else {
      await tx
        .update(companyProfiles)
        .set({ ...values, rejectionReason: null, updatedAt: sql`now()` })
        .where(eq(companyProfiles.id, actor.userId));
    }
    await recordAudit(tx, actor, {
      action: "company.update_profile",
      targetType: "company",
      targetId: actor.userId,
      targetName: fields.companyName,
      details: { resubmitted: !!current?.rejectionReason, logo: !!logoUrl },
    });
    return { previousLogo: current?.logoUrl ?? null, verified: current?.verified ?? false };
  });
  if (logoUrl && result.previousLogo && result.previousLogo !== logoUrl) {
    const key = deps.storage.keyOf(result.previousLogo);
    if (key) await deps.storage.remove(key).catch((err) => deps.log?.warn("old logo not removed", { err, key }));
  }
  return { verified: result.verified, logoUrl: logoUrl ?? result.previousLogo };
}
