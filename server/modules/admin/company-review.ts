import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles, users } from "#server/db/schema";
import type { Mailer } from "#server/platform/mail";
import { DomainError } from "#server/modules/errors";

/** What verifying or rejecting a company needs: the database, and mail in the company user's language. */
export type CompanyReviewDeps = { db: Database; mailer: Mailer; siteName: string; baseUrl: string };

/** The company and its account's email, read inside the review's transaction with the row locked. */
export async function lockCompany(tx: Pick<Database, "select">, id: string) {
  const [row] = await tx
    .select({ c: companyProfiles, email: users.email })
    .from(companyProfiles)
    .innerJoin(users, eq(users.id, companyProfiles.id))
    .where(eq(companyProfiles.id, id))
    .limit(1)
    .for("update", { of: companyProfiles });
  if (!row) throw new DomainError("company.not_found");
  return row;
}
