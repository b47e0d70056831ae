import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser } from "#server/db/factories";
import {
  auditLog,
  episodeFiles,
  episodeGuestSessions,
  episodeRoomTokens,
  episodeRooms,
  mailOutbox,
  podcastEpisodes,
} from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime, type RealtimeMessage } from "#server/platform/realtime";
import { LocalStorage } from "#server/platform/storage";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { startSmtpServer } from "#tests/support/smtp";
import { createRoom } from "./create-room";
import { roomChannel, roomFilePrefix, type RoomsDeps } from "./deps";
import { listRooms } from "./list-rooms";
import { listPodcastChoices } from "./podcast-choices";
import { RoomPresence } from "./presence";
import { publishRoom } from "./publish-room";
import { purgeFiles } from "./purge-files";
import { reissueToken } from "./reissue-token";
import { revokeGuest } from "./revoke-guest";
import { hashSecret } from "./secrets";
import { updateRoom } from "./update-room";

const LINK = /\/(es|en)\/episode-panel\/([0-9a-f-]{36})\/join\?token=([A-Za-z0-9_-]{43})/;

describe("episode rooms: the admin tab's operations", () => {
  let database: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let failing: Awaited<ReturnType<typeof startSmtpServer>>;
  let deps: RoomsDeps;
  let failingDeps: RoomsDeps;
  let uploads: string;
  const clock = testClock(new Date("2026-12-01T10:00:00Z"));
  let admin: NonNullable<Actor>;
  let host: NonNullable<Actor>;
  let otherMod: NonNullable<Actor>;
  let creator: NonNullable<Actor>;
  let company: NonNullable<Actor>;
  const heard: RealtimeMessage[] = [];

  const log = createLogger("error", {}, () => {});
  const depsFor = (smtpUrl: string, db = database.db): RoomsDeps => ({
    db,
    settings: new SettingsStore(db, 0),
    mailer: new Mailer(db, { smtpUrl, mailFrom: "Nexo Indie <no-reply@example.com>" }, log),
    storage: new LocalStorage(uploads),
    realtime: deps?.realtime ?? createInProcessRealtime(log),
    rateLimiter: new RateLimiter(db, () => clock.now().getTime()),
    events: new EventBus(log),
    presence: new RoomPresence(),
    siteName: "Nexo Indie",
    baseUrl: "http://localhost:3999/",
    now: clock.now,
    log,
  });
  const form = (over: Record<string, unknown> = {}) => ({
    title: "Pixel art on a budget",
    guestName: "Lucía Ramos",
    guestEmail: "Lucia@Example.com",
    guestLocale: "es",
    podcastId: "",
    hostTimeZone: "",
    ...over,
  });
  /** A room made by `who`, its invitation's secret read from the mail. */
  async function room(who = host, over: Record<string, unknown> = {}) {
    smtp.received.length = 0;
    const r = await createRoom(deps, who, form(over));
    const mail = smtp.received.at(-1)!;
    const [, lang, id, secret] = mail.text.match(LINK)!;
    expect(id).toBe(r.roomId);
    return { ...r, secret, lang, mail };
  }
  const roomRow = async (id: string) => (await database.db.select().from(episodeRooms).where(eq(episodeRooms.id, id)))[0];
  const tokensOf = (id: string) =>
    database.db.select().from(episodeRoomTokens).where(eq(episodeRoomTokens.roomId, id)).orderBy(episodeRoomTokens.createdAt);
  async function guestSession(roomId: string, userId: string | null = null) {
    const id = crypto.randomUUID();
    await database.db.insert(episodeGuestSessions).values({ id, roomId, secretHash: hashSecret(id), userId });
    if (userId) await database.db.update(episodeRooms).set({ guestUserId: userId }).where(eq(episodeRooms.id, roomId));
    return id;
  }
  async function storedFile(roomId: string, name: string) {
    const key = `${roomFilePrefix(roomId)}${crypto.randomUUID()}`;
    await deps.storage.put(key, new TextEncoder().encode(name));
    await database.db.insert(episodeFiles).values({
      id: crypto.randomUUID(),
      roomId,
      storageKey: key,
      fileName: name,
      contentType: "text/plain",
      bytes: name.length,
      uploadedByRole: "host",
      uploadedByName: "host",
    });
    return key;
  }

  beforeAll(async () => {
    database = await testDatabase();
    uploads = mkdtempSync(join(tmpdir(), "rooms-admin-"));
    smtp = await startSmtpServer();
    failing = await startSmtpServer({ failWith: "mailbox unavailable" });
    deps = depsFor(smtp.url);
    failingDeps = depsFor(failing.url);
    const team = async (username: string, role: "Admin" | "Moderator") => {
      const u = await createUser(database.db, { username, roles: [role] });
      return testActor({ userId: u.id, username, email: u.email, roles: [role], profileRole: null });
    };
    admin = await team("rooms_admin", "Admin");
    host = await team("rooms_host", "Moderator");
    otherMod = await team("rooms_other", "Moderator");
    const c = await createUser(database.db, { username: "rooms_creator" });
    creator = testActor({ userId: c.id, username: "rooms_creator" });
    const co = await createUser(database.db, { username: "rooms_company" });
    company = testActor({
      userId: co.id,
      username: "rooms_company",
      profileRole: "company",
      company: { slug: "studio", companyName: "Studio", verified: true },
    });
    await database.db.insert(podcastEpisodes).values([
      { id: "pod-1", slug: "pixel-art", titleEs: "Pixel art barato", titleEn: "Cheap pixel art", published: false },
      { id: "pod-2", slug: "godot", titleEs: "Godot en serio", titleEn: "Godot for real", published: true },
    ]);
  });
  afterAll(async () => {
    await smtp.close();
    await failing.close();
    await deps.realtime.close();
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
  });
  beforeEach(async () => {
    clock.set(new Date("2026-12-01T10:00:00Z"));
    await database.db.delete(episodeRooms);
    await database.db.delete(auditLog);
    smtp.received.length = 0;
    heard.length = 0;
  });

  describe("opening a room", () => {
    it("keeps the room, hosts it by whoever opens it, and mails the guest a working link in their language", async () => {
      const r = await room(host, { podcastId: "pod-1" });
      const row = await roomRow(r.roomId);
      expect(row).toMatchObject({
        title: "Pixel art on a budget",
        guestName: "Lucía Ramos",
        guestEmail: "lucia@example.com",
        guestLocale: "es",
        hostId: host.userId,
        podcastId: "pod-1",
        status: "preparing",
        hostTimeZone: "Europe/Madrid",
      });
      expect(r.lang).toBe("es");
      expect(r.mail.to).toEqual(["lucia@example.com"]);
      expect(r.mail.subject).toBe("rooms_host te invita a preparar «Pixel art on a budget» en Nexo Indie");
      expect(r.mail.text).toContain("Hola, Lucía Ramos");
      expect(r.mail.text).toContain("(Pixel art barato)");
      expect(r.mail.text).toContain("15 de diciembre de 2026");
      expect(r.mail.text).toContain(`http://localhost:3999/es/episode-panel/${r.roomId}/join?token=${r.secret}`);
      // Only the secret's hash is stored, valid for the setting's days.
      const [token] = await tokensOf(r.roomId);
      expect(token.tokenHash).toBe(hashSecret(r.secret));
      expect(token.tokenHash).not.toContain(r.secret);
      expect(token.expiresAt.toISOString()).toBe("2026-12-15T10:00:00.000Z");
      expect(token).toMatchObject({ usedAt: null, revokedAt: null, createdBy: host.userId });
      const audit = await database.db.select().from(auditLog);
      expect(audit).toEqual([expect.objectContaining({ action: "rooms.created", targetId: r.roomId, actorId: host.userId })]);
    });

    it("writes the invitation in English to an English guest, for the setting's days, in the host's time zone", async () => {
      await deps.settings.write("episode_rooms", { tokenDays: 3, chatPerMinute: 20 }, "test");
      try {
        const r = await room(admin, { guestLocale: "en", hostTimeZone: "America/Mexico_City" });
        expect(r.lang).toBe("en");
        expect(r.mail.subject).toBe("rooms_admin invites you to prepare “Pixel art on a budget” on Nexo Indie");
        expect(r.mail.text).toContain("December 4, 2026");
        expect(r.mail.text).not.toContain("podcast together (");
        expect((await tokensOf(r.roomId))[0].expiresAt.toISOString()).toBe("2026-12-04T10:00:00.000Z");
        expect((await roomRow(r.roomId)).hostTimeZone).toBe("America/Mexico_City");
      } finally {
        await deps.settings.write("episode_rooms", { tokenDays: 14, chatPerMinute: 20 }, "test");
      }
    });

    it("refuses a missing title and guest, a wrong email, an unknown time zone or podcast episode, keeping nothing", async () => {
      const err = await errorOf(
        createRoom(deps, host, form({ title: " ", guestName: "", guestEmail: "nope", hostTimeZone: "Mars/Olympus" })),
      );
      expect(err.code).toBe("input.invalid");
      expect(err.details?.fieldErrors).toEqual({
        title: "errors:rooms.title_required",
        guestName: "errors:rooms.guest_name_required",
        guestEmail: "errors:rooms.guest_email_invalid",
        hostTimeZone: "errors:rooms.time_zone_invalid",
      });
      const missing = await errorOf(createRoom(deps, host, form({ podcastId: "pod-404" })));
      expect(missing.details?.fieldErrors).toEqual({ podcastId: "errors:rooms.podcast_not_found" });
      expect(await codeOf(createRoom(deps, host, form({ guestLocale: "fr" })))).toBe("input.invalid");
      expect(await database.db.select().from(episodeRooms)).toEqual([]);
      expect(smtp.received).toEqual([]);
    });

    it("keeps the room when the mail server refuses the invitation, and says so", async () => {
      const before = (await database.db.select().from(mailOutbox)).length;
      const err = await errorOf(createRoom(failingDeps, host, form()));
      expect(err.code).toBe("rooms.invite_failed");
      const rooms = await database.db.select().from(episodeRooms);
      expect(rooms).toHaveLength(1);
      expect(await tokensOf(rooms[0].id)).toHaveLength(1);
      const outbox = await database.db.select().from(mailOutbox);
      expect(outbox.length).toBe(before + 1);
      expect(outbox.at(-1)).toMatchObject({ status: "failed", to: "lucia@example.com" });
    });

    it("offers every podcast episode, published or not", async () => {
      expect((await listPodcastChoices(deps, host)).map((p) => p.id).sort()).toEqual(["pod-1", "pod-2"]);
    });
  });

  describe("the guest's invitation and access", () => {
    it("re-issues: the old link stops working, a new one is mailed", async () => {
      const r = await room();
      clock.advance(3600_000);
      smtp.received.length = 0;
      const out = await reissueToken(deps, host, { roomId: r.roomId });
      expect(out.guestEmail).toBe("lucia@example.com");
      const [, , , secret] = smtp.received[0].text.match(LINK)!;
      expect(secret).not.toBe(r.secret);
      const [old, fresh] = await tokensOf(r.roomId);
      expect(old.tokenHash).toBe(hashSecret(r.secret));
      expect(old.revokedAt).not.toBeNull();
      expect(fresh).toMatchObject({ tokenHash: hashSecret(secret), revokedAt: null, usedAt: null });
      expect((await database.db.select().from(auditLog)).map((a) => a.action)).toContain("rooms.token_reissued");
    });

    it("says a re-issued link could not be mailed", async () => {
      const r = await room();
      expect(await codeOf(reissueToken(failingDeps, host, { roomId: r.roomId }))).toBe("rooms.reinvite_failed");
    });

    it("revokes the guest: sessions and open links end, the linked account is forgotten, open pages hear it", async () => {
      const r = await room();
      await guestSession(r.roomId, creator.userId);
      const stop = deps.realtime.subscribe(roomChannel(r.roomId), (m) => heard.push(m));
      const out = await revokeGuest(deps, host, { roomId: r.roomId });
      stop();
      expect(out).toMatchObject({ sessions: 1, tokens: 1 });
      const sessions = await database.db.select().from(episodeGuestSessions).where(eq(episodeGuestSessions.roomId, r.roomId));
      expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await tokensOf(r.roomId)).every((t) => t.revokedAt !== null)).toBe(true);
      expect((await roomRow(r.roomId)).guestUserId).toBeNull();
      expect(heard).toEqual([{ type: "room.changed", id: r.roomId }]);
      expect((await database.db.select().from(auditLog)).map((a) => a.action)).toContain("rooms.guest_revoked");
    });
  });

  describe("status and publishing", () => {
    it("moves freely among preparing, ready, recorded and editing, and audits each move", async () => {
      const r = await room();
      for (const status of ["ready", "recorded", "editing", "preparing", "editing"] as const) {
        const out = await updateRoom(deps, host, { roomId: r.roomId, status });
        expect(out).toMatchObject({ status, statusChanged: true });
      }
      expect(await updateRoom(deps, host, { roomId: r.roomId, status: "editing" })).toMatchObject({ statusChanged: false });
      const moves = (await database.db.select().from(auditLog)).filter((a) => a.action === "rooms.status_changed");
      expect(moves).toHaveLength(5);
      expect(moves.at(-1)?.details).toEqual({ from: "preparing", to: "editing" });
    });

    it("tells the guest of a new status by email, at most once an hour, and of the publishing", async () => {
      const r = await room();
      smtp.received.length = 0;
      await updateRoom(deps, host, { roomId: r.roomId, status: "ready" });
      await updateRoom(deps, host, { roomId: r.roomId, status: "recorded" });
      const toGuest = () => smtp.received.filter((m) => m.to.includes("lucia@example.com"));
      expect(toGuest()).toHaveLength(1);
      clock.advance(61 * 60_000);
      await publishRoom(deps, host, { roomId: r.roomId, files: "keep" });
      expect(toGuest()).toHaveLength(2);
    });

    it("edits the title, guest and podcast without mailing the new address", async () => {
      const r = await room();
      smtp.received.length = 0;
      await updateRoom(deps, host, { roomId: r.roomId, title: "New title", guestEmail: "new@example.com", podcastId: "pod-2" });
      expect(await roomRow(r.roomId)).toMatchObject({ title: "New title", guestEmail: "new@example.com", podcastId: "pod-2" });
      await updateRoom(deps, host, { roomId: r.roomId, podcastId: "" });
      expect((await roomRow(r.roomId)).podcastId).toBeNull();
      expect(smtp.received).toEqual([]);
      expect(await codeOf(updateRoom(deps, host, { roomId: r.roomId, title: "" }))).toBe("input.invalid");
    });

    it("publishes only through publishing, and never leaves published", async () => {
      const r = await room();
      expect(await codeOf(updateRoom(deps, host, { roomId: r.roomId, status: "published" }))).toBe("rooms.status_invalid");
      await publishRoom(deps, host, { roomId: r.roomId, files: "keep" });
      expect(await codeOf(updateRoom(deps, host, { roomId: r.roomId, status: "editing" }))).toBe("rooms.status_invalid");
      expect(await codeOf(publishRoom(deps, host, { roomId: r.roomId, files: "keep" }))).toBe("rooms.status_invalid");
      // The title may still be corrected; the guest's side may not be touched.
      await updateRoom(deps, host, { roomId: r.roomId, title: "Final title" });
      expect(await codeOf(reissueToken(deps, host, { roomId: r.roomId }))).toBe("rooms.published");
      expect(await codeOf(revokeGuest(deps, host, { roomId: r.roomId }))).toBe("rooms.published");
    });

    it("publishes with purge: the guest's access ends and every stored file and its row is deleted", async () => {
      const r = await room();
      await guestSession(r.roomId);
      const keys = [await storedFile(r.roomId, "notes.txt"), await storedFile(r.roomId, "intro.txt")];
      expect(await deps.storage.read(keys[0])).not.toBeNull();
      const stop = deps.realtime.subscribe(roomChannel(r.roomId), (m) => heard.push(m));
      const out = await publishRoom(deps, host, { roomId: r.roomId, files: "purge" });
      stop();
      expect(out).toMatchObject({ files: "purge", purged: 2 });
      for (const key of keys) expect(await deps.storage.read(key)).toBeNull();
      expect(await database.db.select().from(episodeFiles).where(eq(episodeFiles.roomId, r.roomId))).toEqual([]);
      const row = await roomRow(r.roomId);
      expect(row.status).toBe("published");
      expect(row.publishedAt?.toISOString()).toBe(clock.now().toISOString());
      expect(row.filesPurgedAt).not.toBeNull();
      const sessions = await database.db.select().from(episodeGuestSessions).where(eq(episodeGuestSessions.roomId, r.roomId));
      expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await tokensOf(r.roomId)).every((t) => t.revokedAt !== null)).toBe(true);
      expect(heard.map((m) => m.type)).toEqual(["room.changed", "file.changed"]);
      const actions = (await database.db.select().from(auditLog)).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(["rooms.published", "rooms.files_purged"]));
      expect(await codeOf(purgeFiles(deps, host, { roomId: r.roomId }))).toBe("rooms.files_purged");
    });

    it("publishes keeping the files, which can be purged later, once; not before publishing", async () => {
      const r = await room();
      const key = await storedFile(r.roomId, "keep.txt");
      expect(await codeOf(purgeFiles(deps, host, { roomId: r.roomId }))).toBe("rooms.status_invalid");
      await publishRoom(deps, host, { roomId: r.roomId, files: "keep" });
      expect(await deps.storage.read(key)).not.toBeNull();
      expect((await roomRow(r.roomId)).filesPurgedAt).toBeNull();
      expect(await purgeFiles(deps, admin, { roomId: r.roomId })).toMatchObject({ purged: 1 });
      expect(await deps.storage.read(key)).toBeNull();
      expect(await codeOf(purgeFiles(deps, host, { roomId: r.roomId }))).toBe("rooms.files_purged");
    });

    it("asks what to do with the files", async () => {
      const r = await room();
      const err = await errorOf(publishRoom(deps, host, { roomId: r.roomId }));
      expect(err.details?.fieldErrors).toEqual({ files: "errors:rooms.files_choice_required" });
    });
  });

  describe("the list", () => {
    it("shows a Moderator only the rooms they host, an Admin every room or theirs, newest first, by status", async () => {
      const a = await room(host, { title: "First", podcastId: "pod-2" });
      clock.advance(60_000);
      const b = await room(otherMod, { title: "Second" });
      clock.advance(60_000);
      const c = await room(admin, { title: "Third" });
      await updateRoom(deps, host, { roomId: a.roomId, status: "ready" });
      const mine = await listRooms(deps, host, {});
      expect(mine.items.map((i) => i.title)).toEqual(["First"]);
      expect(mine).toMatchObject({ seesAll: false, host: "mine", total: 1, tokenDays: 14 });
      expect(mine.items[0]).toMatchObject({
        guestEmail: "lucia@example.com",
        status: "ready",
        hostName: "rooms_host",
        mine: true,
        podcast: { titleEs: "Godot en serio", titleEn: "Godot for real" },
        token: { state: "pending", expiresAt: "2026-12-15T10:00:00.000Z" },
        guestActive: false,
        can: { update: true, reissue: true, revokeGuest: true, purgeFiles: true },
      });
      // Asking for every room changes nothing for a Moderator.
      expect((await listRooms(deps, host, { host: "all" })).items.map((i) => i.id)).toEqual([a.roomId]);
      const all = await listRooms(deps, admin, {});
      expect(all.items.map((i) => i.title)).toEqual(["Third", "Second", "First"]);
      expect(all.seesAll).toBe(true);
      expect((await listRooms(deps, admin, { host: "mine" })).items.map((i) => i.id)).toEqual([c.roomId]);
      expect((await listRooms(deps, admin, { status: "ready" })).items.map((i) => i.id)).toEqual([a.roomId]);
      expect((await listRooms(deps, admin, { status: "bogus", page: "x" })).items).toHaveLength(3);
      expect(b.roomId).toBeTruthy();
    });

    it("says each room's latest link's state and whether the guest is in", async () => {
      const expired = await room(host, { title: "Expired" });
      clock.advance(15 * 86_400_000);
      const used = await room(host, { title: "Used" });
      await database.db.update(episodeRoomTokens).set({ usedAt: clock.now() }).where(eq(episodeRoomTokens.roomId, used.roomId));
      await guestSession(used.roomId);
      const revoked = await room(host, { title: "Revoked" });
      await revokeGuest(deps, host, { roomId: revoked.roomId });
      const byTitle = Object.fromEntries((await listRooms(deps, host, {})).items.map((i) => [i.title, i]));
      expect(byTitle.Expired.token?.state).toBe("expired");
      expect(byTitle.Used).toMatchObject({ token: { state: "used" }, guestActive: true });
      expect(byTitle.Revoked).toMatchObject({ token: { state: "revoked" }, guestActive: false });
      expect(expired.roomId).toBeTruthy();
    });

    it("pages the rooms", async () => {
      for (let i = 0; i < 21; i++) {
        await createRoom(deps, host, form({ title: `Room ${i}` }));
        clock.advance(1000);
      }
      const first = await listRooms(deps, host, {});
      expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 });
      expect(first.items).toHaveLength(20);
      expect(first.items[0].title).toBe("Room 20");
      const second = await listRooms(deps, host, { page: "2" });
      expect(second.items.map((i) => i.title)).toEqual(["Room 0"]);
      expect((await listRooms(deps, host, { page: "9" })).page).toBe(2);
    });
  });

  describe("who may do what", () => {
    it("refuses a visitor, a creator, a company and another Moderator on every operation", async () => {
      const r = await room();
      const id = { roomId: r.roomId };
      for (const who of [null, creator, company]) {
        const team = who ? "auth.forbidden" : "auth.unauthenticated";
        expect(await codeOf(createRoom(deps, who, form())), "create").toBe(team);
        expect(await codeOf(listRooms(deps, who, {})), "list").toBe(team);
        expect(await codeOf(listPodcastChoices(deps, who)), "podcasts").toBe(team);
      }
      for (const who of [null, creator, company, otherMod]) {
        expect(await codeOf(updateRoom(deps, who, { ...id, status: "ready" })), "update").toBe("rooms.forbidden");
        expect(await codeOf(reissueToken(deps, who, id)), "reissue").toBe("rooms.forbidden");
        expect(await codeOf(revokeGuest(deps, who, id)), "revoke").toBe("rooms.forbidden");
        expect(await codeOf(publishRoom(deps, who, { ...id, files: "purge" })), "publish").toBe("rooms.forbidden");
      }
      await publishRoom(deps, host, { ...id, files: "keep" });
      for (const who of [null, creator, company, otherMod])
        expect(await codeOf(purgeFiles(deps, who, id)), "purge").toBe("rooms.forbidden");
      // Nothing changed hands: the room is still the host's, its files kept.
      expect(await roomRow(r.roomId)).toMatchObject({ hostId: host.userId, status: "published", filesPurgedAt: null });
      // An Admin acts in any room.
      expect(await purgeFiles(deps, admin, id)).toMatchObject({ purged: 0 });
    });

    it("answers a room that does not exist, or a malformed id, as not found", async () => {
      expect(await codeOf(updateRoom(deps, host, { roomId: crypto.randomUUID(), status: "ready" }))).toBe("rooms.not_found");
      expect(await codeOf(revokeGuest(deps, host, { roomId: "../etc" }))).toBe("rooms.not_found");
      expect(await codeOf(reissueToken(deps, host, {}))).toBe("rooms.not_found");
    });
  });
});
