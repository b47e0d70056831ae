import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { createUser } from "#server/db/factories";
import { episodeGuestSessions, episodeRooms } from "#server/db/schema";
import { roomChannel } from "#server/modules/rooms/deps";
import { TEXT_NAME } from "#server/modules/rooms/live/docs-store";
import { hashSecret, newSecret } from "#server/modules/rooms/secrets";
import { guestCookieName, roomSocketPath } from "#shared/rooms";
import { signIn, testApp, TEST_ORIGIN, type TestApp } from "#tests/support/app";
import { openReadySocket, openSocket, serve, type TestSocket } from "#tests/support/realtime-kit";

/**
 * The room socket on the real app over a real node server: the host and the guest both see who is in the
 * room, an edit from one reaches the other (and is stored), outsiders, visitors and foreign pages are refused
 * at the handshake, and a guest whose access is revoked is closed when the room changes.
 */
let t: TestApp;
let server: Awaited<ReturnType<typeof serve>>;
const PW = "room-socket-pass-42";
let host: { id: string; username: string; cookie: string };
let outsider: { cookie: string };

beforeAll(async () => {
  t = await testApp();
  server = await serve(t.app);
  const h = await createUser(t.services.db, { password: PW, roles: ["Moderator"] });
  host = { id: h.id, username: h.username, cookie: await signIn(t, h.email, PW) };
  const o = await createUser(t.services.db, { password: PW, roles: ["Moderator"] });
  outsider = { cookie: await signIn(t, o.email, PW) };
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function room() {
  const id: string = randomUUID();
  await t.services.db
    .insert(episodeRooms)
    .values({ id, title: "Episode", guestName: "Greta", guestEmail: "g@example.test", hostId: host.id });
  const secret = newSecret();
  await t.services.db.insert(episodeGuestSessions).values({ id: randomUUID(), roomId: id, secretHash: hashSecret(secret) });
  return { id, url: server.url.replace("/api/realtime", roomSocketPath(id)), guestCookie: `${guestCookieName(id)}=${secret}` };
}

const headers = (cookie: string | null, origin: string | null = TEST_ORIGIN): Record<string, string> => ({
  ...(cookie ? { cookie } : {}),
  ...(origin ? { origin } : {}),
});
const presentOf = (m: Record<string, unknown>) => JSON.parse(String(m.present)) as { role: string; name: string }[];
/** The test client's type leaves `send` out; the socket has it. */
const sendJson = (s: TestSocket, message: object) => (s.raw as unknown as { send(data: string): void }).send(JSON.stringify(message));
const b64 = (u: Uint8Array) => Buffer.from(u).toString("base64");

describe("/api/realtime/rooms/{roomId}", () => {
  it("lets the host and the guest in, shows each to the other, and relays an edit from one to the other", async () => {
    const r = await room();
    const sockets: TestSocket[] = [];
    try {
      const hostSocket = await openReadySocket(r.url, headers(host.cookie));
      sockets.push(hostSocket);
      expect(hostSocket.messages[0]).toMatchObject({ type: "ready", role: "host", edit: true });
      const guestSocket = await openReadySocket(r.url, headers(r.guestCookie));
      sockets.push(guestSocket);
      // The host hears the guest come in; both see both.
      const both = (m: Record<string, unknown>) => m.type === "presence" && presentOf(m).length === 2;
      for (const s of [hostSocket, guestSocket])
        expect(presentOf(await s.next(both)).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
          { role: "guest", name: "Greta" },
          { role: "host", name: host.username },
        ]);
      expect(t.services.rooms.presence.isPresent(r.id, "guest")).toBe(true);

      // The guest types; the host's socket receives the update, and the document is stored.
      const typed = new Y.Doc();
      typed.getText(TEXT_NAME).insert(0, "Hello from the guest");
      sendJson(guestSocket, { type: "doc.update", doc: "script", update: b64(Y.encodeStateAsUpdate(typed)) });
      const relayed = await hostSocket.next((m) => m.type === "doc.update");
      const mine = new Y.Doc();
      Y.applyUpdate(mine, new Uint8Array(Buffer.from(String(relayed.update), "base64")));
      expect(mine.getText(TEXT_NAME).toString()).toBe("Hello from the guest");
      // Not echoed to its sender.
      expect(guestSocket.messages.some((m) => (m as { type: string }).type === "doc.update")).toBe(false);

      // A client catching up with its state vector gets what it lacks, and the server's state vector.
      sendJson(hostSocket, { type: "doc.sync", doc: "script", stateVector: b64(Y.encodeStateVector(new Y.Doc())) });
      const state = await hostSocket.next((m) => m.type === "doc.state");
      const fresh = new Y.Doc();
      Y.applyUpdate(fresh, new Uint8Array(Buffer.from(String(state.update), "base64")));
      expect(fresh.getText(TEXT_NAME).toString()).toBe("Hello from the guest");
      expect((await t.services.rooms.docTexts({ actor: null, guestSecret: r.guestCookie.split("=")[1] }, r.id)).script).toBe(
        "Hello from the guest",
      );

      // A refused edit (unreadable) is answered to its sender only.
      sendJson(guestSocket, { type: "doc.update", doc: "notes", update: b64(new Uint8Array([7, 7, 7])) });
      expect(await guestSocket.next((m) => m.type === "doc.rejected")).toEqual({
        type: "doc.rejected",
        doc: "notes",
        code: "input.invalid",
      });

      // Leaving updates the others.
      guestSocket.close();
      await hostSocket.next((m) => m.type === "presence" && presentOf(m).length === 1);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it("refuses outsiders, visitors, a guest of another room, a foreign Origin and an unknown room at the handshake", async () => {
    const r = await room();
    const other = await room();
    expect((await openSocket(r.url, headers(outsider.cookie))).status).toBe(403);
    expect((await openSocket(r.url, headers(null))).status).toBe(403);
    expect((await openSocket(r.url, headers(`${guestCookieName(r.id)}=${other.guestCookie.split("=")[1]}`))).status).toBe(403);
    expect((await openSocket(r.url, headers(host.cookie, "https://evil.example"))).status).toBe(403);
    expect((await openSocket(r.url, headers(host.cookie, null))).status).toBe(403);
    expect((await openSocket(r.url.replace(r.id, randomUUID()), headers(host.cookie))).status).toBe(404);
    expect((await openSocket(r.url.replace(r.id, "nope"), headers(host.cookie))).status).toBe(404);
  });

  it("answers a plain request with 426 Upgrade Required", async () => {
    const r = await room();
    expect((await t.request(roomSocketPath(r.id), { cookie: host.cookie })).status).toBe(426);
  });

  it("closes a guest's socket when their access is revoked, and keeps the host's", async () => {
    const r = await room();
    const hostSocket = await openReadySocket(r.url, headers(host.cookie));
    const guestSocket = await openReadySocket(r.url, headers(r.guestCookie));
    try {
      await t.services.db.update(episodeGuestSessions).set({ revokedAt: new Date() }).where(eq(episodeGuestSessions.roomId, r.id));
      await t.services.realtime.publish(roomChannel(r.id), { type: "room.changed" });
      expect(await guestSocket.closed).toEqual({ code: 4003, reason: "access ended" });
      expect(await hostSocket.next((m) => m.type === "access")).toEqual({ type: "access", edit: true });
      expect(hostSocket.raw.readyState).toBe(1);
      // Published: the host stays, read-only.
      await t.services.db.update(episodeRooms).set({ status: "published" }).where(eq(episodeRooms.id, r.id));
      await t.services.realtime.publish(roomChannel(r.id), { type: "room.changed" });
      expect(await hostSocket.next((m) => m.type === "access" && m.edit === false)).toEqual({ type: "access", edit: false });
    } finally {
      hostSocket.close();
      guestSocket.close();
    }
  });
});
