import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser } from "#server/db/factories";
import { episodeFiles, episodeGuestSessions, episodeLinks, episodeMessages, episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { ROOM_LIMITS } from "#shared/rooms";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { makeGuestSession, makeRoom, roomsTestDeps } from "#tests/support/rooms-content-kit";
import { addRoomLink } from "./add-link";
import { deleteRoomFile } from "./delete-file";
import { roomChannel, roomFilePrefix, type RoomViewer, type RoomsDeps } from "./deps";
import { downloadRoomFile } from "./download-file";
import { listRoomFiles } from "./list-files";
import { listRoomLinks } from "./list-links";
import { listRoomMessages } from "./list-messages";
import { removeRoomLink } from "./remove-link";
import { roomView } from "./room-view";
import { sendRoomMessage } from "./send-message";
import { uploadRoomFile } from "./upload-file";

/**
 * The room's chat, links and files (SPEC §3 Episode room): their limits and rules, the live channel's news, and
 * who is refused: a visitor, a member who is neither host nor guest, a guest of another room, a revoked guest.
 */
describe("room content", () => {
  let database: DatabaseHandle;
  let deps: RoomsDeps;
  let published: ReturnType<typeof roomsTestDeps>["published"];
  const clock = testClock(new Date("2026-11-02T10:00:00Z"));
  let host: NonNullable<Actor>;
  let admin: NonNullable<Actor>;
  let member: NonNullable<Actor>;
  let roomId: string;
  let guestSecret: string;
  let otherGuestSecret: string;
  let revokedSecret: string;
  const as = (actor: Actor, secret: string | null = null): RoomViewer => ({ actor, guestSecret: secret });
  let hostV: RoomViewer;
  let guestV: RoomViewer;
  const file = (text: string, name = "notes.txt") => ({ roomId, name, contentType: "text/plain", body: new TextEncoder().encode(text) });

  beforeAll(async () => {
    database = await testDatabase();
    ({ deps, published } = roomsTestDeps(database.db, clock));
    const h = await createUser(database.db, { roles: ["Moderator"], username: "host_hana" });
    host = testActor({ userId: h.id, roles: ["Moderator"], username: "host_hana" });
    const a = await createUser(database.db, { roles: ["Admin"], username: "admin_alba" });
    admin = testActor({ userId: a.id, roles: ["Admin"], username: "admin_alba" });
    const m = await createUser(database.db, { roles: ["Moderator"], username: "mod_mateo" });
    member = testActor({ userId: m.id, roles: ["Moderator"], username: "mod_mateo" });
    roomId = (await makeRoom(database.db, { hostId: host.userId, now: clock.now(), guestName: "Marta Ruiz" })).id;
    guestSecret = await makeGuestSession(database.db, roomId);
    revokedSecret = await makeGuestSession(database.db, roomId, { revokedAt: clock.now() });
    const other = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
    otherGuestSecret = await makeGuestSession(database.db, other.id);
    hostV = as(host);
    guestV = as(null, guestSecret);
  });
  afterAll(async () => {
    await database?.close();
  });

  describe("chat", () => {
    it("keeps each message with its sender's role and name, trimmed, line breaks kept, and tells the room", async () => {
      await sendRoomMessage(deps, hostV, { roomId, body: "  Hello Marta!  " });
      clock.advance(1000);
      await sendRoomMessage(deps, guestV, { roomId, body: "Hi!\r\nReady\twhen you are." });
      clock.advance(1000);
      const { messageId: adminMessage } = await sendRoomMessage(deps, as(admin), { roomId, body: "Just looking." });
      const { messages, older } = await listRoomMessages(deps, guestV, { roomId });
      expect(messages.map((m) => [m.authorRole, m.authorName, m.body, m.mine])).toEqual([
        ["host", "host_hana", "Hello Marta!", false],
        ["guest", "Marta Ruiz", "Hi!\nReady\twhen you are.", true],
        ["admin", "admin_alba", "Just looking.", false],
      ]);
      expect(older).toBeNull();
      expect(published).toContainEqual({ channel: roomChannel(roomId), message: { type: "chat.message", id: adminMessage } });
    });

    it("refuses an empty message, one too long and control characters", async () => {
      const fieldOf = async (body: string) => (await errorOf(sendRoomMessage(deps, hostV, { roomId, body }))).details?.fieldErrors;
      expect(await fieldOf("   ")).toEqual({ body: "errors:rooms.chat_required" });
      expect(await fieldOf("x".repeat(ROOM_LIMITS.chatMax + 1))).toEqual({ body: "errors:rooms.chat_too_long" });
      expect(await fieldOf("ding\u0007")).toEqual({ body: "errors:rooms.chat_control" });
      expect(await fieldOf("\u001b[31mred")).toEqual({ body: "errors:rooms.chat_control" });
      await sendRoomMessage(deps, hostV, { roomId, body: "x".repeat(ROOM_LIMITS.chatMax) });
    });

    it("allows the setting's messages a minute per person and room, then says when to try again", async () => {
      await deps.settings.write("episode_rooms", { tokenDays: 14, chatPerMinute: 3 }, host.userId);
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const guest = as(null, await makeGuestSession(database.db, room.id));
      for (let i = 0; i < 3; i++) await sendRoomMessage(deps, guest, { roomId: room.id, body: `m${i}` });
      const err = await errorOf(sendRoomMessage(deps, guest, { roomId: room.id, body: "one more" }));
      expect(err.code).toBe("rooms.rate_limited");
      expect(err.details?.retryAfterSeconds).toBeGreaterThan(0);
      // Another person in the same room is counted apart.
      await sendRoomMessage(deps, hostV, { roomId: room.id, body: "host" });
      clock.advance(61_000);
      await sendRoomMessage(deps, guest, { roomId: room.id, body: "later" });
      await deps.settings.write("episode_rooms", { tokenDays: 14, chatPerMinute: 20 }, host.userId);
    });

    it("pages the history: the newest page first, then older ones by cursor", async () => {
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const start = clock.now().getTime();
      await database.db.insert(episodeMessages).values(
        Array.from({ length: ROOM_LIMITS.chatPage + 5 }, (_, i) => ({
          id: randomUUID(),
          roomId: room.id,
          authorRole: "host" as const,
          authorUserId: host.userId,
          authorName: "host_hana",
          body: `message ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
      const first = await listRoomMessages(deps, hostV, { roomId: room.id });
      expect(first.messages).toHaveLength(ROOM_LIMITS.chatPage);
      expect(first.messages[0]!.body).toBe("message 5");
      expect(first.messages.at(-1)!.body).toBe(`message ${ROOM_LIMITS.chatPage + 4}`);
      expect(first.messages.every((m) => m.mine)).toBe(true);
      const second = await listRoomMessages(deps, hostV, { roomId: room.id, before: first.older });
      expect(second.messages.map((m) => m.body)).toEqual(["message 0", "message 1", "message 2", "message 3", "message 4"]);
      expect(second.older).toBeNull();
    });
  });

  describe("links", () => {
    it("adds http and https links, refuses other schemes and long fields, removes them, and tells the room", async () => {
      const { linkId } = await addRoomLink(deps, guestV, { roomId, title: " Press kit ", url: "https://example.com/press" });
      clock.advance(1000);
      await addRoomLink(deps, hostV, { roomId, title: "Old site", url: "http://example.org" });
      const links = await listRoomLinks(deps, hostV, { roomId });
      expect(links.map((l) => [l.title, l.url, l.addedByRole, l.addedByName])).toEqual([
        ["Press kit", "https://example.com/press", "guest", "Marta Ruiz"],
        ["Old site", "http://example.org", "host", "host_hana"],
      ]);
      expect(published).toContainEqual({ channel: roomChannel(roomId), message: { type: "link.changed", id: linkId } });
      const fieldsOf = async (title: string, url: string) =>
        (await errorOf(addRoomLink(deps, hostV, { roomId, title, url }))).details?.fieldErrors;
      for (const url of [
        "javascript:alert(1)",
        "ftp://example.com/x",
        "data:text/html,hi",
        "example.com",
        "https://user:pw@example.com",
        "https://exa mple.com",
      ])
        expect(await fieldsOf("Bad", url), url).toEqual({ url: "errors:rooms.link_url_invalid" });
      expect(await fieldsOf("", "https://example.com")).toEqual({ title: "errors:rooms.link_title_required" });
      expect(await fieldsOf("t".repeat(ROOM_LIMITS.linkTitleMax + 1), "https://example.com")).toEqual({
        title: "errors:rooms.link_title_too_long",
      });
      expect(await fieldsOf("Long", `https://example.com/${"a".repeat(ROOM_LIMITS.urlMax)}`)).toEqual({
        url: "errors:rooms.link_url_too_long",
      });

      await removeRoomLink(deps, guestV, { roomId, linkId });
      expect(await listRoomLinks(deps, hostV, { roomId })).toHaveLength(1);
      expect(await codeOf(removeRoomLink(deps, hostV, { roomId, linkId }))).toBe("rooms.link_not_found");
      expect(await codeOf(removeRoomLink(deps, hostV, { roomId, linkId: "nope" }))).toBe("rooms.link_not_found");
    });

    it("holds at most ROOM_LIMITS.linksMax links, and a link of another room is not found here", async () => {
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      await database.db.insert(episodeLinks).values(
        Array.from({ length: ROOM_LIMITS.linksMax }, (_, i) => ({
          id: randomUUID(),
          roomId: room.id,
          title: `Link ${i}`,
          url: "https://example.com",
          addedByRole: "host" as const,
          addedByName: "host_hana",
        })),
      );
      expect(await codeOf(addRoomLink(deps, hostV, { roomId: room.id, title: "One more", url: "https://example.com" }))).toBe(
        "rooms.links_full",
      );
      const [theirs] = await listRoomLinks(deps, hostV, { roomId: room.id });
      expect(await codeOf(removeRoomLink(deps, hostV, { roomId, linkId: theirs!.id }))).toBe("rooms.link_not_found");
    });
  });

  describe("files", () => {
    it("stores a file under the room's private folder with a random key, names it safely, serves it back and deletes it", async () => {
      const { fileId, name } = await uploadRoomFile(deps, guestV, {
        ...file("the script draft", "../../etc/passwd\u202e.txt"),
        contentType: "text/plain; charset=utf-8",
      });
      expect(name).toBe("passwd.txt");
      const [row] = await database.db.select().from(episodeFiles).where(eq(episodeFiles.id, fileId));
      expect(row!.storageKey.startsWith(roomFilePrefix(roomId))).toBe(true);
      expect(row!.storageKey).not.toContain("passwd");
      expect(row).toMatchObject({
        fileName: "passwd.txt",
        contentType: "text/plain",
        bytes: 16,
        uploadedByRole: "guest",
        uploadedByName: "Marta Ruiz",
      });
      expect(published).toContainEqual({ channel: roomChannel(roomId), message: { type: "file.changed", id: fileId } });

      const listed = await listRoomFiles(deps, hostV, { roomId });
      expect(listed.purged).toBe(false);
      expect(listed.files.map((f) => f.name)).toContain("passwd.txt");
      const got = await downloadRoomFile(deps, hostV, { roomId, fileId });
      expect(new TextDecoder().decode(got.body)).toBe("the script draft");
      expect(got).toMatchObject({ name: "passwd.txt", contentType: "text/plain" });

      await deleteRoomFile(deps, as(admin), { roomId, fileId });
      expect(await deps.storage.read(row!.storageKey)).toBeNull();
      expect(await codeOf(downloadRoomFile(deps, hostV, { roomId, fileId }))).toBe("rooms.file_not_found");
      expect(await codeOf(deleteRoomFile(deps, hostV, { roomId, fileId }))).toBe("rooms.file_not_found");
    });

    it("cuts a long name keeping its extension, and refuses an empty file, a nameless one and an odd type", async () => {
      const long = await uploadRoomFile(deps, hostV, file("x", `${"n".repeat(300)}.wav`));
      expect(long.name).toHaveLength(ROOM_LIMITS.fileNameMax);
      expect(long.name.endsWith(".wav")).toBe(true);
      const fieldOf = async (over: object) => (await errorOf(uploadRoomFile(deps, hostV, { ...file("x"), ...over }))).details?.fieldErrors;
      expect(await fieldOf({ body: new Uint8Array() })).toEqual({ file: "errors:rooms.file_required" });
      expect(await fieldOf({ body: null })).toEqual({ file: "errors:rooms.file_required" });
      expect(await fieldOf({ name: "/\u0001/" })).toEqual({ file: "errors:rooms.file_name_invalid" });
      const odd = await uploadRoomFile(deps, hostV, { ...file("x"), contentType: "text/html\r\nX-Evil: 1" });
      const [row] = await database.db.select().from(episodeFiles).where(eq(episodeFiles.id, odd.fileId));
      expect(row!.contentType).toBe("application/octet-stream");
    });

    it("refuses a file over 25 MB and a 101st file", async () => {
      expect(await codeOf(uploadRoomFile(deps, hostV, { ...file("x"), body: new Uint8Array(ROOM_LIMITS.fileBytesMax + 1) }))).toBe(
        "rooms.file_too_large",
      );
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      await database.db.insert(episodeFiles).values(
        Array.from({ length: ROOM_LIMITS.filesMax }, (_, i) => ({
          id: randomUUID(),
          roomId: room.id,
          storageKey: `${roomFilePrefix(room.id)}${randomUUID()}`,
          fileName: `f${i}.txt`,
          contentType: "text/plain",
          bytes: 1,
          uploadedByRole: "host" as const,
          uploadedByName: "host_hana",
        })),
      );
      expect(await codeOf(uploadRoomFile(deps, hostV, { ...file("x"), roomId: room.id }))).toBe("rooms.files_full");
    });

    it("after purging, lists nothing and refuses downloads", async () => {
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const { fileId } = await uploadRoomFile(deps, hostV, { ...file("x"), roomId: room.id });
      await database.db.update(episodeRooms).set({ status: "published", filesPurgedAt: clock.now() }).where(eq(episodeRooms.id, room.id));
      expect(await listRoomFiles(deps, hostV, { roomId: room.id })).toEqual({ files: [], purged: true });
      expect(await codeOf(downloadRoomFile(deps, hostV, { roomId: room.id, fileId }))).toBe("rooms.files_purged");
      expect((await roomView(deps, hostV, { roomId: room.id })).filesPurged).toBe(true);
    });
  });

  describe("who is refused", () => {
    const operations = (viewer: RoomViewer) => ({
      view: () => roomView(deps, viewer, { roomId }),
      chat: () => sendRoomMessage(deps, viewer, { roomId, body: "hello" }),
      history: () => listRoomMessages(deps, viewer, { roomId }),
      linkAdd: () => addRoomLink(deps, viewer, { roomId, title: "t", url: "https://example.com" }),
      linkRemove: () => removeRoomLink(deps, viewer, { roomId, linkId: randomUUID() }),
      links: () => listRoomLinks(deps, viewer, { roomId }),
      upload: () => uploadRoomFile(deps, viewer, file("x")),
      download: () => downloadRoomFile(deps, viewer, { roomId, fileId: randomUUID() }),
      fileDelete: () => deleteRoomFile(deps, viewer, { roomId, fileId: randomUUID() }),
      files: () => listRoomFiles(deps, viewer, { roomId }),
    });

    it("a visitor, a member who is neither host nor guest, a guest of another room and a revoked guest: 'not authorized', every time", async () => {
      const messages = await database.db.select().from(episodeMessages).where(eq(episodeMessages.roomId, roomId));
      const outsiders = {
        visitor: as(null),
        member: as(member),
        "guest of another room": as(null, otherGuestSecret),
        "revoked guest": as(null, revokedSecret),
        "a made-up secret": as(null, "A".repeat(43)),
      };
      for (const [who, viewer] of Object.entries(outsiders))
        for (const [name, run] of Object.entries(operations(viewer)))
          expect(await codeOf(run()), `${who}: ${name}`).toBe("rooms.forbidden");
      expect(await database.db.select().from(episodeMessages).where(eq(episodeMessages.roomId, roomId))).toHaveLength(messages.length);
    });

    it("an unknown or malformed room is not found", async () => {
      expect(await codeOf(sendRoomMessage(deps, hostV, { roomId: randomUUID(), body: "x" }))).toBe("rooms.not_found");
      expect(await codeOf(listRoomFiles(deps, hostV, { roomId: "../etc" }))).toBe("rooms.not_found");
    });

    it("once published: the guest is out, the host reads and downloads but changes nothing", async () => {
      const room = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const guest = as(null, await makeGuestSession(database.db, room.id));
      const { fileId } = await uploadRoomFile(deps, guest, { ...file("kept"), roomId: room.id });
      await database.db.update(episodeRooms).set({ status: "published" }).where(eq(episodeRooms.id, room.id));
      expect(await codeOf(roomView(deps, guest, { roomId: room.id }))).toBe("rooms.forbidden");
      expect(await codeOf(sendRoomMessage(deps, guest, { roomId: room.id, body: "x" }))).toBe("rooms.forbidden");
      expect(await codeOf(sendRoomMessage(deps, hostV, { roomId: room.id, body: "x" }))).toBe("rooms.published");
      expect(await codeOf(uploadRoomFile(deps, hostV, { ...file("x"), roomId: room.id }))).toBe("rooms.published");
      expect(await codeOf(deleteRoomFile(deps, as(admin), { roomId: room.id, fileId }))).toBe("rooms.published");
      expect(new TextDecoder().decode((await downloadRoomFile(deps, hostV, { roomId: room.id, fileId })).body)).toBe("kept");
      const view = await roomView(deps, hostV, { roomId: room.id });
      expect(view.abilities).toMatchObject({ chat: false, upload: false, addLink: false, download: true });
      expect(view.guestEmail).toBe("marta@example.test");
      // A revoked session is out even before publishing.
      const other = await makeRoom(database.db, { hostId: host.userId, now: clock.now() });
      const secret = await makeGuestSession(database.db, other.id);
      await database.db.update(episodeGuestSessions).set({ revokedAt: clock.now() }).where(eq(episodeGuestSessions.roomId, other.id));
      expect(await codeOf(roomView(deps, as(null, secret), { roomId: other.id }))).toBe("rooms.forbidden");
    });
  });
});
