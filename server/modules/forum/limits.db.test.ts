import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { codeOf, errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import { settingDefinitions } from "#server/modules/site/settings";
import { createThread } from "./create-thread";
import type { ForumDeps } from "./deps";
import { normalizeBody } from "./guards";
import { reply } from "./reply";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const defaults = settingDefinitions.forum_posting_limits.default;

describe("posting limits", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock(new Date(Date.now() + DAY));
  let threadId: string;
  const forumSlug = "limits";
  let n = 0;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = forumDeps(database.db, clock);
    const owner = await member(database.db, clock.now(), { username: "owner" });
    const cat = await createCategory(database.db);
    const forum = await createForum(database.db, { categoryId: cat.id, slug: forumSlug });
    threadId = (
      await createThreadWithPosts(database.db, {
        forumId: forum.id,
        authorId: owner.userId,
        title: "Where replies go",
        at: new Date(clock.now().getTime() - DAY),
      })
    ).id;
  });
  afterAll(() => database.close());

  const unique = () => `text number ${++n}`;
  const doReply = (actor: Actor, body = unique()) => reply(deps, actor, { threadId, body });
  const doThread = (actor: Actor, body = unique()) => createThread(deps, actor, { forumSlug, title: `Thread ${unique()}`, body });
  const fresh = (ageMs = 30 * DAY) => member(database.db, clock.now(), { ageMs });

  /** For each offset: a new person acts once, then tries again `offset` ms later. */
  async function secondAttempt(
    first: (a: Actor) => Promise<unknown>,
    second: (a: Actor) => Promise<unknown>,
    offsets: number[],
    ageMs?: number,
  ) {
    const codes = [];
    for (const offset of offsets) {
      const actor = await fresh(ageMs);
      await first(actor);
      clock.advance(offset);
      codes.push(await codeOf(second(actor)));
      clock.advance(DAY); // the next case starts far from this one
    }
    return codes;
  }

  it("uses the documented defaults", () => {
    expect(defaults).toEqual({
      postIntervalSeconds: 5,
      threadIntervalSeconds: 15,
      newUserHours: 24,
      newUserPostIntervalSeconds: 30,
      newUserThreadIntervalSeconds: 120,
      newUserMaxThreads: 3,
      newUserMaxReplies: 10,
      duplicateWindowSeconds: 300,
    });
  });

  it("5 s between posts", async () => {
    expect(await secondAttempt(doReply, doReply, [4_999, 5_000, 5_001])).toEqual(["forum.post_too_soon", "no error", "no error"]);
    const actor = await fresh();
    await doReply(actor);
    clock.advance(1_200);
    expect((await errorOf(doReply(actor))).details).toEqual({ seconds: 4, count: 4 });
  });

  it("15 s between threads", async () => {
    expect(await secondAttempt(doThread, doThread, [14_999, 15_000, 15_001])).toEqual(["forum.thread_too_soon", "no error", "no error"]);
  });

  it("30 s between posts and 120 s between threads during the first day", async () => {
    expect(await secondAttempt(doReply, doReply, [29_999, 30_000, 30_001], HOUR)).toEqual(["forum.post_too_soon", "no error", "no error"]);
    expect(await secondAttempt(doThread, doThread, [119_999, 120_000, 120_001], HOUR)).toEqual([
      "forum.thread_too_soon",
      "no error",
      "no error",
    ]);
  });

  it("the first day ends 24 h after registration", async () => {
    // Ages at the second attempt: one millisecond before 24 h, exactly 24 h, one after. Second post after 10 s.
    const codes = [];
    for (const age of [DAY - 1, DAY, DAY + 1]) codes.push(...(await secondAttempt(doReply, doReply, [10_000], age - 10_000)));
    expect(codes).toEqual(["forum.post_too_soon", "no error", "no error"]);
  });

  it("at most 3 threads and 10 replies during the first day", async () => {
    const newcomer = await fresh(HOUR);
    const threadCodes = [];
    for (let i = 0; i < 5; i++) {
      threadCodes.push(await codeOf(doThread(newcomer)));
      clock.advance(121_000);
    }
    expect(threadCodes).toEqual(["no error", "no error", "no error", "forum.new_user_thread_limit", "forum.new_user_thread_limit"]);
    expect((await errorOf(doThread(newcomer))).details).toEqual({ max: 3 });

    const replier = await fresh(HOUR);
    const replyCodes = [];
    for (let i = 0; i < 12; i++) {
      replyCodes.push(await codeOf(doReply(replier)));
      clock.advance(31_000);
    }
    expect(replyCodes.filter((c) => c === "no error")).toHaveLength(10);
    expect(replyCodes.slice(9)).toEqual(["no error", "forum.new_user_reply_limit", "forum.new_user_reply_limit"]);
    // The next day the limits are the usual ones.
    clock.advance(DAY);
    expect(await codeOf(doReply(replier))).toBe("no error");
    expect(await codeOf(doThread(newcomer))).toBe("no error");
  });

  it("the same text twice within 5 minutes is refused, however it is spaced or capitalized", async () => {
    expect(normalizeBody("  Hello \n\n  WORLD\t ")).toBe("hello world");
    const same = (a: Actor) => doReply(a, "Hello   World");
    const again = (a: Actor) => doReply(a, "  hello world\n");
    expect(await secondAttempt(same, again, [299_999, 300_000, 300_001])).toEqual(["forum.duplicate_post", "no error", "no error"]);
    // Also as a new thread's opening post, and a different text is fine.
    const actor = await fresh();
    await doReply(actor, "Copy and paste");
    clock.advance(60_000);
    expect(await codeOf(doThread(actor, "COPY and   paste"))).toBe("forum.duplicate_post");
    expect(await codeOf(doThread(actor, "Something new"))).toBe("no error");
  });

  it("follows the settings an admin changes, and does not apply to moderators", async () => {
    const mod = await member(database.db, clock.now(), { ageMs: HOUR, roles: ["Moderator"] });
    await doReply(mod, "same");
    expect(await codeOf(doReply(mod, "same"))).toBe("no error");
    await deps.settings.write("forum_posting_limits", { ...defaults, postIntervalSeconds: 0, duplicateWindowSeconds: 0 }, "test");
    try {
      const actor = await fresh();
      await doReply(actor, "again");
      expect(await codeOf(doReply(actor, "again"))).toBe("no error");
    } finally {
      await deps.settings.write("forum_posting_limits", defaults, "test");
    }
  });

  it("holds when one person posts many times at once", async () => {
    const actor = await fresh();
    const codes = await Promise.all(Array.from({ length: 6 }, () => codeOf(doReply(actor))));
    expect(codes.filter((c) => c === "no error")).toHaveLength(1);
    expect(codes.filter((c) => c === "forum.post_too_soon")).toHaveLength(5);
    clock.advance(DAY);
    const threads = await Promise.all(Array.from({ length: 4 }, () => codeOf(doThread(actor))));
    expect(threads.filter((c) => c === "no error")).toHaveLength(1);
  });
});
