import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { companyProfiles } from "#server/db/schema";

/** Lower-case ASCII words joined by "-", accents transliterated ("Ñandú" → "nandu"); `fallback` when nothing is left. */
export function slugify(text: string, fallback = "studio", maxLength = 60): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, maxLength)
      .replace(/-+$/g, "") || fallback
  );
}

/** A slug for /company/{slug} that no other company has: "name", then "name-2", "name-3"… */
export async function uniqueCompanySlug(db: Pick<Database, "select">, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 500; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [row] = await db.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.slug, candidate)).limit(1);
    if (!row || row.id === exceptId) return candidate;
  }
  return `${base}-${crypto.randomUUID().slice(0, 8)}`;
}
