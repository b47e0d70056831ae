import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "../../../tests/support/db";
import { ensureRoles } from "../../../tests/support/factories";
import { createCategory, createForum, createTag, createThreadWithPosts } from "../../../tests/support/forum-factories";
import { errorOf, forumDeps, member, testClock } from "../../../tests/support/forum-kit";
import type { DatabaseHandle } from "../../db/client";
import { loadSidePanel } from "../site/side-panel";
import { SettingsStore } from "../site/settings";
import type { Actor } from "../accounts/actor";
import type { ForumDeps } from "./deps";
import { excerpt, htmlToText } from "./excerpt";
import { getThread, type ThreadView } from "./get-thread";
import { latestThreads } from "./latest-threads";
import { listTags } from "./list-tags";
import { previewPost } from "./preview-post";
import { threadForm } from "./thread-form";

/** The reads the forum pages add: the side panel's latest threads, tags, the new-thread form, previews. */
describe("forum page reads", () => {
  let database: DatabaseHandle;
  let deps: ForumDeps;
  const clock = testClock();
  let alice: NonNullable<Actor>;
  let unverified: NonNullable<Actor>;
  const HOUR = 3600_000;

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    deps = forumDeps(db, clock);
    alice = await member(db, clock.now(), { username: "alice_reads" });
    unverified = await member(db, clock.now(), { emailVerified: false });
    const cat = await createCategory(db, {});
    const f = await createForum(db, { categoryId: cat.id, slug: "reads" });
    await createTag(db, { slug: "zeta", nameEs: "Zeta", nameEn: "Zeta" });
    await createTag(db, { slug: "alpha", nameEs: "Alfa", nameEn: "Alpha" });
    const t0 = Date.now() - 100 * HOUR;
    for (let i = 1; i <= 6; i++) await createThreadWithPosts(db, { forumId: f.id, authorId: alice.userId, title: `Thread number ${i}`, at: new Date(t0 + i * HOUR) });
    await createThreadWithPosts(db, { forumId: f.id, authorId: alice.userId, title: "Newest but hidden", hidden: true, at: new Date(t0 + 10 * HOUR) });
    await createThreadWithPosts(db, { forumId: f.id, authorId: alice.userId, title: "Described thread", body: "A **bold** start &amp; <b>more</b> " + "word ".repeat(60), at: new Date(t0) });
  });
  afterAll(() => database.close());

  it("latest threads: the 4 newest visible ones, with forum slug and author", async () => {
    const rows = await latestThreads(database.db, 4);
    expect(rows.map((r) => r.title)).toEqual(["Thread number 6", "Thread number 5", "Thread number 4", "Thread number 3"]);
    expect(rows[0]).toMatchObject({ slug: "thread-number-6", forumSlug: "reads", author: { username: "alice_reads", avatarUrl: null } });
    expect(typeof rows[0].createdAt).toBe("string");
  });

  it("the side panel lists them only while the forum is enabled", async () => {
    const settings = new SettingsStore(database.db, 0);
    expect((await loadSidePanel(settings, database.db)).threads).toEqual([]);
    await settings.write("forum_enabled", true, alice.userId);
    const panel = await loadSidePanel(settings, database.db);
    expect(panel.threads).toHaveLength(4);
    expect(panel.threads[0].title).toBe("Thread number 6");
    await settings.write("forum_enabled", false, alice.userId);
  });

  it("tags by slug; the thread form says why someone may not start a thread", async () => {
    expect((await listTags(deps)).map((t) => t.slug)).toEqual(["alpha", "zeta"]);
    const ok = await threadForm(deps, alice, { forumSlug: "reads" });
    expect(ok.refusal).toBeNull();
    expect(ok.forum.slug).toBe("reads");
    expect(ok.tags).toHaveLength(2);
    expect((await threadForm(deps, unverified, { forumSlug: "reads" })).refusal).toBe("auth.email_unverified");
    expect((await threadForm(deps, null, { forumSlug: "reads" })).refusal).toBe("auth.unauthenticated");
    expect((await errorOf(threadForm(deps, alice, { forumSlug: "nope" }))).code).toBe("not_found");
  });

  it("previews render Markdown for members only", async () => {
    expect(await previewPost(deps, alice, { body: "**hi**" })).toEqual({ html: expect.stringContaining("**hi**") as string });
    expect((await errorOf(previewPost(deps, null, { body: "x" }))).code).toBe("auth.unauthenticated");
    expect((await errorOf(previewPost(deps, alice, { body: "  " }))).code).toBe("input.invalid");
  });

  it("a thread's description is its opening post as plain text, about 155 characters", async () => {
    const view = (await getThread(deps, null, { forumSlug: "reads", threadSlug: "described-thread" })) as ThreadView;
    expect(view.thread.description.length).toBeLessThanOrEqual(155);
    expect(view.thread.description.endsWith("…")).toBe(true);
    // Markup is gone; what the person typed as text (raw HTML is escaped by the renderer) stays text.
    expect(view.thread.description.startsWith("A bold start & <b>more</b> word word")).toBe(true);
  });

  it("htmlToText and excerpt", () => {
    expect(htmlToText("<p>A <strong>b</strong> &amp; c&#39;s &lt;tag&gt;</p>\n<script>x()</script>")).toBe("A b & c's <tag>");
    expect(excerpt("short", 155)).toBe("short");
    expect(excerpt("alpha beta gamma delta", 20)).toBe("alpha beta gamma…");
  });
});
