import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import {
  banUser as banRow,
  createCategory as categoryRow,
  createForum as forumRow,
  createTag as tagRow,
  createThreadWithPosts,
} from "#server/db/forum-factories";
import { codeOf, errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, forumCategories, forums, forumTags, posts, reports, threads, threadTags } from "#server/db/schema";
import type { DomainEvent } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { listAudit } from "#server/modules/admin/list-audit";
import { SettingsStore, settingDefinitions } from "#server/modules/site/settings";
import { updateSetting } from "#server/modules/site/update-setting";
import type { ForumDeps } from "./deps";
import { forumOverview } from "./forum-overview";
import { listContent } from "./list-content";
import { listMembers } from "./list-members";
import { createCategory, deleteCategory, moveCategory, updateCategory } from "./manage-categories";
import { createForum, deleteForum, moveForum, updateForum } from "./manage-forums";
import { createTag, deleteTag, updateTag } from "./manage-tags";
import { reportPost } from "./report-post";
import { resolveReportHiding } from "./resolve-report-hiding";

/**
 * The forum admin's operations (forum admin tabs) on PGlite and, as `data-pg`, on PostgreSQL: the
 * forum's structure (Admins), the overview, the users list, resolving a report by hiding the post, and the
 * posting limits written through the settings path, all audited.
 */
describe("forum admin operations", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let alice: NonNullable<Actor>;
  let bob: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  const hiddenEvents: DomainEvent[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = forumDeps(database.db, clock);
    deps.events.subscribe("content.hidden", (payload) => void hiddenEvents.push({ name: "content.hidden", payload }));
    const now = clock.now();
    alice = await member(database.db, now, { username: "alice_admin_test" });
    bob = await member(database.db, now, { username: "bob_admin_test" });
    mod = await member(database.db, now, { username: "forum_mod", roles: ["Moderator"] });
    admin = await member(database.db, now, { username: "forum_admin", roles: ["Admin"] });
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const auditOf = (targetId: string) => db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(asc(auditLog.id));
  const fieldErrorsOf = async (p: Promise<unknown>) => ((await errorOf(p)).details as { fieldErrors: Record<string, string> }).fieldErrors;
  const section = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    titleEs: `Título ${slug}`,
    titleEn: `Title ${slug}`,
    descriptionEs: "Descripción",
    descriptionEn: "Description",
    ...extra,
  });

  it("refuses the structure to visitors, members and Moderators, and the team's tabs to visitors and members", async () => {
    const cat = await categoryRow(db());
    const f = await forumRow(db(), { categoryId: cat.id });
    const tag = await tagRow(db());
    const contentOps = [
      (a: Actor) => listContent(deps, a),
      (a: Actor) => createCategory(deps, a, section("refused-category")),
      (a: Actor) => updateCategory(deps, a, { categoryId: cat.id, ...section("refused-category") }),
      (a: Actor) => moveCategory(deps, a, { categoryId: cat.id, direction: "up" }),
      (a: Actor) => deleteCategory(deps, a, { categoryId: cat.id }),
      (a: Actor) => createForum(deps, a, { categoryId: cat.id, ...section("refused-forum") }),
      (a: Actor) => updateForum(deps, a, { forumId: f.id, categoryId: cat.id, ...section("refused-forum") }),
      (a: Actor) => moveForum(deps, a, { forumId: f.id, direction: "up" }),
      (a: Actor) => deleteForum(deps, a, { forumId: f.id }),
      (a: Actor) => createTag(deps, a, { slug: "refused-tag", nameEs: "No", nameEn: "No" }),
      (a: Actor) => updateTag(deps, a, { tagId: tag.id, nameEs: "No", nameEn: "No" }),
      (a: Actor) => deleteTag(deps, a, { tagId: tag.id }),
    ];
    for (const op of contentOps) {
      expect(await codeOf(op(null))).toBe("auth.unauthenticated");
      expect(await codeOf(op(alice))).toBe("auth.forbidden");
      expect(await codeOf(op(mod))).toBe("auth.forbidden");
    }
    const teamOps = [
      (a: Actor) => forumOverview(deps, a),
      (a: Actor) => listMembers(deps, a, {}),
      (a: Actor) => resolveReportHiding(deps, a, { reportId: "none" }),
    ];
    for (const op of teamOps) {
      expect(await codeOf(op(null))).toBe("auth.unauthenticated");
      expect(await codeOf(op(alice))).toBe("auth.forbidden");
    }
    const settings = new SettingsStore(db(), 0);
    expect(
      await codeOf(
        updateSetting({ settings }, mod, { key: "forum_posting_limits", value: settingDefinitions.forum_posting_limits.default }),
      ),
    ).toBe("auth.forbidden");
    expect(await db().select().from(forumCategories).where(eq(forumCategories.slug, "refused-category"))).toHaveLength(0);
    expect(await db().select().from(forumTags).where(eq(forumTags.id, tag.id))).toHaveLength(1);
    expect(await auditOf(cat.id)).toHaveLength(0);
  });

  describe("categories", () => {
    it("creates one last in the order, edits it (audited with before and after) and refuses bad or taken slugs", async () => {
      const first = await createCategory(deps, admin, section("first-cat"));
      const second = await createCategory(deps, admin, section("Second-Cat ", { descriptionEs: undefined, descriptionEn: null }));
      expect(second.slug).toBe("second-cat");
      const rows = await db()
        .select()
        .from(forumCategories)
        .where(inArray(forumCategories.id, [first.categoryId, second.categoryId]));
      const pos = (id: string) => rows.find((r) => r.id === id)!.position;
      expect(pos(second.categoryId)).toBe(pos(first.categoryId) + 1);
      expect(rows.find((r) => r.id === second.categoryId)).toMatchObject({ descriptionEs: "", descriptionEn: "" });

      expect(await codeOf(createCategory(deps, admin, section("first-cat")))).toBe("forum.slug_taken");
      expect(await fieldErrorsOf(createCategory(deps, admin, section("no spaces allowed")))).toEqual({ slug: "errors:forum.slug_invalid" });
      expect(
        await fieldErrorsOf(
          createCategory(deps, admin, section("ok-slug", { titleEs: "x", titleEn: "y".repeat(81), descriptionEn: "z".repeat(501) })),
        ),
      ).toEqual({
        titleEs: "errors:forum.content_title_length",
        titleEn: "errors:forum.content_title_length",
        descriptionEn: "errors:forum.content_description_length",
      });

      expect(await updateCategory(deps, admin, { categoryId: first.categoryId, ...section("first-cat", { titleEn: "Renamed" }) })).toEqual({
        categoryId: first.categoryId,
        changed: true,
      });
      expect(await updateCategory(deps, admin, { categoryId: first.categoryId, ...section("first-cat", { titleEn: "Renamed" }) })).toEqual({
        categoryId: first.categoryId,
        changed: false,
      });
      expect(await codeOf(updateCategory(deps, admin, { categoryId: first.categoryId, ...section("second-cat") }))).toBe(
        "forum.slug_taken",
      );
      expect(await codeOf(updateCategory(deps, admin, { categoryId: "missing", ...section("missing") }))).toBe("not_found");
      const audit = await auditOf(first.categoryId);
      expect(audit.map((a) => [a.action, a.actorId, a.targetType, a.targetName])).toEqual([
        ["forum.category.create", admin.userId, "category", "first-cat"],
        ["forum.category.update", admin.userId, "category", "first-cat"],
      ]);
      expect(audit[1].details).toEqual({ before: { titleEn: "Title first-cat" }, after: { titleEn: "Renamed" } });
    });

    it("moves up and down, renumbering the order; at either end nothing changes", async () => {
      await db()
        .delete(forumCategories)
        .where(inArray(forumCategories.slug, ["first-cat", "second-cat"]));
      const ids: string[] = [];
      for (const s of ["order-a", "order-b", "order-c"]) ids.push((await createCategory(deps, admin, section(s))).categoryId);
      const order = async () => (await listContent(deps, admin)).categories.map((c) => c.slug).filter((s) => s.startsWith("order-"));
      expect(await moveCategory(deps, admin, { categoryId: ids[2], direction: "up" })).toMatchObject({ changed: true });
      expect(await order()).toEqual(["order-a", "order-c", "order-b"]);
      await moveCategory(deps, admin, { categoryId: ids[2], direction: "up" });
      expect(await order()).toEqual(["order-c", "order-a", "order-b"]);
      // Every category (the earlier tests' too) now has its own place, 0…n-1.
      const positions = (
        await db().select({ p: forumCategories.position }).from(forumCategories).orderBy(asc(forumCategories.position))
      ).map((r) => r.p);
      expect(positions).toEqual(positions.map((_, i) => i));
      const last = (await listContent(deps, admin)).categories.at(-1)!;
      expect(await moveCategory(deps, admin, { categoryId: last.id, direction: "down" })).toMatchObject({ changed: false });
      expect(await codeOf(moveCategory(deps, admin, { categoryId: ids[0], direction: "sideways" }))).toBe("input.invalid");
      expect((await auditOf(ids[2])).filter((a) => a.action === "forum.category.move").map((a) => a.details)).toEqual([
        { direction: "up", from: expect.any(Number), to: expect.any(Number) },
        { direction: "up", from: expect.any(Number), to: expect.any(Number) },
      ]);
    });

    it("deletes an empty category only; one with forums is a clear error", async () => {
      const full = await createCategory(deps, admin, section("full-cat"));
      await createForum(deps, admin, { categoryId: full.categoryId, ...section("in-full-cat") });
      const e = await errorOf(deleteCategory(deps, admin, { categoryId: full.categoryId }));
      expect([e.code, e.details]).toEqual(["forum.category_not_empty", { count: 1 }]);
      const empty = await createCategory(deps, admin, section("empty-cat"));
      expect(await deleteCategory(deps, admin, { categoryId: empty.categoryId })).toEqual({ categoryId: empty.categoryId });
      expect(await db().select().from(forumCategories).where(eq(forumCategories.id, empty.categoryId))).toHaveLength(0);
      expect((await auditOf(empty.categoryId)).map((a) => a.action)).toEqual(["forum.category.create", "forum.category.delete"]);
      expect(await codeOf(deleteCategory(deps, admin, { categoryId: empty.categoryId }))).toBe("not_found");
    });
  });

  describe("forums", () => {
    it("creates, edits (also into another category, where it goes last), moves and deletes only when empty", async () => {
      const home = await createCategory(deps, admin, section("forums-home"));
      const away = await createCategory(deps, admin, section("forums-away"));
      expect(await codeOf(createForum(deps, admin, { categoryId: "missing", ...section("lost-forum") }))).toBe("not_found");
      const a = await createForum(deps, admin, { categoryId: home.categoryId, ...section("forum-one") });
      const b = await createForum(deps, admin, { categoryId: home.categoryId, ...section("forum-two") });
      await createForum(deps, admin, { categoryId: away.categoryId, ...section("forum-away") });
      expect(await codeOf(createForum(deps, admin, { categoryId: away.categoryId, ...section("forum-one") }))).toBe("forum.slug_taken");
      const inCategory = async (categoryId: string) =>
        (await listContent(deps, admin)).categories.find((c) => c.id === categoryId)!.forums.map((f) => f.slug);
      expect(await inCategory(home.categoryId)).toEqual(["forum-one", "forum-two"]);

      expect(await moveForum(deps, admin, { forumId: b.forumId, direction: "up" })).toMatchObject({ changed: true });
      expect(await inCategory(home.categoryId)).toEqual(["forum-two", "forum-one"]);
      expect(await moveForum(deps, admin, { forumId: b.forumId, direction: "up" })).toMatchObject({ changed: false });

      expect(
        await updateForum(deps, admin, {
          forumId: a.forumId,
          categoryId: away.categoryId,
          ...section("forum-one-moved", { titleEs: "Movido" }),
        }),
      ).toMatchObject({ changed: true, slug: "forum-one-moved" });
      expect(await inCategory(away.categoryId)).toEqual(["forum-away", "forum-one-moved"]);
      expect(await codeOf(updateForum(deps, admin, { forumId: a.forumId, categoryId: away.categoryId, ...section("forum-away") }))).toBe(
        "forum.slug_taken",
      );
      expect(await codeOf(updateForum(deps, admin, { forumId: a.forumId, categoryId: "missing", ...section("forum-one-moved") }))).toBe(
        "not_found",
      );
      const [update] = (await auditOf(a.forumId)).filter((r) => r.action === "forum.forum.update");
      expect(update.details).toEqual({
        before: { categoryId: home.categoryId, slug: "forum-one", titleEs: "Título forum-one", titleEn: "Title forum-one" },
        after: { categoryId: away.categoryId, slug: "forum-one-moved", titleEs: "Movido", titleEn: "Title forum-one-moved" },
      });

      // A hidden thread keeps a forum from being deleted too.
      await createThreadWithPosts(db(), { forumId: b.forumId, authorId: alice.userId, hidden: true });
      const e = await errorOf(deleteForum(deps, admin, { forumId: b.forumId }));
      expect([e.code, e.details]).toEqual(["forum.forum_not_empty", { count: 1 }]);
      expect((await listContent(deps, admin)).categories.find((c) => c.id === home.categoryId)!.forums[0]).toMatchObject({
        slug: "forum-two",
        threads: 1,
      });
      expect(await deleteForum(deps, admin, { forumId: a.forumId })).toEqual({ forumId: a.forumId });
      expect((await auditOf(a.forumId)).map((r) => r.action)).toEqual(["forum.forum.create", "forum.forum.update", "forum.forum.delete"]);
    });
  });

  describe("tags", () => {
    it("creates, renames in both languages, and deletes a tag, which leaves the threads that had it", async () => {
      const cat = await categoryRow(db());
      const f = await forumRow(db(), { categoryId: cat.id });
      const tag = await createTag(deps, admin, { slug: "roguelike", nameEs: "Roguelike", nameEn: "Roguelike" });
      expect(await codeOf(createTag(deps, admin, { slug: "roguelike", nameEs: "Otro", nameEn: "Other" }))).toBe("forum.slug_taken");
      expect(await fieldErrorsOf(createTag(deps, admin, { slug: "x", nameEs: "", nameEn: "n".repeat(41) }))).toEqual({
        slug: "errors:forum.slug_invalid",
        nameEs: "errors:forum.tag_name_length",
        nameEn: "errors:forum.tag_name_length",
      });
      expect(await updateTag(deps, admin, { tagId: tag.tagId, nameEs: "Roguelikes", nameEn: "Roguelikes" })).toEqual({
        tagId: tag.tagId,
        changed: true,
      });
      expect(await updateTag(deps, admin, { tagId: tag.tagId, nameEs: "Roguelikes", nameEn: "Roguelikes" })).toEqual({
        tagId: tag.tagId,
        changed: false,
      });
      const t = await createThreadWithPosts(db(), { forumId: f.id, authorId: alice.userId, tags: ["roguelike"] });
      expect((await listContent(deps, admin)).tags.find((x) => x.id === tag.tagId)).toMatchObject({ nameEs: "Roguelikes", threads: 1 });
      expect(await deleteTag(deps, admin, { tagId: tag.tagId })).toEqual({ tagId: tag.tagId, threads: 1 });
      expect(await db().select().from(threadTags).where(eq(threadTags.threadId, t.id))).toHaveLength(0);
      expect(await db().select().from(threads).where(eq(threads.id, t.id))).toHaveLength(1);
      const audit = await auditOf(tag.tagId);
      expect(audit.map((a) => a.action)).toEqual(["forum.tag.create", "forum.tag.update", "forum.tag.delete"]);
      expect(audit[2].details).toEqual({ nameEs: "Roguelikes", nameEn: "Roguelikes", threads: 1 });
    });
  });

  describe("at once", () => {
    it("gives a slug to one of many requests creating it at the same moment; the others get forum.slug_taken", async () => {
      const home = await createCategory(deps, admin, section("race-home"));
      const attempts = 8;
      const settle = (ps: Promise<unknown>[]) => Promise.all(ps.map((p) => codeOf(p)));
      const categoryCodes = await settle(Array.from({ length: attempts }, () => createCategory(deps, admin, section("race-category"))));
      const forumCodes = await settle(
        Array.from({ length: attempts }, () => createForum(deps, admin, { categoryId: home.categoryId, ...section("race-forum") })),
      );
      const tagCodes = await settle(
        Array.from({ length: attempts }, () => createTag(deps, admin, { slug: "race-tag", nameEs: "Carrera", nameEn: "Race" })),
      );
      for (const codes of [categoryCodes, forumCodes, tagCodes]) {
        expect(codes.filter((c) => c === "no error")).toHaveLength(1);
        expect(codes.filter((c) => c === "forum.slug_taken")).toHaveLength(attempts - 1);
      }
      expect(await db().select().from(forumCategories).where(eq(forumCategories.slug, "race-category"))).toHaveLength(1);
      expect(await db().select().from(forums).where(eq(forums.slug, "race-forum"))).toHaveLength(1);
      expect(await db().select().from(forumTags).where(eq(forumTags.slug, "race-tag"))).toHaveLength(1);
      // One audit row per slug that was really created.
      expect(
        await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "forum.forum.create"), eq(auditLog.targetName, "race-forum"))),
      ).toHaveLength(1);
    });

    it("keeps a category's order a clean 0…n-1 when moves arrive together", async () => {
      const home = await createCategory(deps, admin, section("moves-home"));
      const ids: string[] = [];
      for (let i = 0; i < 5; i++)
        ids.push((await createForum(deps, admin, { categoryId: home.categoryId, ...section(`moves-${i}`) })).forumId);
      // Several rounds: each sees the positions the one before left (a lock order that followed them deadlocked).
      for (let round = 0; round < 3; round++) {
        await Promise.all([
          ...ids.map((forumId) => moveForum(deps, admin, { forumId, direction: "up" })),
          ...ids.map((forumId) => moveForum(deps, admin, { forumId, direction: "down" })),
        ]);
      }
      const rows = await db()
        .select({ id: forums.id, position: forums.position })
        .from(forums)
        .where(eq(forums.categoryId, home.categoryId));
      expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4]);
      expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    });

    it("keeps the categories' order a clean 0…n-1 when moves arrive together", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await createCategory(deps, admin, section(`cat-moves-${i}`))).categoryId);
      for (let round = 0; round < 3; round++) {
        await Promise.all([
          ...ids.map((categoryId) => moveCategory(deps, admin, { categoryId, direction: "up" })),
          ...ids.map((categoryId) => moveCategory(deps, admin, { categoryId, direction: "down" })),
        ]);
      }
      const positions = (await db().select({ position: forumCategories.position }).from(forumCategories))
        .map((r) => r.position)
        .sort((a, b) => a - b);
      expect(positions).toEqual(positions.map((_, i) => i));
    });

    it("lets only one of two moderators resolve the same report", async () => {
      const cat = await categoryRow(db());
      const f = await forumRow(db(), { categoryId: cat.id });
      const t = await createThreadWithPosts(db(), {
        forumId: f.id,
        authorId: alice.userId,
        replies: [{ authorId: bob.userId, body: "Rude words" }],
      });
      const { reportId } = await reportPost(deps, alice, { postId: t.posts[1].id, reason: "Rude to me" });
      const codes = await Promise.all(
        [resolveReportHiding(deps, mod, { reportId }), resolveReportHiding(deps, admin, { reportId })].map((p) => codeOf(p)),
      );
      expect(codes.sort()).toEqual(["forum.report_closed", "no error"]);
      expect((await auditOf(t.posts[1].id)).map((a) => a.action)).toEqual(["forum.post.hide"]);
    });
  });

  describe("resolving a report by hiding the post", () => {
    it("hides a reply, resolves the post's other open reports, audits both steps and tells the author", async () => {
      const cat = await categoryRow(db());
      const f = await forumRow(db(), { categoryId: cat.id });
      const t = await createThreadWithPosts(db(), {
        forumId: f.id,
        authorId: alice.userId,
        title: "Thread with a rude reply",
        replies: [{ authorId: bob.userId, body: "Rude words" }],
      });
      const reply = t.posts[1].id;
      const first = await reportPost(deps, alice, { postId: reply, reason: "Insults in reply" });
      const second = await reportPost(deps, mod, { postId: reply, reason: "Also saw this" });
      hiddenEvents.length = 0;
      const result = await resolveReportHiding(deps, mod, { reportId: first.reportId, reason: "Insults" });
      expect(result).toEqual({ reportId: first.reportId, hidden: "post", alsoResolved: [second.reportId] });
      expect((await db().select().from(posts).where(eq(posts.id, reply)))[0].hidden).toBe(true);
      expect(
        (
          await db()
            .select()
            .from(reports)
            .where(inArray(reports.id, [first.reportId, second.reportId]))
        ).map((r) => [r.status, r.handledBy]),
      ).toEqual([
        ["resolved", mod.userId],
        ["resolved", mod.userId],
      ]);
      expect(hiddenEvents.map((e) => e.payload)).toEqual([
        { kind: "post", id: reply, threadId: t.id, authorId: bob.userId, by: mod.userId, reason: "Insults", at: clock.now() },
      ]);
      expect((await auditOf(reply)).map((a) => [a.action, a.reason, a.targetName])).toEqual([
        ["forum.post.hide", "Insults", "Thread with a rude reply #2"],
      ]);
      const [resolved] = await auditOf(first.reportId);
      expect(resolved).toMatchObject({
        action: "forum.report.resolve",
        actorId: mod.userId,
        reason: "Insults",
        details: { postId: reply, hidden: "post", alsoResolved: [second.reportId] },
      });
      expect(await codeOf(resolveReportHiding(deps, mod, { reportId: first.reportId }))).toBe("forum.report_closed");
      expect(await codeOf(resolveReportHiding(deps, mod, { reportId: "missing" }))).toBe("not_found");
    });

    it("hides the whole thread for a reported opening post, and only resolves for a deleted one", async () => {
      const cat = await categoryRow(db());
      const f = await forumRow(db(), { categoryId: cat.id });
      const t = await createThreadWithPosts(db(), {
        forumId: f.id,
        authorId: bob.userId,
        title: "Spam thread here",
        replies: [{ authorId: bob.userId, body: "more spam" }],
      });
      const { reportId } = await reportPost(deps, alice, { postId: t.posts[0].id, reason: "Spam thread" });
      const other = await reportPost(deps, alice, { postId: t.posts[1].id, reason: "Spam reply too" });
      expect(await resolveReportHiding(deps, admin, { reportId })).toMatchObject({ hidden: "thread" });
      expect((await db().select().from(threads).where(eq(threads.id, t.id)))[0].hidden).toBe(true);
      expect((await auditOf(t.id)).map((a) => a.action)).toEqual(["forum.thread.hide"]);

      await db().update(posts).set({ deletedAt: clock.now() }).where(eq(posts.id, t.posts[1].id));
      expect(await resolveReportHiding(deps, admin, { reportId: other.reportId })).toMatchObject({ hidden: null });
      expect((await db().select().from(posts).where(eq(posts.id, t.posts[1].id)))[0].hidden).toBe(false);
    });
  });

  describe("users", () => {
    it("finds members by username or email, the exact username first, with roles and the ban in force", async () => {
      const lookalike = await member(db(), clock.now(), { username: "troll_king_fan" });
      const troll = await member(db(), clock.now(), { username: "troll_king" });
      await banRow(db(), troll.userId, { reason: "Flooding", until: new Date(clock.now().getTime() + 86_400_000) });
      await banRow(db(), lookalike.userId, { reason: "Old ban", liftedAt: clock.now() });
      const found = await listMembers(deps, mod, { q: "troll_king" });
      expect(found.items.map((m) => m.username)).toEqual(["troll_king", "troll_king_fan"]);
      expect(found.items[0]).toMatchObject({ ban: { reason: "Flooding" }, canBan: true, roles: [] });
      expect(found.items[1].ban).toBeNull();
      expect((await listMembers(deps, mod, { q: troll.email.toUpperCase() })).items.map((m) => m.id)).toEqual([troll.userId]);
      // The team and oneself cannot be banned from here (banUser refuses them too).
      const team = await listMembers(deps, mod, { q: "forum_" });
      expect(team.items.map((m) => [m.username, m.roles, m.canBan])).toEqual([
        ["forum_admin", ["Admin"], false],
        ["forum_mod", ["Moderator"], false],
      ]);
      const banned = await listMembers(deps, mod, { banned: "1" });
      expect(banned.items.map((m) => m.username)).toContain("troll_king");
      expect(banned.items.every((m) => m.ban !== null)).toBe(true);
      expect((await listMembers(deps, mod, { q: "%" })).total).toBe(0);
      expect((await listMembers(deps, mod, { page: "9999" })).items).toEqual([]);
    });
  });

  describe("overview", () => {
    it("counts threads, posts, open reports, hidden content, bans in force and recent posters, with 30 days of activity", async () => {
      const before = await forumOverview(deps, mod);
      const cat = await categoryRow(db());
      const f = await forumRow(db(), { categoryId: cat.id });
      const newcomer = await member(db(), clock.now(), { username: "overview_newcomer" });
      const t = await createThreadWithPosts(db(), {
        forumId: f.id,
        authorId: newcomer.userId,
        at: clock.now(),
        replies: [{ authorId: newcomer.userId, body: "again", at: clock.now() }],
      });
      await createThreadWithPosts(db(), {
        forumId: f.id,
        authorId: alice.userId,
        at: new Date(clock.now().getTime() - 40 * 86_400_000),
        hidden: true,
      });
      await reportPost(deps, alice, { postId: t.posts[1].id, reason: "Needs a look" });
      await banRow(db(), newcomer.userId, { reason: "Cooling off" });
      const after = await forumOverview(deps, mod);
      expect(after.counts).toEqual({
        threads: before.counts.threads + 2,
        posts: before.counts.posts + 3,
        openReports: before.counts.openReports + 1,
        hiddenItems: before.counts.hiddenItems + 1,
        activeBans: before.counts.activeBans + 1,
        activeMembers: before.counts.activeMembers + 1,
      });
      expect(after.activity).toHaveLength(30);
      const today = clock.now().toISOString().slice(0, 10);
      expect(after.activity.at(-1)!.day).toBe(today);
      const todayBefore = before.activity.at(-1)!;
      expect(after.activity.at(-1)).toEqual({ day: today, threads: todayBefore.threads + 1, posts: todayBefore.posts + 2 });
    });
  });

  describe("posting limits through the settings path", () => {
    const limits = settingDefinitions.forum_posting_limits.default;

    it("writes them for an Admin, audited with the old and the new values; an unchanged save records nothing", async () => {
      const settings = new SettingsStore(db(), 0);
      const changed = { ...limits, postIntervalSeconds: 10, newUserMaxThreads: 2 };
      expect(await updateSetting({ settings }, admin, { key: "forum_posting_limits", value: changed })).toEqual({
        key: "forum_posting_limits",
        value: changed,
        changed: true,
      });
      expect(await settings.get("forum_posting_limits")).toEqual(changed);
      expect(await updateSetting({ settings }, admin, { key: "forum_posting_limits", value: changed })).toMatchObject({ changed: false });
      const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, "forum_posting_limits"));
      expect(rows.map((r) => [r.action, r.actorId, r.targetType, r.details])).toEqual([
        ["forum.setting.update", admin.userId, "setting", { before: limits, after: changed }],
      ]);
      await updateSetting({ settings }, admin, { key: "forum_posting_limits", value: limits });
    });

    it("accepts whole numbers from 0 to each maximum only, naming the wrong field", async () => {
      const settings = new SettingsStore(db(), 0);
      const wrong = {
        ...limits,
        postIntervalSeconds: -1,
        threadIntervalSeconds: 1.5,
        newUserMaxReplies: 1001,
        duplicateWindowSeconds: "300",
      };
      expect(await fieldErrorsOf(updateSetting({ settings }, admin, { key: "forum_posting_limits", value: wrong }))).toEqual({
        postIntervalSeconds: "errors:forum.limit_range",
        threadIntervalSeconds: "errors:forum.limit_range",
        newUserMaxReplies: "errors:forum.limit_range",
        duplicateWindowSeconds: "errors:forum.limit_range",
      });
      const { newUserHours: _gone, ...missing } = limits;
      expect(await fieldErrorsOf(updateSetting({ settings }, admin, { key: "forum_posting_limits", value: missing }))).toEqual({
        newUserHours: "errors:forum.limit_range",
      });
      expect(
        await updateSetting({ settings }, admin, {
          key: "forum_posting_limits",
          value: { ...limits, newUserHours: 720, postIntervalSeconds: 0 },
        }),
      ).toMatchObject({ changed: true });
      await updateSetting({ settings }, admin, { key: "forum_posting_limits", value: limits });
    });
  });

  describe("audit log filters", () => {
    it("filters by a family of actions, a target type, an actor and a range of days", async () => {
      const forumOnly = await listAudit({ db: db() }, mod, { action: "forum." });
      expect(forumOnly.total).toBeGreaterThan(10);
      expect(forumOnly.items.every((r) => r.action.startsWith("forum."))).toBe(true);
      expect(forumOnly.actionFamilies).toContain("forum.");
      expect(forumOnly.targetTypes).toEqual(expect.arrayContaining(["category", "forum", "tag", "post", "report", "setting"]));
      const tags = await listAudit({ db: db() }, mod, { action: "forum.", targetType: "tag", actor: "forum_adm" });
      expect(tags.items.map((r) => r.action).sort()).toEqual([
        "forum.tag.create",
        "forum.tag.create",
        "forum.tag.delete",
        "forum.tag.update",
      ]);
      expect((await listAudit({ db: db() }, mod, { action: "forum.tag.update" })).total).toBe(1);
      // Audit rows are dated by the database clock (now), not the test's clock.
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      expect((await listAudit({ db: db() }, mod, { action: "forum.", from: today, to: today })).total).toBe(forumOnly.total);
      expect((await listAudit({ db: db() }, mod, { action: "forum.", to: yesterday })).total).toBe(0);
      const loose = await listAudit({ db: db() }, mod, { action: "forum.", from: "2026-02-31", to: "not a day" });
      expect([loose.total, loose.filters.from, loose.filters.to]).toEqual([forumOnly.total, "", ""]);
      expect(forumOnly.total).toBe((await db().select().from(auditLog)).filter((r) => r.action.startsWith("forum.")).length);
    });
  });
});
