import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../tests/support/db";
import { createLogger } from "../platform/logger";
import { verifyPassword } from "../platform/auth";
import type { DatabaseHandle } from "./client";
import { accounts, companyProfiles, profiles, roles, userRoles, users } from "./schema";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed";

describe("demo data", () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("fills an empty database with an admin, a moderator, creators and two companies, and logs the sign-in details", async () => {
    expect(await seedDemoData(database.db, createLogger("info", {}, (l) => lines.push(l)))).toBe(true);
    const roleOf = async (email: string) =>
      (
        await database.db
          .select({ name: roles.name })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(users.email, email))
      ).map((r) => r.name);
    expect(await roleOf(DEMO_ACCOUNTS.admin.email)).toEqual(["Admin"]);
    expect(await roleOf(DEMO_ACCOUNTS.moderator.email)).toEqual(["Moderator"]);
    const creators = await database.db.select().from(profiles).where(eq(profiles.role, "creator"));
    expect(creators.length).toBeGreaterThanOrEqual(4);
    const companies = await database.db.select().from(companyProfiles);
    expect(companies.map((c) => [c.slug, c.verified]).sort()).toEqual([
      ["estudio-brisa", true],
      ["northwind-pixel", false],
    ]);
    // Bios in both languages.
    expect(creators.some((c) => /directos|Análisis/.test(c.bio ?? ""))).toBe(true);
    expect(creators.some((c) => /videos|games/.test(c.bio ?? ""))).toBe(true);
    expect(lines.join()).toContain(DEMO_ACCOUNTS.admin.password);
  });

  it("stores Argon2id hashes that verify the demo passwords", async () => {
    const [row] = await database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password!, DEMO_ACCOUNTS.admin.password)).toBe(true);
    expect(await verifyPassword(row.password!, "wrong")).toBe(false);
  });

  it("does nothing on a database that already has people", async () => {
    expect(await seedDemoData(database.db, createLogger("silent"))).toBe(false);
  });
});
