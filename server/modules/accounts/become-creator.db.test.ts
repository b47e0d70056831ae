import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, profiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { becomeCreator } from "./become-creator";

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
  );

/** A player (a member without a profile role) becomes a creator; nobody else can. */
describe("becomeCreator", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  async function player(username: string) {
    const u = await createUser(database.db, { username });
    await database.db.update(profiles).set({ role: null }).where(eq(profiles.id, u.id));
    return testActor({ userId: u.id, username, email: u.email, profileRole: null });
  }
  const roleOf = async (id: string) => (await database.db.select().from(profiles).where(eq(profiles.id, id)))[0].role;

  it("makes a player a creator, once, with one audit entry, even when asked twice at the same moment", async () => {
    const p = await player("quick_player");
    const answers = await Promise.all([codeOf(becomeCreator({ db: database.db }, p)), codeOf(becomeCreator({ db: database.db }, p))]);
    expect(answers.sort()).toEqual(["auth.forbidden", "ok"]);
    expect(await roleOf(p.userId)).toBe("creator");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, p.userId));
    expect(audit.map((a) => [a.action, a.details])).toEqual([["profile.became_creator", { from: "player", to: "creator" }]]);
  });

  it("refuses a visitor, a creator and a company, and changes nothing", async () => {
    expect(await codeOf(becomeCreator({ db: database.db }, null))).toBe("auth.unauthenticated");
    const creator = await createUser(database.db);
    expect(await codeOf(becomeCreator({ db: database.db }, testActor({ userId: creator.id, profileRole: "creator" })))).toBe(
      "auth.forbidden",
    );
    const company = await createCompany(database.db, { verified: true });
    const companyActor = testActor({
      userId: company.id,
      profileRole: "company",
      company: { slug: company.slug, companyName: "Studio", verified: true },
    });
    expect(await codeOf(becomeCreator({ db: database.db }, companyActor))).toBe("auth.forbidden");
    expect(await roleOf(company.id)).toBe("company");
    expect(await roleOf(creator.id)).toBe("creator");
  });
});
