import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, notifications, posts, threads } from "#server/db/schema";
import { createInProcessRealtime } from "#server/platform/realtime";
import type { DomainEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { createNotificationsService, type NotificationsService } from "#server/modules/notifications";
import { acceptAnswer } from "./accept-answer";
import { deletePost } from "./delete-post";
import type { ForumDeps } from "./deps";
import { getThread, type ThreadView } from "./get-thread";
import { hidePost, unhidePost } from "./hide-post";
import { reportPost } from "./report-post";
import { resolveReportHiding } from "./resolve-report-hiding";

/**
 * A hidden accepted answer still marked its thread solved. Hiding (or deleting) the accepted
 * answer takes the thread's resolved state away and tells the thread's author; publishing it again restores it.
 */
describe("the accepted answer out of sight", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  let notes: NotificationsService;
  const clock = testClock(new Date(Date.now() + 24 * 3600_000));
  let asker: NonNullable<Actor>;
  let helper: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let forum: { id: string; slug: string };
  const withdrawn: DomainEvents["answer.withdrawn"][] = [];

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    deps.events.subscribe("answer.withdrawn", (e) => void withdrawn.push(e));
    notes = createNotificationsService({
      db,
      events: deps.events,
      realtime: createInProcessRealtime(deps.log),
      now: clock.now,
      log: deps.log,
    });
    const now = clock.now();
    asker = await member(db, now, { username: "asker" });
    helper = await member(db, now, { username: "helper" });
    mod = await member(db, now, { username: "the_mod", roles: ["Moderator"] });
    const cat = await createCategory(db);
    forum = await createForum(db, { categoryId: cat.id, slug: "answers" });
  });
  afterAll(async () => {
    notes.stop();
    await database.close();
  });

  /** A question by the asker with two replies by the helper, the first one accepted. */
  async function solvedThread(slug: string) {
    const t = await createThreadWithPosts(database.db, {
      forumId: forum.id,
      authorId: asker.userId,
      slug,
      at: new Date(clock.now().getTime() - 3600_000),
      replies: [
        { authorId: helper.userId, body: "Here is the answer" },
        { authorId: helper.userId, body: "And another thought" },
      ],
    });
    await acceptAnswer(deps, asker, { postId: t.posts[1].id });
    return t;
  }
  const threadRow = async (id: string) => (await database.db.select().from(threads).where(eq(threads.id, id)))[0];
  const view = async (actor: Actor, slug: string) =>
    (await getThread(deps, actor, { forumSlug: forum.slug, threadSlug: slug })) as ThreadView;
  const askerNotes = (threadId: string) =>
    database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, asker.userId), eq(notifications.threadId, threadId), eq(notifications.type, "moderation")));

  it("hiding the accepted answer leaves the thread unresolved for everyone, and tells the thread's author", async () => {
    const t = await solvedThread("hide-the-answer");
    expect((await view(null, "hide-the-answer")).thread.resolved).toBe(true);

    expect(await hidePost(deps, mod, { postId: t.posts[1].id, reason: "Links to a key shop" })).toMatchObject({ changed: true });
    const row = await threadRow(t.id);
    expect(row.resolved).toBe(false);
    // The answer its author chose is remembered, to come back with the post.
    expect(row.acceptedPostId).toBe(t.posts[1].id);
    for (const who of [null, asker, mod]) {
      const v = await view(who, "hide-the-answer");
      expect(v.thread.resolved).toBe(false);
      expect(v.thread.acceptedPostId).toBeNull();
      expect(v.thread.acceptedAnswer).toBeNull();
      expect(v.posts.some((p) => p.accepted)).toBe(false);
      // A hidden reply cannot be accepted (or taken back) from the page.
      expect(v.posts[1].can.accept).toBe(false);
    }

    expect(withdrawn.at(-1)).toMatchObject({
      threadId: t.id,
      postId: t.posts[1].id,
      threadAuthorId: asker.userId,
      by: mod.userId,
      cause: "hidden",
    });
    const told = await askerNotes(t.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actorId: mod.userId, postId: t.posts[1].id, data: { action: "answer_hidden", kind: "post" } });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, t.posts[1].id), eq(auditLog.action, "forum.post.hide")));
    expect(audit.details).toMatchObject({ acceptedAnswer: "withdrawn", threadId: t.id });
  });

  it("publishing the accepted answer again marks the thread resolved again", async () => {
    const t = await solvedThread("publish-the-answer");
    await hidePost(deps, mod, { postId: t.posts[1].id });
    await unhidePost(deps, mod, { postId: t.posts[1].id });
    expect(await threadRow(t.id)).toMatchObject({ resolved: true, acceptedPostId: t.posts[1].id });
    const v = await view(null, "publish-the-answer");
    expect(v.thread.resolved).toBe(true);
    expect(v.thread.acceptedAnswer).toMatchObject({ id: t.posts[1].id, number: 2 });
    expect(v.posts.find((p) => p.id === t.posts[1].id)!.accepted).toBe(true);
  });

  it("an answer accepted in the meantime stays: publishing the old one does not take its place", async () => {
    const t = await solvedThread("another-answer");
    await hidePost(deps, mod, { postId: t.posts[1].id });
    await acceptAnswer(deps, asker, { postId: t.posts[2].id });
    await unhidePost(deps, mod, { postId: t.posts[1].id });
    expect(await threadRow(t.id)).toMatchObject({ resolved: true, acceptedPostId: t.posts[2].id });
  });

  it("hiding another reply leaves the thread resolved and tells no one about the answer", async () => {
    const t = await solvedThread("hide-another-reply");
    const before = withdrawn.length;
    await hidePost(deps, mod, { postId: t.posts[2].id });
    expect(await threadRow(t.id)).toMatchObject({ resolved: true, acceptedPostId: t.posts[1].id });
    expect(withdrawn.length).toBe(before);
    expect(await askerNotes(t.id)).toHaveLength(0);
  });

  it("resolving a report by hiding the accepted answer does the same", async () => {
    const t = await solvedThread("report-the-answer");
    const { reportId } = await reportPost(deps, asker, { postId: t.posts[1].id, reason: "This is spam, sorry" });
    expect(await resolveReportHiding(deps, mod, { reportId, reason: "Spam" })).toMatchObject({ hidden: "post" });
    expect(await threadRow(t.id)).toMatchObject({ resolved: false, acceptedPostId: t.posts[1].id });
    expect((await view(null, "report-the-answer")).thread.resolved).toBe(false);
    expect(await askerNotes(t.id)).toHaveLength(1);
  });

  it("deleting the accepted answer leaves the thread unresolved and tells the thread's author", async () => {
    const t = await solvedThread("delete-the-answer");
    await deletePost(deps, helper, { postId: t.posts[1].id });
    expect(await threadRow(t.id)).toMatchObject({ resolved: false, acceptedPostId: null });
    expect((await view(null, "delete-the-answer")).thread.resolved).toBe(false);
    expect(withdrawn.at(-1)).toMatchObject({ threadId: t.id, postId: t.posts[1].id, by: helper.userId, cause: "deleted" });
    const told = await askerNotes(t.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actorId: helper.userId, data: { action: "answer_deleted", kind: "post" } });
  });

  it("migration 0009 takes the resolved state from threads whose accepted answer was hidden before the rule", async () => {
    const stale = await solvedThread("hidden-before-the-rule");
    const fine = await solvedThread("answer-in-sight");
    // The state the old hidePost left behind: the answer hidden, the thread still resolved.
    await database.db.update(posts).set({ hidden: true }).where(eq(posts.id, stale.posts[1].id));
    await database.db.execute(sql.raw(readFileSync("server/db/migrations/0009_accepted_answer_hidden.sql", "utf8")));
    expect(await threadRow(stale.id)).toMatchObject({ resolved: false, acceptedPostId: stale.posts[1].id });
    expect(await threadRow(fine.id)).toMatchObject({ resolved: true, acceptedPostId: fine.posts[1].id });
    await unhidePost(deps, mod, { postId: stale.posts[1].id });
    expect(await threadRow(stale.id)).toMatchObject({ resolved: true });
  });
});
