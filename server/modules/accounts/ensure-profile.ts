import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles } from "#server/db/schema";
import { deriveUsername } from "./username";

/** Creates the profile row of a new user if it does not exist yet; never changes an existing one. */
export async function ensureProfile(db: Database, user: { id: string; email: string; name?: string | null; locale?: "es" | "en" }) {
  const [existing] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, user.id)).limit(1);
  if (existing) return;
  const username = await deriveUsername(db, user.name && /[A-Za-z0-9]/.test(user.name) ? user.name : user.email);
  await db
    .insert(profiles)
    .values({ id: user.id, username, role: "creator", locale: user.locale ?? "es" })
    .onConflictDoNothing();
}
