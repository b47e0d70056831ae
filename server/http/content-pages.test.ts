import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { auditLog, collaborators, podcastEpisodes, videos } from "#server/db/schema";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { mainOf, pageClient, textOf } from "#tests/support/pages";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";

/**
 * Videos, the podcast and their collaborators, driven as a browser without JavaScript would: the public lists
 * and pages in both languages (empty states, paging, the facade, platform links, JSON-LD for visitors only),
 * /about's collaborators, the sitemap and search; the content and collaborators tabs for Admins only, every
 * mutation refused to anyone else, and an Admin's forms (multipart with files) with their messages.
 */
let t: TestApp;
let stub: YoutubeStub;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.117");
const cookies = { admin: "", moderator: "", member: "" };
let png: Uint8Array;

beforeAll(async () => {
  stub = await startYoutubeStub();
  stub.thumbnails.set(
    "dQw4w9WgXcQ",
    new Uint8Array(
      await sharp({ create: { width: 480, height: 360, channels: 3, background: "#113355" } })
        .jpeg()
        .toBuffer(),
    ),
  );
  png = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#aa3300" } })
      .png()
      .toBuffer(),
  );
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", YOUTUBE_THUMBNAIL_URL: stub.origin });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "content_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "content_mod" });
  const member = await createUser(db, { username: "content_member" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.member = await signIn(t, member.email, PW);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

/** A multipart post, as a browser sends a form with a file field. */
const postMultipart = (
  path: string,
  fields: Record<string, string | string[]>,
  files: Record<string, Uint8Array> = {},
  cookie?: string,
) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  for (const [k, v] of Object.entries(files)) body.append(k, new Blob([new Uint8Array(v)], { type: "image/png" }), `${k}.png`);
  return t.request(path, { method: "POST", cookie, body, headers: { "x-test-ip": "198.51.117.250" } });
};

const ADMIN = "/en/admin/content";
const COLLAB = "/en/admin/collaborators";
const videoFields = (over: Record<string, string | string[]> = {}) => ({
  intent: "create",
  formId: "new-video",
  kind: "video",
  titleEs: "Hollow Pines: primer vistazo",
  titleEn: "Hollow Pines: first look",
  descriptionEs: "Un paseo por el bosque.",
  descriptionEn: "A walk through the forest.",
  youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  slug: "",
  ...over,
});

describe("public pages before anything is published", () => {
  it("say why the lists are empty, in both languages", async () => {
    const en = await get("/en/videos");
    expect(en.status).toBe(200);
    expect(await textOf(en)).toContain("No videos yet");
    expect(await textOf(await get("/es/videos"))).toContain("Aún no hay vídeos");
    expect(await textOf(await get("/en/podcast"))).toContain("No episodes yet");
    expect(await textOf(await get("/es/podcast"))).toContain("Aún no hay episodios");
    expect((await get("/en/videos/nothing-here")).status).toBe(404);
    expect((await get("/en/podcast/nothing-here")).status).toBe(404);
    expect((await get("/en/videos?page=2")).status).toBe(404);
  });
});

describe("/admin/content and /admin/collaborators", () => {
  it("open for an Admin in both languages; a Moderator and a member are refused, a visitor sent to sign in", async () => {
    for (const path of [ADMIN, COLLAB]) {
      expect((await get(path, cookies.admin)).status).toBe(200);
      expect((await get(path, cookies.moderator)).status).toBe(403);
      expect((await get(path, cookies.member)).status).toBe(302);
      const visitor = await get(path);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/en\/login\?redirectTo=/);
    }
    expect(await textOf(await get(ADMIN, cookies.admin))).toContain("Videos and podcast");
    expect(await textOf(await get("/es/admin/content", cookies.admin))).toContain("Vídeos y pódcast");
    expect(await textOf(await get("/es/admin/collaborators", cookies.admin))).toContain("Aún no hay colaboradores");
  });

  it("refuses every mutation to a visitor, a member and a Moderator, changing nothing", async () => {
    const mutations: [string, Record<string, string>][] = [
      [ADMIN, videoFields()],
      [ADMIN, { intent: "publish", kind: "video", id: "x" }],
      [ADMIN, { intent: "move-up", kind: "video", id: "x" }],
      [ADMIN, { intent: "delete", kind: "episode", id: "x" }],
      [COLLAB, { intent: "create", name: "Nope" }],
      [COLLAB, { intent: "delete", id: "x" }],
    ];
    for (const [path, fields] of mutations) {
      expect((await post(path, fields)).status).toBe(302);
      expect((await post(path, fields, cookies.member)).status).toBe(302);
      const mod = await post(path, fields, cookies.moderator);
      expect(mod.status).toBe(403);
    }
    expect(await t.services.db.select().from(videos)).toHaveLength(0);
    expect(await t.services.db.select().from(collaborators)).toHaveLength(0);
  });

  it("an Admin adds collaborators (an avatar uploaded), with the failure message and the field's error when refused", async () => {
    const refused = await post(COLLAB, { intent: "create", name: "", twitterUrl: "ftp://x" }, cookies.admin);
    expect(refused.status).toBe(400);
    const text = await textOf(refused);
    expect(text).toContain("The collaborator could not be added.");
    expect(text).toContain("Enter a full address starting with https://.");
    const es = await textOf(await post("/es/admin/collaborators", { intent: "create", name: "" }, cookies.admin));
    expect(es).toContain("No se pudo añadir al colaborador.");
    const ok = await postMultipart(
      COLLAB,
      { intent: "create", name: "Lucía Brisa", twitterUrl: "https://twitter.com/lucia" },
      { avatar: png },
      cookies.admin,
    );
    expect(ok.status).toBe(200);
    expect(await textOf(ok)).toContain("Lucía Brisa was added.");
    await post(COLLAB, { intent: "create", name: "Marco Pixel" }, cookies.admin);
    const [lucia] = await t.services.db.select().from(collaborators).where(eq(collaborators.name, "Lucía Brisa"));
    expect(lucia!.avatarUrl).toMatch(/^\/media\/content\/collaborators\/.+\.webp$/);
    expect((await get(lucia!.avatarUrl!)).headers.get("content-type")).toBe("image/webp");
    const list = await textOf(await get(COLLAB, cookies.admin));
    expect(list).toContain("Lucía Brisa");
    expect(list).toContain("Marco Pixel");
    // The edit dialog opens from the address, before JavaScript.
    expect(await textOf(await get(`${COLLAB}?edit=${lucia!.id}`, cookies.admin))).toContain("Edit Lucía Brisa");
    const edited = await post(
      COLLAB,
      { intent: "update", id: lucia!.id, name: "Lucía B.", youtubeUrl: "https://www.youtube.com/@lucia" },
      cookies.admin,
    );
    expect(await textOf(edited)).toContain("Lucía B. was saved.");
  });

  it("an Admin adds a video: YouTube's thumbnail is fetched and stored by us; an unknown thumbnail gives a note", async () => {
    const [lucia] = await t.services.db.select().from(collaborators).where(eq(collaborators.name, "Lucía B."));
    const res = await postMultipart(ADMIN, videoFields({ collaboratorIds: [lucia!.id], published: "on" }), {}, cookies.admin);
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("“Hollow Pines: first look” was added.");
    expect(text).not.toContain("could not be fetched");
    const [v] = await t.services.db.select().from(videos).where(eq(videos.slug, "hollow-pines-first-look"));
    expect(v).toMatchObject({ published: true, youtubeId: "dQw4w9WgXcQ" });
    expect(v!.thumbnailUrl).toMatch(/^\/media\/content\/videos\//);

    const unknown = await postMultipart(
      ADMIN,
      videoFields({ titleEn: "Second video", youtube: "aB3dE5fG7hI", formId: "new-video" }),
      {},
      cookies.admin,
    );
    expect(await textOf(unknown)).toContain("YouTube's thumbnail could not be fetched");
    const es = await postMultipart("/es/admin/content", videoFields({ titleEn: "Third video", youtube: "Px1Art2Tut3" }), {}, cookies.admin);
    expect(await textOf(es)).toContain("No se pudo traer la miniatura de YouTube");
  });

  it("keeps what was typed and says why when a video is refused", async () => {
    const res = await post(ADMIN, videoFields({ youtube: "https://vimeo.com/123", titleEn: "Kept title" }), cookies.admin);
    expect(res.status).toBe(400);
    const html = mainOf(await res.text());
    expect(html).toContain("The item could not be added.");
    expect(html).toContain("Enter a YouTube video address (or its 11-character id).");
    expect(html).toContain('value="Kept title"');
    const taken = await post(ADMIN, videoFields({ slug: "hollow-pines-first-look" }), cookies.admin);
    expect(taken.status).toBe(409);
    expect(await textOf(taken)).toContain("Another item already uses this address.");
  });

  it("an Admin adds an episode with its platform links, reorders, publishes and deletes with a confirmation", async () => {
    const [marco] = await t.services.db.select().from(collaborators).where(eq(collaborators.name, "Marco Pixel"));
    const ep = await postMultipart(
      ADMIN,
      {
        intent: "create",
        formId: "new-episode",
        kind: "episode",
        titleEs: "Estudio pequeño, grandes sueños",
        titleEn: "Small studio, big dreams",
        descriptionEn: "Making games with a team of three.",
        spotifyUrl: "https://open.spotify.com/episode/abc",
        ivooxUrl: "https://www.ivoox.com/abc",
        collaboratorIds: marco!.id,
        slug: "small-studio",
      },
      { thumbnail: png },
      cookies.admin,
    );
    expect(await textOf(ep)).toContain("“Small studio, big dreams” was added.");
    const [episode] = await t.services.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.slug, "small-studio"));
    expect(await textOf(await post(ADMIN, { intent: "publish", kind: "episode", id: episode!.id, title: "x" }, cookies.admin))).toContain(
      "“x” is published.",
    );

    // New videos come first; "move down" takes the newest one place down.
    const order = async () =>
      (await t.services.db.select({ slug: videos.slug, position: videos.position }).from(videos))
        .sort((a, b) => a.position - b.position)
        .map((r) => r.slug);
    const before = await order();
    const [newest] = await t.services.db.select().from(videos).where(eq(videos.slug, before[0]!));
    await post(ADMIN, { intent: "move-down", kind: "video", id: newest!.id, title: "t" }, cookies.admin);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);

    await post(ADMIN, { intent: "publish", kind: "video", id: newest!.id, title: "t" }, cookies.admin);
    const unpublished = await post(ADMIN, { intent: "unpublish", kind: "video", id: newest!.id, title: "Newest" }, cookies.admin);
    expect(await textOf(unpublished)).toContain("“Newest” is no longer published.");
    const [third] = await t.services.db.select().from(videos).where(eq(videos.titleEn, "Second video"));
    const deleted = await post(ADMIN, { intent: "delete", kind: "video", id: third!.id, title: "Second video" }, cookies.admin);
    expect(await textOf(deleted)).toContain("“Second video” was deleted.");
    expect(await t.services.db.select().from(videos).where(eq(videos.id, third!.id))).toHaveLength(0);
    // The delete asks first: a disclosure with its question, before JavaScript.
    const page = await textOf(await get(ADMIN, cookies.admin));
    expect(page).toContain("Delete “Hollow Pines: first look”? Visitors will no longer find it");
    const actions = (await t.services.db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a);
    for (const a of [
      "content.video_created",
      "content.video_moved",
      "content.video_published",
      "content.video_deleted",
      "content.episode_created",
      "content.episode_published",
      "content.collaborator_created",
      "content.collaborator_updated",
    ])
      expect(actions).toContain(a);
  });
});

describe("public pages with published items", () => {
  it("list the published videos and episodes in both languages", async () => {
    const en = await textOf(await get("/en/videos"));
    expect(en).toContain("Hollow Pines: first look");
    expect(en).toContain("1 video");
    const es = await textOf(await get("/es/videos"));
    expect(es).toContain("Hollow Pines: primer vistazo");
    expect(await textOf(await get("/en/podcast"))).toContain("Small studio, big dreams");
    expect(await textOf(await get("/es/podcast"))).toContain("Estudio pequeño, grandes sueños");
  });

  it("play a video through the facade: our thumbnail, nothing from YouTube in the page before the click", async () => {
    const html = await (await get("/en/videos/hollow-pines-first-look")).text();
    const main = mainOf(html);
    expect(main).toContain('data-track-event="video_play"');
    expect(main).toContain('data-track-id="hollow-pines-first-look"');
    expect(main).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(main).toMatch(/<img src="\/media\/content\/videos\/[^"]+\.webp"/);
    expect(main).not.toContain("<iframe");
    expect(html).not.toMatch(/src="https?:\/\/[^"]*(ytimg|youtube)/);
    expect(await textOf(new Response(html))).toContain("Lucía B.");
    expect(await textOf(await get("/es/videos/hollow-pines-first-look"))).toContain("Quién aparece");
  });

  it("give visitors VideoObject and PodcastEpisode structured data, and leave it out for a signed-in person", async () => {
    const video = await (await get("/en/videos/hollow-pines-first-look")).text();
    expect(video).toContain('type="application/ld+json"');
    expect(video).toContain('"@type":"VideoObject"');
    expect(video).toContain('"embedUrl":"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    const episode = await (await get("/en/podcast/small-studio")).text();
    expect(episode).toContain('"@type":"PodcastEpisode"');
    expect(await (await get("/en/videos/hollow-pines-first-look", cookies.member)).text()).not.toContain("application/ld+json");
  });

  it("link an episode to each platform set, with its analytics hooks", async () => {
    const main = mainOf(await (await get("/en/podcast/small-studio")).text());
    expect(main).toContain('href="https://open.spotify.com/episode/abc"');
    expect(main).toContain('data-track-event="podcast_platform_click"');
    expect(main).toContain('data-track-detail="ivoox"');
    expect(main).toContain('data-track-id="small-studio"');
    expect(main).not.toContain('data-track-detail="apple"');
    expect(await textOf(await get("/es/podcast/small-studio"))).toContain("Escúchalo en");
  });

  it("show the collaborators on /about with their appearances", async () => {
    const en = await textOf(await get("/en/about"));
    expect(en).toContain("Our collaborators");
    expect(en).toContain("Lucía B.");
    expect(en).toContain("1 appearance");
    expect(await textOf(await get("/es/about"))).toContain("1 aparición");
  });

  it("are in the sitemap and in search, unpublished ones not", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("/en/videos</loc>");
    expect(xml).toContain("/es/videos/hollow-pines-first-look</loc>");
    expect(xml).toContain("/en/podcast/small-studio</loc>");
    expect(xml).not.toContain("third-video");
    const found = await (await get("/en/search?q=forest")).text();
    expect(found).toContain('href="/en/videos/hollow-pines-first-look"');
    expect(await textOf(new Response(found))).toContain("Videos");
    expect(await (await get("/es/search?q=estudio")).text()).toContain('href="/es/podcast/small-studio"');
    expect(await (await get("/en/search?q=third")).text()).not.toContain("/videos/third-video");
  });
});
