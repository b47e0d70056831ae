import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, posts, reports, threadFollows, threads, userFollows, users } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";

/**
 * The thread page's interactions (likes, follows, reports, accepted answers, moderation) and following people
 * on their profile, driven as a browser without JavaScript would: form posts to the page actions, then the
 * page they come back to. Each intent is refused for the wrong person and works for the right one.
 */
let t: TestApp;
let ip = 0;
const PW = "forum-interactions-pass-1";
const DAY = 24 * 3600_000;

type Person = { id: string; username: string; cookie: string };
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `198.51.101.${++ip % 250}` } });
const html = async (path: string, cookie?: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return mainOf(await res.text());
};
function post(path: string, fields: Record<string, string>, cookie?: string) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": `198.51.101.${++ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
}
/** The page's main column only (the page also carries its translations as data). */
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
/** One post of a thread page, from its anchor to the next post. */
const postOf = (page: string, n: number) => {
  const start = page.indexOf(`id="post-${n}"`);
  expect(start, `post ${n} on the page`).toBeGreaterThan(-1);
  const next = page.slice(start + 10).search(/id="post-\d/);
  return page.slice(start, next === -1 ? undefined : start + 10 + next);
};
/** The opening tag of the button whose text ends with `label` (its attributes: aria-pressed, value…); the word may sit in a span. */
const buttonTag = (fragment: string, label: string) => {
  const found = new RegExp(`${label}(</span>)?</button>`).exec(fragment);
  if (!found) return null;
  const at = found.index;
  return fragment.slice(fragment.lastIndexOf("<button", at), fragment.indexOf(">", fragment.lastIndexOf("<button", at)) + 1);
};
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

let author: Person;
let member: Person;
let other: Person;
let moderator: Person;
let unverified: Person;
/** Wrote nothing in the thread (authors follow their threads from the start). */
let reader: Person;
let thread: { id: string; slug: string; posts: { id: string; number: number }[] };
let long: { id: string; slug: string; posts: { id: string; number: number }[] };
let path = "";

/** A member whose account is older than the first-day posting limits. */
async function veteran(spec: { roles?: string[]; emailVerified?: boolean } = {}): Promise<Person> {
  const u = await createUser(t.services.db, { password: PW, ...spec });
  await t.services.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * DAY) })
    .where(eq(users.id, u.id));
  return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  author = await veteran();
  member = await veteran();
  other = await veteran();
  moderator = await veteran({ roles: ["Moderator"] });
  unverified = await veteran({ emailVerified: false });
  reader = await veteran();

  const cat = await createCategory(db, { slug: "hacer", titleEn: "Making games", titleEs: "Hacer juegos" });
  const f = await createForum(db, { categoryId: cat.id, slug: "motores", titleEn: "Engines", titleEs: "Motores" });
  await createForum(db, { categoryId: cat.id, slug: "charla", titleEn: "Chat", titleEs: "Charla", position: 1 });
  const start = Date.now() - 5 * DAY;
  thread = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: author.id,
    title: "Which engine for a tiny roguelike",
    at: new Date(start),
    body: "I want **fast** iteration.",
    replies: [
      { authorId: member.id, body: "Try Godot: the *editor* is quick." },
      { authorId: other.id, body: "Bevy if you like Rust." },
      { authorId: other.id, body: "Or just plain JavaScript." },
    ],
  });
  long = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: author.id,
    title: "A long question with a late answer",
    at: new Date(start + DAY),
    replies: Array.from({ length: 24 }, (_, i) => ({
      authorId: i % 2 ? other.id : member.id,
      body: i === 21 ? "The **late** answer that solves it." : `Reply ${i + 2}`,
    })),
  });
  path = `/en/community/motores/${thread.slug}`;
});
afterAll(() => t.close());

describe("visitors", () => {
  it("see counts, one way to sign in for the thread (with the way back) instead of controls on every post; no moderation", async () => {
    await t.services.db.update(posts).set({ likeCount: 2 }).where(eq(posts.id, thread.posts[1].id));
    const page = await html(path);
    const p2 = postOf(page, 2);
    expect(p2).toContain("2 likes");
    expect(p2).not.toContain("aria-pressed");
    // A visitor's post carries no controls they cannot use: no form, no sign-in link, no report.
    expect(p2).not.toContain("<form");
    expect(p2).not.toContain("/login");
    expect(p2).not.toContain("Report");
    expect(page).toContain(
      `href="/en/login?redirectTo=${encodeURIComponent(`/community/motores/${thread.slug}#reply`)}" data-discover="true">Sign in to reply, like or report</a>`,
    );
    expect(page).toContain("Sign in to follow");
    expect(page).toContain(`href="/en/login?redirectTo=${encodeURIComponent(`/community/motores/${thread.slug}#thread-title`)}"`);
    expect(page).not.toContain("Moderation");
    expect(page).not.toContain("Accept as answer");
    await t.services.db.update(posts).set({ likeCount: 0 }).where(eq(posts.id, thread.posts[1].id));
  });

  it("get each post's body once: in the page, not again in its hydration data; a client navigation's data carries it", async () => {
    const page = await html(path);
    const hydration = page.slice(page.indexOf("window.__reactRouterContext"));
    expect(page.split("<p>Try Godot: the <em>editor</em> is quick.</p>").length - 1).toBe(1);
    // Neither the HTML nor the Markdown of the posts is in the data the page hydrates with.
    expect(hydration).not.toContain("Try Godot");
    expect(hydration).not.toContain("Bevy if you like Rust");
    const data = await (await t.request(`${path}.data`)).text();
    expect(data).toContain("<p>Try Godot: the <em>editor</em> is quick.</p>");
    // The Markdown only travels for the post whose edit form is open.
    expect(data).not.toContain("Try Godot: the *editor*");
  });

  it("posting any intent sends them to sign in and back", async () => {
    const cases: Record<string, string>[] = [
      { intent: "like", postId: thread.posts[0].id, number: "1" },
      { intent: "follow", threadId: thread.id },
      { intent: "report", postId: thread.posts[0].id, reason: "Spam spam spam" },
      { intent: "pin", threadId: thread.id },
    ];
    for (const fields of cases) {
      const res = await post(path, fields);
      expect(res.status, fields.intent).toBe(302);
      expect(res.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent(`/community/motores/${thread.slug}`)}`);
    }
  });
});

describe("likes", () => {
  it("a member likes and unlikes a post: the page shows the count and the pressed state, and comes back to the post", async () => {
    const like = await post(path, { intent: "like", postId: thread.posts[0].id, number: "1" }, member.cookie);
    expect(like.status).toBe(303);
    expect(like.headers.get("location")).toBe(`${path}#post-1`);
    let p1 = postOf(await html(path, member.cookie), 1);
    expect(buttonTag(p1, "Like")).toContain('aria-pressed="true"');
    // Without JavaScript the button submits the page's one like form, naming the post: unlike=<post id>.
    expect(buttonTag(p1, "Like")).toContain(`value="${thread.posts[0].id}"`);
    expect(buttonTag(p1, "Like")).toContain('name="unlike"');
    expect(buttonTag(p1, "Like")).toContain('form="like-form"');
    expect(p1).toContain("1 like<");
    // The author sees the count only.
    const own = postOf(await html(path, author.cookie), 1);
    expect(buttonTag(own, "Like")).toBeNull();
    expect(own).toContain("1 like<");

    expect((await post(path, { intent: "unlike", postId: thread.posts[0].id, number: "1" }, member.cookie)).status).toBe(303);
    p1 = postOf(await html(path, member.cookie), 1);
    expect(buttonTag(p1, "Like")).toContain('aria-pressed="false"');
    expect(p1).toContain("0 likes");
  });

  it("a like button pressed without JavaScript (like=<post id> on the page's like form) comes back to its post", async () => {
    const page = await html(`${path}`, member.cookie);
    expect(page.match(/<form id="like-form"[^>]*>/g)).toEqual([`<form id="like-form" hidden="" action="${path}" method="post">`]);
    const res = await post(path, { like: thread.posts[2].id }, member.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}#post-3`);
    expect(buttonTag(postOf(await html(path, member.cookie), 3), "Like")).toContain('aria-pressed="true"');
    const back = await post(path, { unlike: thread.posts[2].id }, member.cookie);
    expect(back.headers.get("location")).toBe(`${path}#post-3`);
    expect(buttonTag(postOf(await html(path, member.cookie), 3), "Like")).toContain('aria-pressed="false"');
    // A visitor's page has no like form at all.
    expect(await html(path)).not.toContain('id="like-form"');
  });

  it("with JavaScript the action answers in place (no redirect)", async () => {
    const res = await post(path, { intent: "like", postId: thread.posts[2].id, number: "3", js: "1" }, member.cookie);
    expect(res.status).toBe(200);
    const [row] = await t.services.db.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, thread.posts[2].id));
    expect(row.likeCount).toBe(1);
  });

  it("refusals show the translated message at the post: one's own post, an unconfirmed email, a deleted post", async () => {
    const own = await post(path, { intent: "like", postId: thread.posts[0].id, number: "1" }, author.cookie);
    expect(own.status).toBe(403);
    expect(postOf(mainOf(await own.text()), 1)).toContain("You cannot like your own post.");

    const unconfirmed = await post(path, { intent: "like", postId: thread.posts[1].id, number: "2" }, unverified.cookie);
    expect(unconfirmed.status).toBe(403);
    expect(postOf(mainOf(await unconfirmed.text()), 2)).toContain("Confirm your email address first");
    expect(postOf(await html(path, unverified.cookie), 2)).not.toContain("<button");

    await t.services.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, thread.posts[3].id));
    const gone = await post(path, { intent: "like", postId: thread.posts[3].id, number: "4" }, member.cookie);
    expect(gone.status).toBe(404);
    // The thread page, not the 404 page: the message says what happened.
    const page = mainOf(await gone.text());
    expect(page).toContain("Which engine for a tiny roguelike");
    expect(page).toContain("We could not find what you were looking for.");
    await t.services.db.update(posts).set({ deletedAt: null }).where(eq(posts.id, thread.posts[3].id));
  });
});

describe("following", () => {
  it("a member follows and unfollows the thread from its header (aria-pressed)", async () => {
    expect(buttonTag(await html(path, reader.cookie), "Follow thread")).toContain('aria-pressed="false"');
    const res = await post(path, { intent: "follow", threadId: thread.id, page: "1" }, reader.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}#thread-title`);
    expect(buttonTag(await html(path, reader.cookie), "Follow thread")).toContain('aria-pressed="true"');
    const rows = await t.services.db
      .select()
      .from(threadFollows)
      .where(and(eq(threadFollows.threadId, thread.id), eq(threadFollows.userId, reader.id)));
    expect(rows).toHaveLength(1);
    await post(path, { intent: "unfollow", threadId: thread.id }, reader.cookie);
    expect(buttonTag(await html(path, reader.cookie), "Follow thread")).toContain('aria-pressed="false"');
    // Someone who may not write yet is not offered it, and is refused.
    expect(await html(path, unverified.cookie)).not.toContain("Follow thread");
    expect((await post(path, { intent: "follow", threadId: thread.id }, unverified.cookie)).status).toBe(403);
  });

  it("a person is followed on their public profile; never oneself; visitors are sent to sign in", async () => {
    const profile = `/en/u/${author.username}`;
    const visitorPage = await html(profile);
    expect(visitorPage).toContain("Sign in to follow");
    expect(visitorPage).toContain("0 followers");
    expect(buttonTag(await html(profile, member.cookie), "Follow")).toContain('aria-pressed="false"');

    const res = await post(profile, { intent: "follow", userId: author.id }, member.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(profile);
    const after = await html(profile, member.cookie);
    expect(buttonTag(after, "Follow")).toContain('aria-pressed="true"');
    expect(after).toContain("1 follower<");
    expect(await t.services.db.select().from(userFollows).where(eq(userFollows.followedId, author.id))).toHaveLength(1);

    // On one's own profile: the count, no button; following oneself is refused with its message.
    const mine = await html(profile, author.cookie);
    expect(buttonTag(mine, "Follow")).toBeNull();
    expect(mine).toContain("1 follower<");
    const self = await post(profile, { intent: "follow", userId: author.id }, author.cookie);
    expect(self.status).toBe(400);
    expect(mainOf(await self.text())).toContain("You cannot follow yourself.");
    expect((await post(profile, { intent: "follow", userId: author.id }, unverified.cookie)).status).toBe(403);
    const visitor = await post(profile, { intent: "follow", userId: author.id });
    expect(visitor.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent(`/u/${author.username}`)}`);

    expect((await post(profile, { intent: "unfollow", userId: author.id }, member.cookie)).status).toBe(303);
    expect(await html(profile, member.cookie)).toContain("0 followers");
    // In Spanish too.
    expect(await html(`/es/u/${author.username}`, member.cookie)).toContain("Seguir</button>");
  });
});

describe("reports", () => {
  it("a member reports a post with a reason: a thank-you at the post; a second report is refused with its message", async () => {
    // The page carries no report form per post, a link that opens that post's form (without JavaScript too).
    const plain = postOf(await html(path, member.cookie), 1);
    expect(plain).not.toContain("Why should the moderators look at this post?");
    // Relative to the page (the browser resolves it; a post does not repeat the page's address).
    expect(plain).toContain(`rel="nofollow" href="?report=${thread.posts[0].id}#post-1"`);
    const opened = await html(`${path}?report=${thread.posts[0].id}`, member.cookie);
    expect(postOf(opened, 1)).toContain("Why should the moderators look at this post?");
    expect(postOf(opened, 1)).toMatch(/<details[^>]*open=""/);
    expect(postOf(opened, 2)).not.toContain("Why should the moderators look at this post?");
    const res = await post(
      path,
      { intent: "report", postId: thread.posts[0].id, number: "1", reason: "Advertising a paid course" },
      member.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}?reported=${thread.posts[0].id}#post-1`);
    expect(postOf(await html(res.headers.get("location")!.replace(/#.*/, ""), member.cookie), 1)).toContain(
      "Thank you: the moderators will review this post.",
    );
    const [row] = await t.services.db.select().from(reports).where(eq(reports.postId, thread.posts[0].id));
    expect(row).toMatchObject({ reporterId: member.id, reason: "Advertising a paid course", status: "open" });

    const again = await post(
      path,
      { intent: "report", postId: thread.posts[0].id, number: "1", reason: "Still advertising" },
      member.cookie,
    );
    expect(again.status).toBe(409);
    const p1 = postOf(mainOf(await again.text()), 1);
    expect(p1).toContain("Failed to submit report.");
    expect(p1).toContain("You already reported this post; the team is reviewing it.");
    // The disclosure is open again, with what was typed.
    expect(p1).toMatch(/<details[^>]* open=""/);
    expect(p1).toContain("Still advertising");
  });

  it("the reason is required (5 to 1,000 characters); one's own post cannot be reported", async () => {
    const empty = await post(path, { intent: "report", postId: thread.posts[1].id, number: "2", reason: "  " }, other.cookie);
    expect(empty.status).toBe(400);
    const p2 = postOf(mainOf(await empty.text()), 2);
    expect(p2).toContain("Failed to submit report.");
    expect(p2).toContain("Explain the reason in 5 to 1,000 characters.");
    expect(p2).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*name="reason"|<textarea[^>]*name="reason"[^>]*aria-invalid="true"/);
    expect(
      (await post(path, { intent: "report", postId: thread.posts[1].id, number: "2", reason: "x".repeat(1001) }, other.cookie)).status,
    ).toBe(400);

    const own = await post(path, { intent: "report", postId: thread.posts[1].id, number: "2", reason: "Reporting myself" }, member.cookie);
    expect(own.status).toBe(403);
    expect(decode(postOf(mainOf(await own.text()), 2))).toContain("You cannot report your own post.");
    expect(postOf(await html(path, member.cookie), 2)).not.toMatch(/>Report(<\/span>)?</);
  });
});

describe("accepted answers", () => {
  it("only the thread's author and moderators may accept; the thread shows resolved and the answer under the question", async () => {
    expect(postOf(await html(path, member.cookie), 2)).not.toContain("Accept as answer");
    const refused = await post(path, { intent: "accept", postId: thread.posts[2].id, number: "3" }, member.cookie);
    expect(refused.status).toBe(403);
    expect(decode(postOf(mainOf(await refused.text()), 3))).toContain("You do not have permission to perform this action.");

    const authorPage = await html(path, author.cookie);
    expect(postOf(authorPage, 1)).not.toContain("Accept as answer");
    expect(postOf(authorPage, 2)).toContain("Accept as answer");
    const res = await post(path, { intent: "accept", postId: thread.posts[1].id, number: "2" }, author.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}#post-2`);

    const page = await html(path);
    expect(page).toContain("Resolved</span>");
    const question = postOf(page, 1);
    expect(question).toContain("Accepted answer</h2>");
    expect(question).toContain(`${member.username} answered:`);
    expect(question).toContain("Try Godot: the editor is quick.");
    expect(question).toContain(`href="/en/community/motores/${thread.slug}#post-2"`);
    expect(postOf(await html(path, author.cookie), 2)).toContain("Remove accepted answer");

    // The author takes it back; a moderator may accept on someone else's thread (and it is audited).
    expect(
      (await post(path, { intent: "unaccept", threadId: thread.id, postId: thread.posts[1].id, number: "2" }, author.cookie)).status,
    ).toBe(303);
    expect(await html(path)).not.toContain("Resolved</span>");
    expect((await post(path, { intent: "accept", postId: thread.posts[2].id, number: "3" }, moderator.cookie)).status).toBe(303);
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "forum.answer.accept"));
    expect(audit).toMatchObject({ actorId: moderator.id, targetId: thread.id });
    expect(postOf(await html(path), 1)).toContain("Bevy if you like Rust.");
  });

  it("an answer on another page is shown under the question on page 1, linking to its page", async () => {
    const longPath = `/en/community/motores/${long.slug}`;
    expect(
      (await post(longPath, { intent: "accept", postId: long.posts[22].id, number: "23" }, author.cookie)).headers.get("location"),
    ).toBe(`${longPath}?page=2#post-23`);
    const question = postOf(await html(longPath), 1);
    expect(question).toContain("The late answer that solves it.");
    expect(question).toContain(`href="${longPath}?page=2#post-23"`);
    expect(question).toContain("Read the answer in the thread (post 23)");
    const es = postOf(await html(`/es/community/motores/${long.slug}`), 1);
    expect(es).toContain("Respuesta aceptada");
    expect(es).toContain("Leer la respuesta en el hilo (mensaje 23)");
  });
});

describe("moderation", () => {
  it("the toolbar, hide/publish and ban links are for moderators only", async () => {
    for (const who of [member, author]) {
      const page = await html(path, who.cookie);
      expect(page).not.toContain("Moderation");
      expect(page).not.toContain("/admin/forum/users");
      expect(postOf(page, 2)).not.toContain(">Hide</a>");
    }
    const page = await html(path, moderator.cookie);
    expect(page).toContain("Moderation");
    expect(buttonTag(page, "Pin")).toContain('value="pin"');
    expect(buttonTag(page, "Lock")).toContain('value="lock"');
    expect(page).toContain("Hide thread…");
    expect(page).toMatch(/<option value="charla">Chat<\/option>/);
    expect(postOf(page, 1)).not.toContain(">Hide</a>");
    expect(postOf(page, 2)).toContain(">Hide</a>");
    expect(postOf(page, 2)).toContain(`href="/en/admin/forum/users?q=${member.username}"`);
    // In Spanish.
    const es = await html(`/es/community/motores/${thread.slug}`, moderator.cookie);
    expect(es).toContain("Moderación");
    expect(es).toContain("Vetar al autor");
  });

  it("pin and lock: refused for members, done by moderators with the reason audited; the page shows the badges", async () => {
    for (const intent of ["pin", "lock", "unpin", "unlock", "hideThread", "publishThread"]) {
      expect((await post(path, { intent, threadId: thread.id }, member.cookie)).status, intent).toBe(403);
      expect((await post(path, { intent, threadId: thread.id }, author.cookie)).status, intent).toBe(403);
    }
    const pin = await post(path, { intent: "pin", threadId: thread.id, reason: "House rules", page: "1" }, moderator.cookie);
    expect(pin.status).toBe(303);
    expect(pin.headers.get("location")).toBe(`${path}#thread-title`);
    expect((await post(path, { intent: "lock", threadId: thread.id, reason: "" }, moderator.cookie)).status).toBe(303);
    const page = await html(path, member.cookie);
    expect(page).toContain("Pinned</span>");
    expect(page).toContain("Locked</span>");
    expect(page).toContain("This thread is locked");
    const modPage = await html(path, moderator.cookie);
    expect(buttonTag(modPage, "Unpin")).toContain('value="unpin"');
    expect(buttonTag(modPage, "Unlock")).toContain('value="unlock"');
    const audits = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, thread.id)).orderBy(desc(auditLog.id));
    expect(audits.slice(0, 2).map((a) => [a.action, a.reason])).toEqual([
      ["forum.thread.lock", null],
      ["forum.thread.pin", "House rules"],
    ]);
    // Undone for the next tests.
    await post(path, { intent: "unpin", threadId: thread.id }, moderator.cookie);
    await post(path, { intent: "unlock", threadId: thread.id }, moderator.cookie);
    expect(await html(path, member.cookie)).not.toContain("Pinned</span>");
  });

  it("hiding a post asks for a confirmation; readers then see a trace, moderators the post marked 'hidden'; publishing undoes it", async () => {
    const confirm = await html(`${path}?hide=${thread.posts[2].id}`, moderator.cookie);
    expect(postOf(confirm, 3)).toContain("Hide this post?");
    expect(buttonTag(postOf(confirm, 3), "Yes, hide it")).toContain('value="hidePost"');
    // Others get the plain page.
    expect(await html(`${path}?hide=${thread.posts[2].id}`, member.cookie)).not.toContain("Hide this post?");
    expect((await post(path, { intent: "hidePost", postId: thread.posts[2].id, number: "3" }, member.cookie)).status).toBe(403);

    const res = await post(path, { intent: "hidePost", postId: thread.posts[2].id, number: "3", reason: "Off-topic" }, moderator.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${path}#post-3`);
    const reader = postOf(await html(path, member.cookie), 3);
    expect(reader).toContain("This post was hidden by a moderator.");
    expect(reader).not.toContain("Bevy if you like Rust.");
    const mod = postOf(await html(path, moderator.cookie), 3);
    expect(mod).toContain("Bevy if you like Rust.");
    expect(mod).toContain("Hidden from members");
    expect(mod).toContain(">Publish</a>");
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, thread.posts[2].id));
    expect(audit).toMatchObject({ action: "forum.post.hide", reason: "Off-topic", actorId: moderator.id });

    // The opening post is hidden with its thread, not alone.
    const first = await post(path, { intent: "hidePost", postId: thread.posts[0].id, number: "1" }, moderator.cookie);
    expect(first.status).toBe(409);
    expect(postOf(mainOf(await first.text()), 1)).toContain("The opening post cannot be hidden alone");

    expect(postOf(await html(`${path}?publish=${thread.posts[2].id}`, moderator.cookie), 3)).toContain("Publish this post again?");
    expect((await post(path, { intent: "publishPost", postId: thread.posts[2].id, number: "3" }, moderator.cookie)).status).toBe(303);
    expect(postOf(await html(path, member.cookie), 3)).toContain("Bevy if you like Rust.");
  });

  it("hiding the thread asks for a confirmation; it is then 404 for members and visible to moderators, until published", async () => {
    const confirm = await html(`${path}?hideThread=1`, moderator.cookie);
    expect(confirm).toContain("Hide this thread?");
    expect(buttonTag(confirm, "Yes, hide the thread")).toContain('value="hideThread"');
    expect(await html(`${path}?hideThread=1`, member.cookie)).not.toContain("Hide this thread?");

    expect((await post(path, { intent: "hideThread", threadId: thread.id, reason: "Spam wave", page: "1" }, moderator.cookie)).status).toBe(
      303,
    );
    expect((await get(path, member.cookie)).status).toBe(404);
    const modPage = await html(path, moderator.cookie);
    expect(modPage).toContain("Hidden</span>");
    expect(buttonTag(modPage, "Publish thread")).toContain('value="publishThread"');
    expect((await post(path, { intent: "publishThread", threadId: thread.id }, moderator.cookie)).status).toBe(303);
    expect((await get(path, member.cookie)).status).toBe(200);
  });

  it("moving the thread: refused for members, and a moderator lands on its new address", async () => {
    expect((await post(path, { intent: "move", threadId: thread.id, forumSlug: "charla" }, member.cookie)).status).toBe(403);
    const unknown = await post(path, { intent: "move", threadId: thread.id, forumSlug: "no-such-forum" }, moderator.cookie);
    expect(unknown.status).toBe(404);
    expect(mainOf(await unknown.text())).toContain("We could not find what you were looking for.");

    const res = await post(
      path,
      { intent: "move", threadId: thread.id, forumSlug: "charla", reason: "Not about engines" },
      moderator.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/en/community/charla/${thread.slug}`);
    expect((await get(`/en/community/charla/${thread.slug}`)).status).toBe(200);
    const [row] = await t.services.db.select({ slug: threads.slug }).from(threads).where(eq(threads.id, thread.id));
    expect(row.slug).toBe(thread.slug);
    // The old address still finds it.
    const old = await get(path);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/en/community/charla/${thread.slug}`);
  });

  it("an unknown intent is a bad request", async () => {
    expect(
      (await post(`/en/community/charla/${thread.slug}`, { intent: "constructor", threadId: thread.id }, moderator.cookie)).status,
    ).toBe(400);
  });
});
