import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { createCompany, createUser } from "#server/db/factories";
import { banUser } from "#server/db/forum-factories";
import { codeOf, forumDeps, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, profiles } from "#server/db/schema";
import { previewPost } from "#server/modules/forum/preview-post";
import { changeUsername } from "./change-username";
import { removeAvatar } from "./remove-avatar";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";

/**
 * Account writes under pressure: one person's username changes sent at the same moment,
 * and the writes a company waiting for verification may not make. Runs on PGlite and, in the
 * data-pg project, on PostgreSQL with a pool of 20 connections: there the changes really run side by side.
 */
describe("account writes", () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("accepts one of 20 simultaneous username changes by someone who had not used the free change", async () => {
    const u = await createUser(database.db, { username: "racing_name" });
    const actor = testActor({ userId: u.id, email: u.email, username: u.username });
    const deps = { db: database.db };
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => codeOf(changeUsername(deps, actor, { username: `racer_${i}` }))));

    expect(codes.filter((c) => c === "no error")).toHaveLength(1);
    expect(codes.filter((c) => c === "accounts.username_too_soon")).toHaveLength(19);
    const winner = `racer_${codes.indexOf("no error")}`;
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, u.id));
    expect(row.username).toBe(winner);
    expect(row.usernameChangedAt).not.toBeNull();
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, u.id), eq(auditLog.action, "profile.username_changed")));
    expect(audits).toHaveLength(1);
    expect(audits[0].details).toEqual({ from: "racing_name", to: winner });
  });

  it("refuses a company waiting for verification its profile and username changes, and keeps both", async () => {
    const c = await createCompany(database.db, { username: "waiting_studio", bio: "Before", verified: false });
    const company = { slug: c.slug, companyName: "Studio", verified: false };
    const pending = testActor({ userId: c.id, email: c.email, username: c.username, profileRole: "company", company });
    const deps = { db: database.db };
    expect(await codeOf(updateProfile(deps, pending, { bio: "Changed while pending" }))).toBe("company.pending");
    expect(await codeOf(changeUsername(deps, pending, { username: "pending_rename" }))).toBe("company.pending");
    // The avatar too: refused before the image is even looked at.
    const storage = { put: async () => "/media/x", remove: async () => {}, keyOf: () => null } as never;
    expect(await codeOf(uploadAvatar({ db: database.db, storage }, pending, { bytes: new Uint8Array([1, 2, 3]) }))).toBe("company.pending");
    expect(await codeOf(removeAvatar({ db: database.db, storage }, pending, {}))).toBe("company.pending");
    const [row] = await database.db.select().from(profiles).where(eq(profiles.id, c.id));
    expect(row).toMatchObject({ username: "waiting_studio", bio: "Before", usernameChangedAt: null });

    // Once the team verifies it, the same writes go through.
    const verified = { ...pending, company: { ...company, verified: true } };
    expect(await codeOf(updateProfile(deps, verified, { bio: "After" }))).toBe("no error");
    expect(await codeOf(changeUsername(deps, verified, { username: "verified_studio" }))).toBe("no error");
  });

  it("refuses a banned member the Markdown preview with the posting refusal", async () => {
    const clock = testClock();
    const u = await createUser(database.db);
    const actor = testActor({ userId: u.id, email: u.email, username: u.username });
    const deps = forumDeps(database.db, clock);
    expect(await codeOf(previewPost(deps, actor, { body: "**hi**" }))).toBe("no error");
    await banUser(database.db, u.id, { reason: "Spam" });
    expect(await codeOf(previewPost(deps, actor, { body: "**hi**" }))).toBe("forum.banned");
  });
});
