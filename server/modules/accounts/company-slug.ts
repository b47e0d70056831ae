import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles } from "#server/db/schema";
import { slugify } from "#shared/slugify";

/** The company area's own pages: /company/games would never reach a company called "Games". */
export const RESERVED_COMPANY_SLUGS = new Set(["games", "campaigns", "verification"]);

/** A slug for /company/{slug} that no other company has and no page uses: "name", then "name-2", "name-3"… */
export async function uniqueCompanySlug(db: Pick<Database, "select">, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 500; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (RESERVED_COMPANY_SLUGS.has(candidate)) continue;
    const [row] = await db.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.slug, candidate)).limit(1);
    if (!row || row.id === exceptId) return candidate;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}
