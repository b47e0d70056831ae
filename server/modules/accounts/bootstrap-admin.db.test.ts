import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userRoles, users } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { testServices } from "#tests/support/services";
import { verifyPassword } from "#server/platform/auth";
import { accounts } from "#server/db/schema";
import { bootstrapAdmin } from "./bootstrap-admin";
import { createLogger } from "#server/platform/logger";

const log = createLogger("silent");

describe("ADMIN_EMAIL and ADMIN_PASSWORD", () => {
  it("create a verified Admin account at start that can sign in", async () => {
    const ctx = await testServices({ ADMIN_EMAIL: "Boss@Example.test", ADMIN_PASSWORD: "boot-strap-2026" });
    try {
      const [u] = await ctx.services.db.select().from(users).where(eq(users.email, "boss@example.test"));
      expect(u.emailVerified).toBe(true);
      expect(await ctx.services.db.select().from(userRoles).where(eq(userRoles.userId, u.id))).toEqual([
        expect.objectContaining({ roleId: "admin" }),
      ]);
      const { headers } = await ctx.services.accounts.authFlows.signIn(
        { headers: new Headers(), ip: "127.0.0.9", locale: "en" },
        { email: "boss@example.test", password: "boot-strap-2026" },
      );
      expect(headers.getSetCookie().join()).toContain("session_token=");
    } finally {
      await ctx.close();
    }
  });

  it("promote an existing account without touching its password, and run twice harmlessly", async () => {
    const ctx = await testServices();
    try {
      const db = ctx.services.db;
      const u = await createUser(db, { email: "member@example.test", password: "members-own-pass", emailVerified: false });
      await bootstrapAdmin({ db, log }, { email: "MEMBER@example.test", password: "ignored-pass-1" });
      await bootstrapAdmin({ db, log }, { email: "member@example.test", password: "ignored-pass-1" });
      expect(await db.select().from(userRoles).where(eq(userRoles.userId, u.id))).toHaveLength(1);
      const [acc] = await db.select().from(accounts).where(eq(accounts.userId, u.id));
      expect(await verifyPassword(acc.password!, "members-own-pass")).toBe(true);
      const [row] = await db.select().from(users).where(eq(users.id, u.id));
      expect(row.emailVerified).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});
