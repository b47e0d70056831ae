import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { accounts, userRoles, users } from "#server/db/schema";
import { hashPassword } from "#server/platform/auth";
import type { Logger } from "#server/platform/logger";
import { ensureProfile } from "./ensure-profile";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: the account is created (email verified) or, when it exists, promoted to Admin.
 * An existing account keeps its password: the variable only sets the password of an account it creates.
 */
export async function bootstrapAdmin(deps: { db: Database; log: Logger }, admin: { email: string; password: string }) {
  const { db, log } = deps;
  const email = admin.email.toLowerCase();
  let [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!user) {
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ id, email, name: email.split("@")[0], emailVerified: true });
      await tx
        .insert(accounts)
        .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await hashPassword(admin.password) });
    });
    user = { id };
    log.info("admin account created from ADMIN_EMAIL", { email });
  }
  await ensureProfile(db, { id: user.id, email });
  const added = await db.insert(userRoles).values({ userId: user.id, roleId: "admin" }).onConflictDoNothing().returning();
  if (added.length) log.info("ADMIN_EMAIL account promoted to Admin", { email });
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
}
