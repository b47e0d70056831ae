import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../tests/support/db";
import { createLogger } from "../platform/logger";
import { verifyPassword } from "../platform/auth";
import type { DatabaseHandle } from "./client";
import { accounts, companyProfiles, forumCategories, forums, forumTags, postLikes, posts, profiles, roles, threads, userRoles, users } from "./schema";
import { DEMO_ACCOUNTS, seedDemoData } from "./seed";
import { seedDemoForum } from "./seed-forum";

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

  it("fills the forum: 3 categories, 6 forums, tags and over 30 threads in both languages with replies and likes", async () => {
    const db = database.db;
    const count = async (table: typeof forums | typeof forumCategories | typeof forumTags | typeof threads | typeof posts | typeof postLikes) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    expect(await count(forumCategories)).toBe(3);
    expect(await count(forums)).toBe(6);
    expect(await count(forumTags)).toBeGreaterThanOrEqual(5);
    expect(await count(threads)).toBeGreaterThanOrEqual(30);
    expect(await count(postLikes)).toBeGreaterThan(20);
    const all = await db.select().from(threads);
    expect(all.some((t) => /¿|ñ|ó/.test(t.title)) && all.some((t) => /\bthe\b|\bfor\b/i.test(t.title))).toBe(true);
    // Counters agree with the rows.
    const [sum] = await db.select({ threads: sql<number>`sum(${forums.threadCount})::int`, posts: sql<number>`sum(${forums.postCount})::int` }).from(forums);
    expect(sum).toEqual({ threads: all.length, posts: await count(posts) });
    expect(await seedDemoForum(db)).toBe(false);
  });

  it("does nothing on a database that already has people", async () => {
    expect(await seedDemoData(database.db, createLogger("silent"))).toBe(false);
  });
});
