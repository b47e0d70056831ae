import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, collaborators, podcastEpisodes, videos } from "#server/db/schema";
import { createLogger } from "#server/platform/logger";
import { LocalStorage } from "#server/platform/storage";
import { ThumbnailUnavailable } from "#server/platform/youtube-thumbnail";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { createCollaborator } from "./create-collaborator";
import { createItem } from "./create-item";
import { deleteCollaborator } from "./delete-collaborator";
import { deleteItem } from "./delete-item";
import type { ContentDeps } from "./deps";
import { listCollaborators } from "./list-collaborators";
import { listItems } from "./list-items";
import { moveItem } from "./move-item";
import { getPublicEpisode, getPublicVideo, listPublicItems, publicCollaborators } from "./public-content";
import { publishItem } from "./publish-item";
import { contentSitemapEntries } from "./sitemap-entries";
import { updateCollaborator } from "./update-collaborator";
import { updateItem } from "./update-item";

describe("videos, podcast episodes and collaborators", () => {
  let database: DatabaseHandle;
  let deps: ContentDeps;
  let storage: LocalStorage;
  let png: Uint8Array;
  let youtubeAnswers: "ok" | "fail" = "ok";
  const fetched: string[] = [];
  const clock = testClock(new Date("2026-12-01T10:00:00Z"));
  const admin = testActor({ roles: ["Admin"], username: "boss" });
  const moderator = testActor({ roles: ["Moderator"] });
  const member = testActor();

  const video = (over: Record<string, unknown> = {}) => ({
    titleEs: "Un vídeo",
    titleEn: "A video",
    descriptionEs: "En español",
    descriptionEn: "In English",
    youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ...over,
  });
  const episode = (over: Record<string, unknown> = {}) => ({
    titleEs: "Un episodio",
    titleEn: "An episode",
    spotifyUrl: "https://open.spotify.com/episode/x",
    ...over,
  });

  beforeAll(async () => {
    database = await testDatabase();
    storage = new LocalStorage(mkdtempSync(join(tmpdir(), "content-test-")));
    png = new Uint8Array(
      await sharp({ create: { width: 320, height: 180, channels: 3, background: "#884422" } })
        .png()
        .toBuffer(),
    );
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 480, height: 360, channels: 3, background: "#224488" } })
        .jpeg()
        .toBuffer(),
    );
    deps = {
      db: database.db,
      storage,
      now: clock.now,
      log: createLogger("silent"),
      fetchThumbnail: async (id) => {
        fetched.push(id);
        if (youtubeAnswers === "fail") throw new ThumbnailUnavailable("timeout");
        return jpeg;
      },
    };
  });
  afterAll(async () => {
    await database.close();
  });

  it("refuses a visitor and every role but Admin, for every operation", async () => {
    const someId = "00000000-0000-0000-0000-000000000000";
    const calls = (who: typeof admin | null) => [
      createItem(deps, who, { kind: "video", fields: video() }),
      updateItem(deps, who, { kind: "video", id: someId, fields: video() }),
      deleteItem(deps, who, { kind: "episode", id: someId }),
      moveItem(deps, who, { kind: "video", id: someId, direction: "up" }),
      publishItem(deps, who, { kind: "video", id: someId, published: true }),
      listItems(deps, who, { kind: "video" }),
      listCollaborators(deps, who),
      createCollaborator(deps, who, { fields: { name: "X" } }),
      updateCollaborator(deps, who, { id: someId, fields: { name: "X" } }),
      deleteCollaborator(deps, who, { id: someId }),
    ];
    for (const c of calls(null)) expect(await codeOf(c)).toBe("auth.unauthenticated");
    for (const who of [member, moderator]) for (const c of calls(who)) expect(await codeOf(c)).toBe("auth.forbidden");
    expect(await database.db.select().from(videos)).toHaveLength(0);
    expect(await database.db.select().from(collaborators)).toHaveLength(0);
    expect(fetched).toEqual([]);
  });

  it("adds collaborators with an avatar re-encoded and stored, and edits and lists them", async () => {
    const lucia = await createCollaborator(deps, admin, {
      fields: { name: "Lucía", twitterUrl: "https://twitter.com/lucia" },
      avatar: png,
    });
    const [row] = await database.db.select().from(collaborators).where(eq(collaborators.id, lucia.id));
    expect(row!.avatarUrl).toMatch(new RegExp(`^/media/content/collaborators/${lucia.id}/[0-9a-f]{16}\\.webp$`));
    const stored = await storage.read(storage.keyOf(row!.avatarUrl)!);
    expect((await sharp(Buffer.from(stored!.body)).metadata()).format).toBe("webp");
    await updateCollaborator(deps, admin, { id: lucia.id, fields: { name: "Lucía B", youtubeUrl: "https://www.youtube.com/@lucia" } });
    const bad = await errorOf(updateCollaborator(deps, admin, { id: lucia.id, fields: { name: "", twitchUrl: "javascript:alert(1)" } }));
    expect(bad.details?.fieldErrors).toEqual({ name: "errors:input.invalid", twitchUrl: "errors:content.url_invalid" });
    expect(await codeOf(createCollaborator(deps, admin, { fields: { name: "Bad" }, avatar: new Uint8Array([1, 2, 3]) }))).toBe(
      "accounts.avatar_type",
    );
    await createCollaborator(deps, admin, { fields: { name: "Marco" } });
    const list = await listCollaborators(deps, admin);
    expect(list.map((c) => [c.name, c.appearances, c.twitterUrl])).toEqual([
      ["Lucía B", 0, null],
      ["Marco", 0, null],
    ]);
    expect(list[0]!.avatarUrl).toBe(row!.avatarUrl);
  });

  it("adds a video with YouTube's thumbnail fetched, re-encoded and stored by us", async () => {
    const [lucia] = await listCollaborators(deps, admin);
    const r = await createItem(deps, admin, { kind: "video", fields: video({ collaboratorIds: [lucia!.id] }) });
    expect(r).toMatchObject({ slug: "a-video", thumbnailFailed: false });
    expect(fetched).toEqual(["dQw4w9WgXcQ"]);
    const [row] = await database.db.select().from(videos).where(eq(videos.id, r.id));
    expect(row).toMatchObject({ youtubeId: "dQw4w9WgXcQ", published: false, publishedAt: null });
    expect(row!.thumbnailUrl).toMatch(/^\/media\/content\/videos\/.+\.webp$/);
    expect((await listItems(deps, admin, { kind: "video" }))[0]!.collaboratorIds).toEqual([lucia!.id]);
  });

  it("saves a video whose thumbnail YouTube does not give, and says so", async () => {
    youtubeAnswers = "fail";
    const r = await createItem(deps, admin, {
      kind: "video",
      fields: video({ titleEn: "Second", slug: "second", youtube: "aB3dE5fG7hI" }),
      published: true,
    });
    youtubeAnswers = "ok";
    expect(r.thumbnailFailed).toBe(true);
    const [row] = await database.db.select().from(videos).where(eq(videos.id, r.id));
    expect(row).toMatchObject({ thumbnailUrl: null, published: true, publishedAt: clock.now() });
  });

  it("uses an uploaded thumbnail instead of asking YouTube", async () => {
    const before = fetched.length;
    const r = await createItem(deps, admin, {
      kind: "video",
      fields: video({ titleEn: "Third", youtube: "youtu.be/Px1Art2Tut3" }),
      thumbnail: png,
    });
    expect(fetched).toHaveLength(before);
    expect(r.thumbnailFailed).toBe(false);
  });

  it("checks the fields: YouTube address, slug, links, collaborators", async () => {
    const e1 = await errorOf(
      createItem(deps, admin, { kind: "video", fields: video({ youtube: "https://vimeo.com/1", slug: "Bad Slug" }) }),
    );
    expect(e1.details?.fieldErrors).toEqual({ youtube: "errors:content.youtube_invalid", slug: "errors:content.slug_format" });
    const e2 = await errorOf(
      createItem(deps, admin, { kind: "episode", fields: episode({ appleUrl: "http://insecure.example/x", titleEs: "" }) }),
    );
    expect(e2.details?.fieldErrors).toEqual({ titleEs: "errors:input.invalid", appleUrl: "errors:content.url_invalid" });
    expect(await codeOf(createItem(deps, admin, { kind: "video", fields: video() }))).toBe("content.slug_taken");
    expect(await codeOf(createItem(deps, admin, { kind: "podcast", fields: episode() }))).toBe("input.invalid");
    expect(await codeOf(createItem(deps, admin, { kind: "episode", fields: episode({ slug: "x", collaboratorIds: ["nobody"] }) }))).toBe(
      "content.collaborator_not_found",
    );
    expect(await database.db.select().from(podcastEpisodes)).toHaveLength(0);
  });

  it("edits an item, fetching the thumbnail again when the video changes", async () => {
    const [v] = await database.db.select().from(videos).where(eq(videos.slug, "a-video"));
    const [lucia] = await listCollaborators(deps, admin);
    const before = fetched.length;
    await updateItem(deps, admin, {
      kind: "video",
      id: v!.id,
      fields: video({ slug: "a-video", titleEn: "A video, edited", collaboratorIds: [lucia!.id] }),
    });
    expect(fetched).toHaveLength(before);
    const r = await updateItem(deps, admin, {
      kind: "video",
      id: v!.id,
      fields: video({ slug: "a-video", youtube: "S0undDes1gn", collaboratorIds: [lucia!.id] }),
    });
    expect(fetched.at(-1)).toBe("S0undDes1gn");
    expect(r.thumbnailFailed).toBe(false);
    expect(await codeOf(updateItem(deps, admin, { kind: "video", id: v!.id, fields: video({ slug: "second" }) }))).toBe(
      "content.slug_taken",
    );
    expect(await codeOf(updateItem(deps, admin, { kind: "video", id: "missing", fields: video() }))).toBe("content.not_found");
  });

  it("orders items: new ones first, moved one place at a time", async () => {
    const order = async () => (await listItems(deps, admin, { kind: "video" })).map((v) => v.slug);
    expect(await order()).toEqual(["third", "second", "a-video"]);
    const [third] = await listItems(deps, admin, { kind: "video" });
    await moveItem(deps, admin, { kind: "video", id: third!.id, direction: "down" });
    expect(await order()).toEqual(["second", "third", "a-video"]);
    expect(
      await moveItem(deps, admin, { kind: "video", id: (await listItems(deps, admin, { kind: "video" }))[0]!.id, direction: "up" }),
    ).toMatchObject({
      moved: false,
    });
    expect(await order()).toEqual(["second", "third", "a-video"]);
    expect(await codeOf(moveItem(deps, admin, { kind: "video", id: third!.id, direction: "sideways" }))).toBe("input.invalid");
  });

  it("publishes and unpublishes, keeping the first date", async () => {
    const [v] = await database.db.select().from(videos).where(eq(videos.slug, "a-video"));
    await publishItem(deps, admin, { kind: "video", id: v!.id, published: true });
    const first = clock.now();
    clock.advance(86_400_000);
    await publishItem(deps, admin, { kind: "video", id: v!.id, published: false });
    await publishItem(deps, admin, { kind: "video", id: v!.id, published: true });
    expect(await publishItem(deps, admin, { kind: "video", id: v!.id, published: true })).toMatchObject({ changed: false });
    const [row] = await database.db.select().from(videos).where(eq(videos.id, v!.id));
    expect(row!.publishedAt).toEqual(first);
  });

  it("shows visitors only what is published, with its collaborators and counts", async () => {
    const list = await listPublicItems(deps, { kind: "video" });
    expect(list.items.map((i) => i.slug)).toEqual(["second", "a-video"]);
    expect(list).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(await codeOf(getPublicVideo(deps, { slug: "third" }))).toBe("content.not_found");
    const v = await getPublicVideo(deps, { slug: "a-video" });
    expect(v.collaborators.map((c) => c.name)).toEqual(["Lucía B"]);
    expect((await publicCollaborators(deps)).map((c) => [c.name, c.appearances])).toEqual([["Lucía B", 1]]);
    const e = await createItem(deps, admin, { kind: "episode", fields: episode({ slug: "ep-1" }), published: true });
    expect((await getPublicEpisode(deps, { slug: "ep-1" })).spotifyUrl).toBe("https://open.spotify.com/episode/x");
    expect(await contentSitemapEntries(database.db)).toEqual([
      expect.objectContaining({ path: "/videos" }),
      expect.objectContaining({ path: "/videos/a-video" }),
      expect.objectContaining({ path: "/videos/second" }),
      expect.objectContaining({ path: "/podcast" }),
      expect.objectContaining({ path: "/podcast/ep-1" }),
    ]);
    void e;
  });

  it("deletes items and collaborators, their links and files with them", async () => {
    const [v] = await database.db.select().from(videos).where(eq(videos.slug, "a-video"));
    const key = storage.keyOf(v!.thumbnailUrl)!;
    await deleteItem(deps, admin, { kind: "video", id: v!.id });
    expect(await storage.read(key)).toBeNull();
    expect(await codeOf(deleteItem(deps, admin, { kind: "video", id: v!.id }))).toBe("content.not_found");
    const [lucia] = await listCollaborators(deps, admin);
    const avatarKey = storage.keyOf(lucia!.avatarUrl)!;
    await deleteCollaborator(deps, admin, { id: lucia!.id });
    expect(await storage.read(avatarKey)).toBeNull();
    expect(await codeOf(deleteCollaborator(deps, admin, { id: lucia!.id }))).toBe("content.collaborator_not_found");
  });

  it("writes every change to the audit log", async () => {
    const actions = (await database.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    for (const a of [
      "content.collaborator_created",
      "content.collaborator_updated",
      "content.collaborator_deleted",
      "content.video_created",
      "content.video_updated",
      "content.video_moved",
      "content.video_published",
      "content.video_unpublished",
      "content.video_deleted",
      "content.episode_created",
    ])
      expect(actions).toContain(a);
  });
});
