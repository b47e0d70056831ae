import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { ensureRoles } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { errorOf, forumDeps, member, testClock } from "#tests/support/forum-kit";
import type { DatabaseHandle } from "#server/db/client";
import { posts, profiles, threads, users } from "#server/db/schema";
import { migrationsFolder } from "#server/paths";
import type { Actor } from "#server/modules/accounts/actor";
import { editPost } from "#server/modules/forum/edit-post";
import { reply } from "#server/modules/forum/reply";
import { SettingsStore } from "#server/modules/site/settings";
import { AREAS } from "#server/modules/areas";
import { createSearchService, searchProvidersOf, type PostHit, type SearchService, type SearchResult, type Segment } from ".";

/** Forum search on the real text search of PGlite and PostgreSQL: stemming, accents, visibility, highlights. */
describe("forum search", () => {
  let database: DatabaseHandle;
  let search: SearchService;
  let settings: SettingsStore;
  const clock = testClock();
  let alice: NonNullable<Actor>;
  let mod: NonNullable<Actor>;
  let forumId: string;
  const DAY = 24 * 3600_000;

  const section = (r: SearchResult, id: string) => r.sections.find((s) => s.id === id)!;
  const titles = (r: SearchResult) =>
    section(r, "threads").items.map((h) => (h.kind === "thread" ? h.title.map((s) => s.text).join("") : ""));
  const postPaths = (r: SearchResult) => section(r, "posts").items.map((h) => h.path);
  const marked = (segments: Segment[]) => segments.filter((s) => s.mark).map((s) => s.text);
  const text = (segments: Segment[]) => segments.map((s) => s.text).join("");
  const find = (q: string, extra: Record<string, unknown> = {}, actor: Actor = null) => search.search(actor, { q, ...extra });
  /** Thread titles and post bodies (as plain text) that match `q`. */
  const hits = async (q: string) => {
    const r = await find(q);
    const p = section(r, "posts").items.map((h) => (h.kind === "post" ? text(h.snippet) : ""));
    return [...titles(r), ...p];
  };

  beforeAll(async () => {
    database = await testDatabase();
    const db = database.db;
    await ensureRoles(db);
    alice = await member(db, clock.now(), { username: "alice_search" });
    mod = await member(db, clock.now(), { username: "mod_search", roles: ["Moderator"] });
    const cat = await createCategory(db, {});
    forumId = (await createForum(db, { categoryId: cat.id, slug: "general" })).id;
    settings = new SettingsStore(db, 0);
    await settings.write("forum_enabled", true, alice.userId);
    search = createSearchService({ db, settings, now: clock.now, providers: searchProvidersOf(AREAS) });
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY);

    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Ganas de jugar esta noche",
      body: "¿Alguien se apunta?",
      at: at(3),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Mis juegos favoritos",
      body: "Los juegos de **acción** me encantan.",
      at: at(3),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "La cancion del menu",
      body: "Una canción sin tilde en el título.",
      at: at(3),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Playing roguelikes",
      body: "The best games I have played this year.",
      at: at(3),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Enlaces y formato",
      body: "Mira [este vídeo](https://example.com/palabraoculta) y `codigo` con <b>etiquetas</b> zanahoria. Marcadores falsos: \uE000zanahoria\uE001",
      at: at(3),
    });
    const hiddenThread = await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Zafiro escondido",
      body: "zafiro zafiro",
      hidden: true,
      at: at(3),
    });
    const visible = await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Piedras preciosas",
      body: "Hablemos de piedras.",
      replies: [
        { authorId: alice.userId, body: "Una esmeralda enorme." },
        { authorId: alice.userId, body: "Un rubí rojo." },
        { authorId: alice.userId, body: "Un topacio amarillo." },
      ],
      at: at(3),
    });
    await db.update(posts).set({ hidden: true }).where(eq(posts.id, visible.posts[1].id));
    await db.update(posts).set({ deletedAt: clock.now(), deletedBy: alice.userId }).where(eq(posts.id, visible.posts[2].id));
    expect(hiddenThread.posts).toHaveLength(1);
    // 25 posts with one word, a day apart (the newest first in the ranking: same relevance, newer wins).
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Hilo largo",
      body: "Empezamos.",
      at: at(40),
      replies: Array.from({ length: 25 }, (_, i) => ({ authorId: alice.userId, body: `Mensaje ${i + 1} sobre pixelart`, at: at(30 - i) })),
    });
  });
  afterAll(() => database.close());

  it("Spanish stemming: a verb form finds the same verb, not every word that shares its root", async () => {
    // The Snowball stemmer turns jugar, jugando and jugamos into "jug", but juego and juegos into "jueg".
    expect(await hits("jugando")).toEqual(["Ganas de jugar esta noche"]);
    expect(await hits("jugamos")).toEqual(["Ganas de jugar esta noche"]);
    expect(await hits("juego")).toEqual(["Mis juegos favoritos", "Los juegos de acción me encantan."]);
    expect(await hits("favorito")).toEqual(["Mis juegos favoritos"]);
  });

  it("English stemming: play finds playing and played, game finds games", async () => {
    expect(await hits("play")).toEqual(["Playing roguelikes", "The best games I have played this year."]);
    expect(await hits("game")).toEqual(["The best games I have played this year."]);
  });

  it("accents do not matter, either way", async () => {
    expect(await hits("accion")).toEqual(["Los juegos de acción me encantan."]);
    expect(await hits("ACCIÓN")).toEqual(["Los juegos de acción me encantan."]);
    // "cancion" is written without its accent in the title and with it in the post: both are found both ways.
    expect(await hits("canción")).toEqual(["La cancion del menu", "Una canción sin tilde en el título."]);
    expect(await hits("cancion")).toEqual(["La cancion del menu", "Una canción sin tilde en el título."]);
    expect(await hits("titulo")).toEqual(["Una canción sin tilde en el título."]);
  });

  it("highlights the matches as marked pieces of plain text, in the original spelling", async () => {
    const r = await find("accion");
    const [post] = section(r, "posts").items;
    expect(post.kind).toBe("post");
    if (post.kind !== "post") return;
    expect(marked(post.snippet)).toEqual(["acción"]);
    expect(text(post.snippet)).toContain("Los juegos de acción me encantan.");
    const [thread] = section(await find("juegos"), "threads").items;
    if (thread.kind !== "thread") throw new Error("expected a thread");
    expect(thread.title).toEqual([
      { text: "Mis ", mark: false },
      { text: "juegos", mark: true },
      { text: " favoritos", mark: false },
    ]);
  });

  it("searches what a reader sees: not link addresses, not markup; fake markers in the text mark nothing", async () => {
    expect(await hits("palabraoculta")).toEqual([]);
    expect(await hits("strong")).toEqual([]);
    expect(await hits("vídeo")).toHaveLength(1);
    const [post] = section(await find("zanahoria"), "posts").items;
    if (post.kind !== "post") throw new Error("expected a post");
    // The two real words are marked; the private-use markers typed in the post are gone, marking nothing.
    expect(marked(post.snippet)).toEqual(["zanahoria", "zanahoria"]);
    expect(text(post.snippet)).not.toMatch(/[\uE000\uE001]/);
    expect(text(post.snippet)).toContain("Marcadores falsos: zanahoria");
  });

  it("hidden threads (and their posts), hidden posts and deleted posts never appear, even to moderators", async () => {
    for (const actor of [null, alice, mod]) {
      expect(await hits("zafiro"), "hidden thread").toEqual([]);
      expect(
        (await find("esmeralda", {}, actor)).sections.every((s) => s.total === 0),
        "hidden post",
      ).toBe(true);
      expect(
        (await find("rubí", {}, actor)).sections.every((s) => s.total === 0),
        "deleted post",
      ).toBe(true);
    }
    expect(await hits("topacio")).toEqual(["Un topacio amarillo."]);
  });

  it("nothing from the forum while the forum is switched off", async () => {
    await settings.write("forum_enabled", false, alice.userId);
    try {
      const r = await find("juegos");
      expect(r.status).toBe("ok");
      // Only the forum's sections go (key campaigns and featured games stay searchable).
      expect(r.sections.map((x) => x.id)).toEqual(["campaigns", "featured", "videos", "podcast", "jobs"]);
    } finally {
      await settings.write("forum_enabled", true, alice.userId);
    }
  });

  it("pages: a preview of 5 per section, then 20 a page in the chosen section, newest first among equals", async () => {
    const overview = await find("pixelart");
    expect(overview).toMatchObject({ type: null, page: 1, pageCount: 1, status: "ok" });
    expect(section(overview, "posts")).toMatchObject({ total: 25, capped: false });
    expect(postPaths(overview)).toEqual([26, 25, 24, 23, 22].map((n) => `/community/general/hilo-largo?post=${n}`));

    const p1 = await find("pixelart", { type: "posts", page: "1" });
    expect(p1).toMatchObject({ type: "posts", page: 1, pageCount: 2 });
    expect(postPaths(p1)).toHaveLength(20);
    expect(section(p1, "threads")).toMatchObject({ total: 0, items: [] });
    const p2 = await find("pixelart", { type: "posts", page: "2" });
    expect(postPaths(p2)).toEqual([6, 5, 4, 3, 2].map((n) => `/community/general/hilo-largo?post=${n}`));
    expect(new Set([...postPaths(p1), ...postPaths(p2)]).size).toBe(25);
    // Past the last page: empty, with the real page count; a junk page number is page 1.
    expect(await find("pixelart", { type: "posts", page: "9" })).toMatchObject({
      page: 9,
      pageCount: 2,
      sections: expect.arrayContaining([expect.objectContaining({ id: "posts", items: [] })]),
    });
    expect((await find("pixelart", { type: "posts", page: "-1" })).page).toBe(1);
    // An unknown section is the overview.
    expect((await find("pixelart", { type: "games" })).type).toBeNull();
  });

  it("a hit carries its forum, author, date and deep link", async () => {
    const [post] = section(await find("topacio"), "posts").items;
    expect(post).toMatchObject({
      kind: "post",
      number: 4,
      path: "/community/general/piedras-preciosas?post=4",
      thread: { title: "Piedras preciosas", path: "/community/general/piedras-preciosas" },
      forum: { slug: "general" },
      author: { username: "alice_search" },
    });
    expect(Date.parse((post as PostHit).createdAt)).toBeGreaterThan(0);
  });

  it("recency breaks ties, relevance still counts: a title matching twice beats a newer one matching once", async () => {
    const db = database.db;
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Dragones antiguos",
      at: new Date(clock.now().getTime() - 300 * DAY),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Dragones nuevos",
      at: new Date(clock.now().getTime() - DAY),
    });
    expect(titles(await find("dragones"))).toEqual(["Dragones nuevos", "Dragones antiguos"]);
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Gnomos, gnomos y más gnomos",
      at: new Date(clock.now().getTime() - 200 * DAY),
    });
    await createThreadWithPosts(db, {
      forumId,
      authorId: alice.userId,
      title: "Un gnomo en el jardín de casa",
      at: new Date(clock.now().getTime() - 2 * DAY),
    });
    expect(titles(await find("gnomo"))[0]).toBe("Gnomos, gnomos y más gnomos");
  });

  it("a reply and an edit made through the forum are searchable at once (the vectors are generated columns)", async () => {
    const deps = forumDeps(database.db, clock);
    const [thread] = await database.db.select({ id: threads.id }).from(threads).where(eq(threads.slug, "piedras-preciosas"));
    clock.advance(60_000);
    const created = await reply(deps, alice, { threadId: thread.id, body: "Un ópalo brillante." });
    expect(await hits("opalo")).toEqual(["Un ópalo brillante."]);
    clock.advance(60_000);
    await editPost(deps, alice, { postId: created.postId, body: "Una amatista." });
    expect(await hits("opalo")).toEqual([]);
    expect(await hits("amatista")).toEqual(["Una amatista."]);
  });

  it("a post whose author deleted the account shows without an author", async () => {
    const gone = await member(database.db, clock.now(), { username: "gone_search" });
    await createThreadWithPosts(database.db, { forumId, authorId: gone.userId, title: "Huérfano", body: "Texto huérfano." });
    await database.db.delete(profiles).where(eq(profiles.id, gone.userId));
    await database.db.delete(users).where(eq(users.id, gone.userId));
    const r = await find("huerfano");
    expect(section(r, "threads").items[0]).toMatchObject({ author: null });
    expect(section(r, "posts").items[0]).toMatchObject({ author: null });
  });

  it("odd input never errors: quotes, operators, backslashes, NUL; stop words or exclusions alone search nothing", async () => {
    const inputs = [
      `'`,
      `''`,
      `"`,
      `"unclosed`,
      `\\`,
      `\\\\'`,
      `&|!:*`,
      `a:*`,
      `juegos:*`,
      `!(juegos)`,
      `juegos & | !`,
      `<->`,
      `x' OR 1=1 --`,
      `(()`,
      `%_`,
      `\u0000juegos`,
      `<mark>juegos</mark>`,
      `ñ́`,
      "𝔧𝔲𝔢𝔤𝔬𝔰 🎮",
    ];
    for (const q of inputs) {
      const r = await find(q).catch((e) => (e?.code === "input.invalid" ? null : Promise.reject(e)));
      if (r) expect(["ok", "no_terms"]).toContain(r.status);
    }
    expect(await hits("\u0000juegos")).toEqual(await hits("juegos"));
    expect(await hits(`"juegos favoritos"`)).toEqual(["Mis juegos favoritos"]);
    expect(await hits("juegos -favoritos")).toEqual(["Los juegos de acción me encantan."]);
    expect(await find("-juegos")).toMatchObject({ status: "no_terms", sections: [] });
    // Words that are stop words in both languages.
    expect(await find("a no me")).toMatchObject({ status: "no_terms", sections: [] });
  });

  it("refuses a query shorter than 2 or longer than 200 characters (after trimming)", async () => {
    expect((await errorOf(find(" a "))).details).toEqual({ fieldErrors: { q: "site:search.tooShort" } });
    expect((await errorOf(find("x".repeat(201)))).details).toEqual({ fieldErrors: { q: "site:search.tooLong" } });
    expect((await find("x".repeat(200))).status).toBe("ok");
  });

  it("the migration fills the vectors of rows that existed before it", async () => {
    const db = database.db;
    // Back to the state before migration 0005, with rows written then; then run 0005 as the migrator does.
    await database.query("drop index posts_search_idx");
    await database.query("drop index threads_search_idx");
    await database.query("alter table posts drop column search_vector");
    await database.query("alter table threads drop column search_vector");
    await database.query(`update posts set body_html = '<p>Un cuarzo <strong>rosa</strong></p>' where body_md = 'Hablemos de piedras.'`);
    const statements = readFileSync(join(migrationsFolder, "0005_forum_search.sql"), "utf8").split("--> statement-breakpoint");
    for (const s of statements) await database.query(s);
    expect(await hits("cuarzo")).toEqual(["Un cuarzo rosa"]);
    const empty = (
      (await db.execute(sql`select count(*)::int as n from posts where search_vector is null`)) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
    expect(empty).toBe(0);
  });
});
