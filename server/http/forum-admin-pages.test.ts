import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, forumCategories, forums, forumTags, posts, reports, threadTags, userBans, users } from "#server/db/schema";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createTag, createThreadWithPosts } from "#server/db/forum-factories";
import { settingDefinitions } from "#server/modules/site/settings";

/**
 * The forum admin tabs driven as a browser without JavaScript would: plain GETs and form posts to
 * the page actions, on the real app and React Router build. Who may open and use each tab, that each
 * mutation works for the right role, and that a failed submit keeps what was typed.
 */
let t: TestApp;
const PW = "forum-admin-pass-1";
const DAY = 86_400_000;

const { get, post } = pageClient(() => t, "203.0.113");

const cookies = { admin: "", moderator: "", member: "" };
const ids = { admin: "", moderator: "", member: "", troll: "" };
let trollName = "";
let category = { id: "", slug: "" };
let busyForum = { id: "", slug: "" };
let emptyForumId = "";
let tagId = "";
let thread: { id: string; slug: string; posts: { id: string; number: number }[] };
let reportId = "";
let otherReportId = "";

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const make = async (spec: { roles?: string[]; username?: string } = {}) => {
    const u = await createUser(db, { password: PW, ...spec });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(users.id, u.id));
    return u;
  };
  const admin = await make({ roles: ["Admin"], username: "chief_admin" });
  const moderator = await make({ roles: ["Moderator"], username: "night_mod" });
  const member = await make({ username: "plain_member" });
  const troll = await make({ username: "bridge_troll" });
  ids.admin = admin.id;
  ids.moderator = moderator.id;
  ids.member = member.id;
  ids.troll = troll.id;
  trollName = troll.username;
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.member = await signIn(t, member.email, PW);

  const c = await createCategory(db, { slug: "desarrollo", titleEs: "Desarrollo", titleEn: "Development" });
  category = { id: c.id, slug: c.slug };
  const f = await createForum(db, { categoryId: c.id, slug: "programacion", titleEs: "Programación", titleEn: "Programming" });
  busyForum = { id: f.id, slug: f.slug };
  emptyForumId = (await createForum(db, { categoryId: c.id, slug: "vacio", titleEs: "Vacío", titleEn: "Empty one", position: 1 })).id;
  tagId = (await createTag(db, { slug: "godot", nameEs: "Godot", nameEn: "Godot" })).id;
  thread = await createThreadWithPosts(db, {
    forumId: f.id,
    authorId: member.id,
    title: "Shader help for pixel art",
    tags: ["godot"],
    replies: [
      { authorId: troll.id, body: "Buy cheap keys at my totally legit site" },
      { authorId: troll.id, body: "Another **rude** reply" },
    ],
  });
  const report = async (postId: string, reporter: string, reason: string) => {
    const [row] = await db
      .insert(reports)
      .values({ id: crypto.randomUUID(), postId, reporterId: reporter, reason })
      .returning({ id: reports.id });
    return row.id;
  };
  reportId = await report(thread.posts[1].id, member.id, "Spam links to a key shop");
  otherReportId = await report(thread.posts[2].id, member.id, "Rude to everyone");
  await t.services.settings.write("forum_enabled", true, admin.id);
});
afterAll(() => t.close());

type Who = "visitor" | "member" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
/** What a guarded request answered: a page, the login page, home, or a refusal. */
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.startsWith("/en/login?redirectTo=")) return "login";
  if (to === "/en/") return "home";
  return res.status;
}

describe("who may open the forum admin tabs", () => {
  const PAGES: [string, Record<Who, number | "login" | "home">][] = [
    ["/en/admin/forum", { visitor: "login", member: "home", moderator: 200, admin: 200 }],
    ["/en/admin/forum/moderation", { visitor: "login", member: "home", moderator: 200, admin: 200 }],
    ["/en/admin/forum/moderation?view=hidden&kind=post", { visitor: "login", member: "home", moderator: 200, admin: 200 }],
    ["/en/admin/forum/content", { visitor: "login", member: "home", moderator: 403, admin: 200 }],
    ["/en/admin/forum/settings", { visitor: "login", member: "home", moderator: 403, admin: 200 }],
    ["/en/admin/forum/users", { visitor: "login", member: "home", moderator: 200, admin: 200 }],
  ];
  for (const [path, expected] of PAGES) {
    it(path, async () => {
      const got: Record<string, unknown> = {};
      for (const who of Object.keys(expected) as Who[]) got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got).toEqual(expected);
    });
  }

  it("a Moderator's refusal is a translated 403 inside the admin chrome, and the navigation hides Admin tabs", async () => {
    const res = await get("/en/admin/forum/content", cookies.moderator);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("This section is not for your role");
    const overview = await (await get("/en/admin/forum", cookies.moderator)).text();
    expect(overview).toContain('href="/en/admin/forum/moderation"');
    expect(overview).toContain('href="/en/admin/forum/users"');
    expect(overview).not.toContain('href="/en/admin/forum/content"');
    expect(overview).not.toContain('href="/en/admin/forum/settings"');
    const adminView = await (await get("/en/admin/forum", cookies.admin)).text();
    expect(adminView).toContain('href="/en/admin/forum/content"');
    expect(adminView).toContain('href="/en/admin/forum/settings"');
  });

  it("the forum's audit tab leads to the audit log filtered to forum actions, in the page's language", async () => {
    const res = await get("/es/admin/forum/audit", cookies.moderator);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/es/admin/audit?action=forum.");
    expect(await answerOf(await get("/en/admin/forum/audit"))).toBe("login");
    expect(await answerOf(await get("/en/admin/forum/audit", cookies.member))).toBe("home");
  });
});

describe("overview", () => {
  it("shows the counts, the activity chart with its table, and says when the forum is off, in both languages", async () => {
    const en = await textOf(await get("/en/admin/forum", cookies.moderator));
    expect(en).toContain("<h1");
    expect(en).toContain("Forum overview");
    expect(en).toContain("Open reports");
    expect(en).toMatch(/Threads<\/dt><dd[^>]*>1<\/dd>/);
    expect(en).toMatch(/Open reports<\/dt><dd[^>]*>2<\/dd>/);
    expect(en).toContain('role="img"');
    expect(en).toContain("Threads and posts per day");
    expect(en).toContain("The forum is open to everyone.");
    await t.services.settings.write("forum_enabled", false, ids.admin);
    const es = await textOf(await get("/es/admin/forum", cookies.moderator));
    expect(es).toContain("Resumen del foro");
    expect(es).toContain("El foro está desactivado");
    await t.services.settings.write("forum_enabled", true, ids.admin);
  });
});

describe("content (Admins)", () => {
  const form = (fields: Record<string, string>) => ({
    slug: "",
    titleEs: "",
    titleEn: "",
    descriptionEs: "",
    descriptionEn: "",
    ...fields,
  });
  const MUTATIONS: [string, () => Record<string, string>][] = [
    [
      "create a category",
      () => form({ intent: "create-category", formId: "category-new", slug: "refused-cat", titleEs: "Nope", titleEn: "Nope" }),
    ],
    [
      "edit a category",
      () => form({ intent: "update-category", categoryId: category.id, slug: "refused-cat", titleEs: "Nope", titleEn: "Nope" }),
    ],
    ["move a category", () => ({ intent: "move-category", categoryId: category.id, direction: "down" })],
    ["delete a category", () => ({ intent: "delete-category", categoryId: category.id })],
    [
      "create a forum",
      () => form({ intent: "create-forum", categoryId: category.id, slug: "refused-forum", titleEs: "Nope", titleEn: "Nope" }),
    ],
    [
      "edit a forum",
      () =>
        form({
          intent: "update-forum",
          forumId: busyForum.id,
          categoryId: category.id,
          slug: "refused-forum",
          titleEs: "Nope",
          titleEn: "Nope",
        }),
    ],
    ["move a forum", () => ({ intent: "move-forum", forumId: emptyForumId, direction: "up" })],
    ["delete a forum", () => ({ intent: "delete-forum", forumId: emptyForumId })],
    ["create a tag", () => ({ intent: "create-tag", slug: "refused-tag", nameEs: "No", nameEn: "No" })],
    ["rename a tag", () => ({ intent: "update-tag", tagId, nameEs: "No", nameEn: "No" })],
    ["delete a tag", () => ({ intent: "delete-tag", tagId })],
  ];
  for (const [name, fields] of MUTATIONS) {
    it(`refuses to ${name} to a visitor, a member and a Moderator`, async () => {
      expect(await answerOf(await post("/en/admin/forum/content", fields()))).toBe("login");
      expect(await answerOf(await post("/en/admin/forum/content", fields(), cookies.member))).toBe("home");
      const res = await post("/en/admin/forum/content", fields(), cookies.moderator);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("You do not have permission to perform this action.");
    });
  }

  it("nothing refused changed anything", async () => {
    const db = t.services.db;
    expect(await db.select().from(forumCategories)).toHaveLength(1);
    expect((await db.select().from(forums)).map((f) => [f.slug, f.position]).sort()).toEqual([
      ["programacion", 0],
      ["vacio", 1],
    ]);
    expect((await db.select().from(forumTags)).map((x) => x.nameEn)).toEqual(["Godot"]);
    expect(await db.select().from(auditLog).where(eq(auditLog.targetType, "category"))).toHaveLength(0);
  });

  it("lists categories, forums and tags for an Admin, in both languages", async () => {
    const en = await textOf(await get("/en/admin/forum/content", cookies.admin));
    expect(en).toContain("Categories and forums");
    expect(en).toContain("Development");
    expect(en).toContain("/community/programacion");
    expect(en).toContain("1 thread");
    expect(en).toContain("Move Programming down");
    const es = await textOf(await get("/es/admin/forum/content", cookies.admin));
    expect(es).toContain("Categorías y foros");
    expect(es).toContain("Programación");
    expect(es).toContain("Subir Vacío");
  });

  it("creates a category and a forum in it, audited", async () => {
    let res = await post(
      "/en/admin/forum/content",
      form({ intent: "create-category", formId: "category-new", slug: "comunidad", titleEs: "Comunidad", titleEn: "Community" }),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("The category comunidad was created.");
    const [cat] = await t.services.db.select().from(forumCategories).where(eq(forumCategories.slug, "comunidad"));
    expect(cat).toMatchObject({ titleEs: "Comunidad", titleEn: "Community", position: 1 });
    res = await post(
      "/en/admin/forum/content",
      form({
        intent: "create-forum",
        formId: `forum-new-${cat.id}`,
        categoryId: cat.id,
        slug: "presentaciones",
        titleEs: "Presentaciones",
        titleEn: "Introductions",
      }),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect((await t.services.db.select().from(forums).where(eq(forums.slug, "presentaciones")))[0]).toMatchObject({
      categoryId: cat.id,
      position: 0,
    });
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.actorId, ids.admin));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["forum.category.create", "forum.forum.create"]));
  });

  it("keeps what was typed when a submit fails: a bad slug, then a taken one", async () => {
    let res = await post(
      "/en/admin/forum/content",
      form({
        intent: "create-category",
        formId: "category-new",
        slug: "Not A Slug!",
        titleEs: "Arte y sonido",
        titleEn: "Art & sound",
        descriptionEn: "Pixels & music",
      }),
      cookies.admin,
    );
    expect(res.status).toBe(400);
    let html = await textOf(res);
    expect(html).toContain("Use 2 to 60 lower-case letters, numbers and single hyphens");
    expect(html).toContain('value="Not A Slug!"');
    expect(html).toContain('value="Art & sound"');
    expect(html).toContain('value="Pixels & music"');
    expect(html).toMatch(/<details[^>]*open=""[^>]*>\s*<summary[^>]*>Add a category/);

    res = await post(
      "/en/admin/forum/content",
      form({
        intent: "update-forum",
        formId: `forum-${emptyForumId}`,
        forumId: emptyForumId,
        categoryId: category.id,
        slug: "programacion",
        titleEs: "Vacío",
        titleEn: "Renamed but taken",
      }),
      cookies.admin,
    );
    expect(res.status).toBe(409);
    html = await textOf(res);
    expect(html).toContain("That slug is already in use. Choose another one.");
    expect(html).toContain('value="Renamed but taken"');
    expect((await t.services.db.select().from(forums).where(eq(forums.id, emptyForumId)))[0].titleEn).toBe("Empty one");
  });

  it("moves a forum up with the arrow buttons", async () => {
    const res = await post(
      "/en/admin/forum/content",
      { intent: "move-forum", forumId: emptyForumId, direction: "up", name: "Empty one" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("Empty one was moved.");
    const rows = await t.services.db
      .select({ slug: forums.slug, position: forums.position })
      .from(forums)
      .where(eq(forums.categoryId, category.id));
    expect(rows.sort((a, b) => a.position - b.position).map((r) => r.slug)).toEqual(["vacio", "programacion"]);
  });

  it("refuses to delete a forum or a category that is not empty, with a clear message; deletes an empty forum", async () => {
    let res = await post("/en/admin/forum/content", { intent: "delete-forum", forumId: busyForum.id, name: "Programming" }, cookies.admin);
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain(
      "This forum still holds 1 thread, hidden ones included: move or delete it before deleting the forum.",
    );
    res = await post("/en/admin/forum/content", { intent: "delete-category", categoryId: category.id, name: "Development" }, cookies.admin);
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain("This category still holds 2 forums: move or delete them before deleting the category.");
    res = await post("/en/admin/forum/content", { intent: "delete-forum", forumId: emptyForumId, name: "Empty one" }, cookies.admin);
    expect(res.status).toBe(200);
    expect(await t.services.db.select().from(forums).where(eq(forums.id, emptyForumId))).toHaveLength(0);
  });

  it("creates, renames and deletes a tag; deleting removes it from threads", async () => {
    let res = await post(
      "/en/admin/forum/content",
      { intent: "create-tag", formId: "tag-new", slug: "pixel-art", nameEs: "Pixel art", nameEn: "Pixel art" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    res = await post(
      "/en/admin/forum/content",
      { intent: "update-tag", formId: `tag-${tagId}`, tagId, nameEs: "Godot Engine", nameEn: "" },
      cookies.admin,
    );
    expect(res.status).toBe(400);
    const html = await textOf(res);
    expect(html).toContain("The name needs 1 to 40 characters.");
    expect(html).toContain('value="Godot Engine"');
    res = await post(
      "/en/admin/forum/content",
      { intent: "update-tag", formId: `tag-${tagId}`, tagId, nameEs: "Godot Engine", nameEn: "Godot Engine", name: "Godot" },
      cookies.admin,
    );
    expect(await textOf(res)).toContain("Godot was saved.");
    expect((await t.services.db.select().from(forumTags).where(eq(forumTags.id, tagId)))[0].nameEn).toBe("Godot Engine");
    expect(await textOf(await get("/en/admin/forum/content", cookies.admin))).toContain(
      "Delete the tag Godot Engine? It is removed from the 1 thread that has it.",
    );
    res = await post("/en/admin/forum/content", { intent: "delete-tag", tagId, name: "Godot Engine" }, cookies.admin);
    expect(res.status).toBe(200);
    expect(await t.services.db.select().from(forumTags).where(eq(forumTags.id, tagId))).toHaveLength(0);
    expect(await t.services.db.select().from(threadTags).where(eq(threadTags.threadId, thread.id))).toHaveLength(0);
  });
});

describe("settings (Admins)", () => {
  const limits = settingDefinitions.forum_posting_limits.default;
  const fields = (over: Record<string, string> = {}) => ({
    intent: "limits",
    ...Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, String(v)])),
    ...over,
  });

  it("refuses the posting limits and the forum switch to a visitor, a member and a Moderator", async () => {
    const bodies: Record<string, string>[] = [fields({ postIntervalSeconds: "1" }), { intent: "forum_enabled" }];
    for (const body of bodies) {
      expect(await answerOf(await post("/en/admin/forum/settings", body))).toBe("login");
      expect(await answerOf(await post("/en/admin/forum/settings", body, cookies.member))).toBe("home");
      expect((await post("/en/admin/forum/settings", body, cookies.moderator)).status).toBe(403);
    }
    expect(await t.services.settings.get("forum_posting_limits")).toEqual(limits);
    expect(await t.services.settings.get("forum_enabled")).toBe(true);
  });

  it("shows the current limits, saves new ones (audited, old → new) and refuses bad numbers keeping what was typed", async () => {
    const page = await textOf(await get("/en/admin/forum/settings", cookies.admin));
    expect(page).toContain("Posting limits");
    expect(page).toMatch(/name="threadIntervalSeconds"[^>]*value="15"/);

    let res = await post(
      "/en/admin/forum/settings",
      fields({ postIntervalSeconds: "-2", newUserMaxReplies: "abc", threadIntervalSeconds: "20" }),
      cookies.admin,
    );
    expect(res.status).toBe(400);
    const html = await textOf(res);
    expect(html).toContain("Enter a whole number from 0 to 3600.");
    expect(html).toContain("Enter a whole number from 0 to 1000.");
    expect(html).toMatch(/name="postIntervalSeconds"[^>]*value="-2"/);
    expect(html).toMatch(/name="threadIntervalSeconds"[^>]*value="20"/);
    expect(await t.services.settings.get("forum_posting_limits")).toEqual(limits);

    res = await post("/en/admin/forum/settings", fields({ postIntervalSeconds: "8", newUserMaxThreads: "2" }), cookies.admin);
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("The posting limits were saved.");
    expect(await t.services.settings.get("forum_posting_limits")).toEqual({ ...limits, postIntervalSeconds: 8, newUserMaxThreads: 2 });
    const [audit] = await t.services.db.select().from(auditLog).where(eq(auditLog.action, "forum.setting.update"));
    expect(audit).toMatchObject({
      actorId: ids.admin,
      targetId: "forum_posting_limits",
      details: { before: limits, after: { ...limits, postIntervalSeconds: 8, newUserMaxThreads: 2 } },
    });
    const log = await textOf(await get("/en/admin/audit?action=forum.&targetType=setting", cookies.admin));
    expect(log).toContain("Seconds between two posts: 5 → 8");
    expect(log).toContain("Threads a new member may start: 3 → 2");
    await post("/en/admin/forum/settings", fields(), cookies.admin);
  });

  it("switches the forum off and on from its own tab", async () => {
    let res = await post("/es/admin/forum/settings", { intent: "forum_enabled" }, cookies.admin);
    expect(await textOf(res)).toContain("El foro está desactivado.");
    expect(await t.services.settings.get("forum_enabled")).toBe(false);
    res = await post("/en/admin/forum/settings", { intent: "forum_enabled", forum_enabled: "on" }, cookies.admin);
    expect(await textOf(res)).toContain("The forum is on.");
    expect(await t.services.settings.get("forum_enabled")).toBe(true);
  });
});

describe("moderation (Moderators and Admins)", () => {
  it("refuses the queue's steps to a visitor and a member", async () => {
    const bodies: Record<string, string>[] = [
      { intent: "resolve", reportId, hide: "on" },
      { intent: "ignore", reportId },
      { intent: "publish", kind: "thread", id: thread.id },
    ];
    for (const body of bodies) {
      expect(await answerOf(await post("/en/admin/forum/moderation", body))).toBe("login");
      expect(await answerOf(await post("/en/admin/forum/moderation", body, cookies.member))).toBe("home");
    }
    expect((await t.services.db.select().from(reports).where(eq(reports.id, reportId)))[0].status).toBe("open");
  });

  it("lists open reports with the excerpt, reporter, reason and a link to the post", async () => {
    const html = await textOf(await get("/en/admin/forum/moderation", cookies.moderator));
    expect(html).toContain("Buy cheap keys at my totally legit site");
    expect(html).toContain("Spam links to a key shop");
    expect(html).toContain("plain_member");
    expect(html).toContain(`href="/en/community/${busyForum.slug}/${thread.slug}?post=2"`);
    expect(html).toContain("Also hide the post");
    expect(html).toContain("Open (2)");
    // The post as readers see it (its stored HTML), not its Markdown.
    expect(html).toContain("<p>Another <strong>rude</strong> reply</p>");
    expect(html).not.toContain("**rude**");
  });

  it("names roles in the page's language in the admin header", async () => {
    const es = await (await get("/es/admin/forum/moderation", cookies.moderator)).text();
    expect(es).toMatch(/night_mod<span class="text-muted-foreground"> (<!-- -->)?· (<!-- -->)?Moderador<\/span>/);
    expect(es).not.toMatch(/· (<!-- -->)?Moderator</);
    const en = await (await get("/en/admin/forum/moderation", cookies.admin)).text();
    expect(en).toMatch(/chief_admin<span class="text-muted-foreground"> (<!-- -->)?· (<!-- -->)?Admin<\/span>/);
  });

  it("resolves a report and hides the post in one step; keeps the note when the note is too long", async () => {
    let res = await post(
      "/en/admin/forum/moderation",
      { intent: "resolve", reportId, hide: "on", reason: "x".repeat(1001) },
      cookies.moderator,
    );
    expect(res.status).toBe(400);
    expect(await textOf(res)).toMatch(/<details[^>]*open=""/);
    res = await post("/en/admin/forum/moderation", { intent: "resolve", reportId, hide: "on", reason: "Spam" }, cookies.moderator);
    expect(res.status).toBe(200);
    // The outcome is a toast, rendered by the server too (a page without JavaScript shows it, closable).
    expect(await textOf(res)).toMatch(
      /<details open="" class="toast-viewport[^"]*"[^>]*>.*<div role="status" class="toast toast-success[^"]*"><p[^>]*>The report was resolved and the post is hidden\.<\/p>/s,
    );
    expect((await t.services.db.select().from(posts).where(eq(posts.id, thread.posts[1].id)))[0].hidden).toBe(true);
    expect((await t.services.db.select().from(reports).where(eq(reports.id, reportId)))[0]).toMatchObject({
      status: "resolved",
      handledBy: ids.moderator,
    });
    res = await post("/en/admin/forum/moderation", { intent: "resolve", reportId }, cookies.moderator);
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain("This report has already been handled.");
  });

  it("ignores a report, and lists and publishes hidden posts again", async () => {
    let res = await post("/es/admin/forum/moderation", { intent: "ignore", reportId: otherReportId, reason: "Nada grave" }, cookies.admin);
    expect(await textOf(res)).toContain("La denuncia fue ignorada.");
    expect(await textOf(await get("/en/admin/forum/moderation", cookies.moderator))).toContain("No open reports. All caught up!");
    const hidden = await textOf(await get("/en/admin/forum/moderation?view=hidden&kind=post", cookies.moderator));
    expect(hidden).toContain("Buy cheap keys at my totally legit site");
    expect(hidden).toContain("Publish again");
    res = await post("/en/admin/forum/moderation", { intent: "publish", kind: "post", id: thread.posts[1].id }, cookies.moderator);
    expect(await textOf(res)).toContain("Published again.");
    expect((await t.services.db.select().from(posts).where(eq(posts.id, thread.posts[1].id)))[0].hidden).toBe(false);
    expect(await textOf(await get("/en/admin/forum/moderation?view=hidden&kind=post", cookies.moderator))).toContain("No post is hidden.");
  });
});

describe("users (Moderators and Admins)", () => {
  const until = () => new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
  /** The date as the ban form's date field sends it. */
  const boxes = (iso: string) => ({ until: iso });

  it("refuses ban and unban to a visitor and a member", async () => {
    const bodies: Record<string, string>[] = [
      { intent: "ban", userId: ids.troll, reason: "Spam", duration: "forever" },
      { intent: "unban", userId: ids.troll },
    ];
    for (const body of bodies) {
      expect(await answerOf(await post("/en/admin/forum/users", body))).toBe("login");
      expect(await answerOf(await post("/en/admin/forum/users", body, cookies.member))).toBe("home");
    }
    expect(await t.services.db.select().from(userBans).where(eq(userBans.userId, ids.troll))).toHaveLength(0);
  });

  it("finds the author from ?q=<username>, exact name first", async () => {
    const html = await textOf(await get(`/en/admin/forum/users?q=${trollName}`, cookies.moderator));
    expect(html).toContain(trollName);
    expect(html).toContain("Not banned");
    expect(html).not.toContain("plain_member");
  });

  it("bans until a date with a reason, keeps typed values on a bad submit, and unbans; both audited", async () => {
    let res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: ids.troll, name: trollName, reason: "no", duration: "until", ...boxes(until()) },
      cookies.moderator,
    );
    expect(res.status).toBe(400);
    let html = await textOf(res);
    expect(html).toContain("Write the reason for the ban (3 to 1,000 characters): the person will read it.");
    expect(html).toContain(`name="until" value="${until()}"`);
    res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: ids.troll, name: trollName, reason: "Spam links everywhere", duration: "until", ...boxes("2001-01-01") },
      cookies.moderator,
    );
    expect(res.status).toBe(400);
    html = await textOf(res);
    expect(html).toContain("The end of the ban must be in the future.");
    expect(html).toContain("Spam links everywhere");
    // A day that does not exist: refused before anything is written, the field as sent.
    res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: ids.troll, name: trollName, reason: "Spam links everywhere", duration: "until", ...boxes("2031-02-31") },
      cookies.moderator,
    );
    expect(res.status).toBe(400);
    html = await textOf(res);
    expect(html).toContain("Enter a date that exists, for example 27 March 2027.");
    expect(html).toContain('name="until" value="2031-02-31"');

    res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: ids.troll, name: trollName, reason: "Spam links everywhere", duration: "until", ...boxes(until()) },
      cookies.moderator,
    );
    expect(res.status).toBe(200);
    const shown = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" }).format(new Date(until()));
    expect(await textOf(res)).toContain(`${trollName} is banned until ${shown}.`);
    const [ban] = await t.services.db
      .select()
      .from(userBans)
      .where(and(eq(userBans.userId, ids.troll)));
    expect(ban).toMatchObject({ reason: "Spam links everywhere", bannedBy: ids.moderator, until: new Date(`${until()}T00:00:00Z`) });
    html = await textOf(await get("/en/admin/forum/users?banned=1", cookies.moderator));
    expect(html).toContain(trollName);
    expect(html).toContain("Spam links everywhere");
    expect(html).not.toContain("plain_member");

    res = await post("/en/admin/forum/users", { intent: "unban", userId: ids.troll, name: trollName, reason: "Said sorry" }, cookies.admin);
    expect(await textOf(res)).toContain(`The ban on ${trollName} was lifted.`);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, ids.troll));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["forum.user.ban", ids.moderator],
      ["forum.user.unban", ids.admin],
    ]);
  });

  it("bans for good, and refuses a Moderator banning an Admin or another Moderator", async () => {
    let res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: ids.troll, name: trollName, reason: "Back at it again", duration: "forever", until: until() },
      cookies.moderator,
    );
    expect(await textOf(res)).toContain(`${trollName} is banned for good.`);
    for (const target of [ids.admin, ids.moderator]) {
      res = await post(
        "/en/admin/forum/users",
        { intent: "ban", userId: target, name: "staff", reason: "Not allowed", duration: "forever" },
        cookies.moderator,
      );
      expect(res.status).toBe(target === ids.moderator ? 400 : 403);
    }
    const other = await createUser(t.services.db, { roles: ["Moderator"], username: "day_mod" });
    res = await post(
      "/en/admin/forum/users",
      { intent: "ban", userId: other.id, name: "day_mod", reason: "Not allowed", duration: "forever" },
      cookies.moderator,
    );
    expect(res.status).toBe(403);
    expect(await textOf(res)).toContain("Moderators and administrators cannot be banned; remove their role first.");
    expect(await t.services.db.select().from(userBans).where(eq(userBans.userId, other.id))).toHaveLength(0);
    const page = await textOf(await get("/en/admin/forum/users?q=day_mod", cookies.moderator));
    expect(page).toContain("Moderators and Admins cannot be banned; remove their role first.");
  });
});

describe("audit log", () => {
  /** The log's table only (the filter's options name every action too), and its text without tags. */
  const tableOf = async (res: Response) => {
    const html = await textOf(res);
    return html.slice(html.indexOf("<table"), html.indexOf("</table>"));
  };
  const plain = (html: string) => html.replace(/<[^>]+>/g, "");
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

  it("shows only forum actions under the forum filter, narrows by type, actor and days, and keeps the filters in the URL", async () => {
    // A change outside the forum, to be left out.
    await post("/en/admin/roles", { intent: "grant", userId: ids.member, role: "Moderator", name: "plain_member" }, cookies.admin);
    await post("/en/admin/roles", { intent: "revoke", userId: ids.member, role: "Moderator", name: "plain_member" }, cookies.admin);
    expect(plain(await tableOf(await get("/en/admin/audit", cookies.moderator)))).toContain(
      "chief_admin gave plain_member the Moderator role.",
    );

    const page = await textOf(await get("/en/admin/audit?action=forum.", cookies.moderator));
    expect(page).toMatch(/<option value="forum\." selected="">Every forum action<\/option>/);
    let table = plain(await tableOf(await get("/en/admin/audit?action=forum.", cookies.moderator)));
    expect(table).toContain(`night_mod banned ${trollName} from the forum for good.`);
    expect(table).not.toContain("gave plain_member");
    // Older entries of the family, found with the type filter.
    const forumType = async (type: string) =>
      plain(await tableOf(await get(`/en/admin/audit?action=forum.&targetType=${type}`, cookies.moderator)));
    expect(await forumType("post")).toContain("night_mod hid post #2 in “Shader help for pixel art”.");
    expect(await forumType("report")).toContain("night_mod resolved the report by plain_member on post #2 in “Shader help for pixel art”.");
    expect(await forumType("category")).toContain("chief_admin created the category “Community”.");
    expect(await forumType("forum")).toContain("chief_admin created the forum “Introductions”.");
    expect(await forumType("setting")).toContain("chief_admin changed the forum setting Posting limits.");

    table = plain(await tableOf(await get("/en/admin/audit?action=forum.&targetType=user&actor=night_mod", cookies.moderator)));
    expect(table).toContain(`night_mod banned ${trollName} from the forum`);
    expect(table).not.toContain("lifted the forum ban");
    expect(table).not.toContain("hid post");

    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(await textOf(await get(`/en/admin/audit?action=forum.&from=${tomorrow}`, cookies.moderator))).toContain(
      "No entry matches these filters.",
    );
    expect(plain(await tableOf(await get("/es/admin/audit?action=forum.&targetType=post", cookies.moderator)))).toContain(
      "night_mod ocultó el mensaje n.º 2 de «Shader help for pixel art».",
    );
  });

  it("reads as sentences in the page's language, with people and posts as links and no ids or raw keys", async () => {
    const tables = async (lang: string, queries: string[]) =>
      (await Promise.all(queries.map(async (q) => tableOf(await get(`/${lang}/admin/audit?${q}`, cookies.moderator))))).join("\n");
    const queries = [
      "action=role.",
      "action=forum.report.resolve",
      "action=forum.report.ignore",
      "action=forum.forum.create",
      "action=forum.setting.update",
    ];
    const html = await tables("en", queries);
    const text = plain(html);
    expect(text).toContain("chief_admin took the Moderator role away from plain_member.");
    expect(html).toContain('href="/en/u/chief_admin"');
    expect(html).toContain('href="/en/u/plain_member"');
    expect(html).toContain('href="/en/u/night_mod"');
    expect(html).toContain(`href="/en/community/${busyForum.slug}/${thread.slug}?post=2"`);
    expect(html).toContain('href="/en/community/presentaciones"');
    expect(text).toContain("chief_admin ignored the report by plain_member on post #3 in “Shader help for pixel art”.");
    expect(text).toContain("The post was hidden.");
    expect(text).toContain("Reason: Spam");
    // A change of the posting limits reads as the settings page's labels, old → new.
    expect(text).toContain("Seconds between two posts: 5 → 8");
    expect(text).toContain("Threads a new member may start: 3 → 2");
    expect(html).not.toMatch(UUID);
    for (const id of Object.values(ids)) expect(html).not.toContain(id);
    for (const raw of [
      "role.grant",
      "forum.report.resolve",
      "forum.post.hide",
      "alsoResolved",
      "postId",
      "reporterId",
      "postIntervalSeconds",
      "[]",
      "{",
    ])
      expect(text).not.toContain(raw);

    const es = plain(await tables("es", queries));
    expect(es).toContain("chief_admin dio a plain_member el rol de Moderador.");
    expect(es).toContain("night_mod resolvió la denuncia de plain_member sobre el mensaje n.º 2 de «Shader help for pixel art».");
    expect(es).toContain("Se ocultó el mensaje.");
    expect(es).toContain("Segundos entre dos mensajes: 5 → 8");
    expect(es).not.toMatch(UUID);
  });
});
