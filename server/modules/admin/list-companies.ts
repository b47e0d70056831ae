import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { companyProfiles, users } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { assertCan } from "#server/modules/accounts/policy";
import { containsPattern, offsetOf, pageField, pageOf, PAGE_SIZE, parseInput, searchField, type Page } from "./input";

export const COMPANY_STATUSES = ["pending", "verified", "rejected"] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const listCompaniesInput = z.object({
  status: z.preprocess((v) => (COMPANY_STATUSES.includes(v as CompanyStatus) ? v : "pending"), z.enum(COMPANY_STATUSES)),
  q: searchField,
  page: pageField,
});

/** Pending: not verified and no standing rejection; rejected: not verified with a reason; verified. */
export function companyStatusWhere(status: CompanyStatus): SQL {
  if (status === "verified") return eq(companyProfiles.verified, true);
  if (status === "rejected") return and(eq(companyProfiles.verified, false), isNotNull(companyProfiles.rejectionReason))!;
  return and(eq(companyProfiles.verified, false), isNull(companyProfiles.rejectionReason))!;
}

export const companyStatusOf = (c: { verified: boolean; rejectionReason: string | null }): CompanyStatus =>
  c.verified ? "verified" : c.rejectionReason ? "rejected" : "pending";

export type CompanyRow = {
  id: string;
  companyName: string;
  slug: string;
  representativeName: string;
  email: string;
  website: string | null;
  description: string | null;
  country: string | null;
  logoUrl: string | null;
  status: CompanyStatus;
  rejectionReason: string | null;
  verifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The companies tab: one status at a time, searchable by company name, slug, representative or email. */
export async function listCompanies(
  deps: { db: Database },
  actor: Actor,
  input: unknown,
): Promise<Page<CompanyRow> & { q: string; status: CompanyStatus; counts: Record<CompanyStatus, number> }> {
  assertCan(actor, "companies.list");
  const { status, q, page } = parseInput(listCompaniesInput, input);
  const p = containsPattern(q);
  const search = q
    ? or(
        ilike(companyProfiles.companyName, p),
        ilike(companyProfiles.slug, p),
        ilike(companyProfiles.representativeName, p),
        ilike(users.email, p),
      )
    : undefined;
  const where = and(companyStatusWhere(status), search);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(companyProfiles)
    .innerJoin(users, eq(users.id, companyProfiles.id))
    .where(where);
  const rows = await deps.db
    .select({ c: companyProfiles, email: users.email })
    .from(companyProfiles)
    .innerJoin(users, eq(users.id, companyProfiles.id))
    .where(where)
    // The oldest request first while waiting; the latest decision first otherwise.
    .orderBy(status === "pending" ? companyProfiles.updatedAt : desc(companyProfiles.updatedAt), companyProfiles.id)
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
  const counts = Object.fromEntries(
    await Promise.all(
      COMPANY_STATUSES.map(
        async (s) => [s, (await deps.db.select({ n: count() }).from(companyProfiles).where(companyStatusWhere(s)))[0].n] as const,
      ),
    ),
  ) as Record<CompanyStatus, number>;
  const items = rows.map(({ c, email }) => ({
    id: c.id,
    companyName: c.companyName,
    slug: c.slug,
    representativeName: c.representativeName,
    email,
    website: c.website,
    description: c.description,
    country: c.country,
    logoUrl: c.logoUrl,
    status: companyStatusOf(c),
    rejectionReason: c.rejectionReason,
    verifiedAt: c.verifiedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
  return { ...pageOf(items, total, page), q, status, counts };
}
