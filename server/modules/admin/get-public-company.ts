import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { companyProfiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";

export const publicCompanyInput = z.object({ slug: z.string().trim().min(1).max(200) });

/**
 * The public profile at /company/{slug}: anyone may read it, but only once the team verified the company.
 * An unknown slug and an unverified company look the same (`company.not_found`).
 */
export async function getPublicCompany(deps: { db: Database }, _actor: Actor, input: unknown) {
  const parsed = publicCompanyInput.safeParse(input);
  if (!parsed.success) throw new DomainError("company.not_found");
  const [c] = await deps.db
    .select()
    .from(companyProfiles)
    .where(and(eq(companyProfiles.slug, parsed.data.slug.toLowerCase()), eq(companyProfiles.verified, true)))
    .limit(1);
  if (!c) throw new DomainError("company.not_found");
  return {
    /** The company's user id (company profiles are keyed by it): other areas' listings of this company take it. */
    id: c.id,
    companyName: c.companyName,
    slug: c.slug,
    website: c.website,
    description: c.description,
    country: c.country,
    logoUrl: c.logoUrl,
    joinedAt: c.createdAt.toISOString(),
  };
}
