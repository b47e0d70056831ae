import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { companyStatusOf } from "./list-companies";
import { assertCompanyAccount } from "./policy";

/** The signed-in company's own company profile and where its verification stands (null: none yet). */
export async function getMyCompany(deps: { db: Database }, actor: Actor) {
  assertCompanyAccount(actor);
  const [c] = await deps.db.select().from(companyProfiles).where(eq(companyProfiles.id, actor.userId)).limit(1);
  if (!c) return null;
  return {
    companyName: c.companyName,
    slug: c.slug,
    representativeName: c.representativeName,
    website: c.website,
    description: c.description,
    country: c.country,
    logoUrl: c.logoUrl,
    status: companyStatusOf(c),
    rejectionReason: c.rejectionReason,
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
  };
}
