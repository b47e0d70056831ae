import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, TEST_ORIGIN, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testActor } from "#tests/support/actors";
import { createNodeServer } from "#server/http/node-server";
import { createLogger } from "./logger";
import { createInProcessRealtime, userChannel } from "./realtime";
import { mountRealtime } from "./realtime-socket";
import { openReadySocket, openSocket, serve } from "#tests/support/realtime-kit";

/**
 * The WebSocket endpoint on the real app over a real node server, with a real WebSocket client: a member's
 * socket hears about their own notifications only; no session, a foreign or missing Origin, a plain GET and
 * other paths are refused; dead sockets are dropped by the heartbeat and shutdown closes the rest.
 */
let t: TestApp;
let server: Awaited<ReturnType<typeof serve>>;
const PW = "realtime-pass-42";
let author: { id: string; cookie: string };
let fan: { id: string; cookie: string };
let threadPostId = "";

beforeAll(async () => {
  t = await testApp();
  server = await serve(t.app);
  const db = t.services.db;
  const a = await createUser(db, { password: PW });
  const f = await createUser(db, { password: PW });
  author = { id: a.id, cookie: await signIn(t, a.email, PW) };
  fan = { id: f.id, cookie: await signIn(t, f.email, PW) };
  // Only the like's own notification here: a first like would also unlock achievements for both.
  for (const id of [a.id, f.id])
    await t.services.notifications.setPreferences(testActor({ userId: id }), { level_up: false, achievement_unlocked: false });
  const forum = await createForum(db, { categoryId: (await createCategory(db)).id });
  threadPostId = (await createThreadWithPosts(db, { forumId: forum.id, authorId: a.id })).posts[0].id;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const as = (cookie: string, origin: string | null = TEST_ORIGIN): Record<string, string> => ({ cookie, ...(origin ? { origin } : {}) });

describe("/api/realtime", () => {
  it("a member's socket receives their new unread count when someone likes their post, and nobody else's", async () => {
    const mine = await openReadySocket(server.url, as(author.cookie));
    const theirs = await openReadySocket(server.url, as(fan.cookie));
    try {
      await t.services.forum.likePost(testActor({ userId: fan.id }), { postId: threadPostId });
      expect(await mine.next((m) => m.type === "notification")).toEqual({ type: "notification", unread: 1 });
      // A publish on the fan's channel reaches the fan's socket: it was listening all along, and heard nothing of the author's.
      await t.services.realtime.publish(userChannel(fan.id), { type: "probe" });
      await theirs.next((m) => m.type === "probe");
      expect(theirs.messages).toEqual([{ type: "ready" }, { type: "probe" }]);
      // Marking read on another page updates this one.
      await t.services.notifications.markRead(testActor({ userId: author.id }), { all: true });
      expect(await mine.next((m) => m.type === "unread")).toEqual({ type: "unread", unread: 0 });
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("refuses a socket without a session, with a foreign or missing Origin, and upgrades elsewhere", async () => {
    expect((await openSocket(server.url, { origin: TEST_ORIGIN })).status).toBe(401);
    expect((await openSocket(server.url, { origin: TEST_ORIGIN, cookie: "better-auth.session_token=forged.value" })).status).toBe(401);
    expect((await openSocket(server.url, as(author.cookie, "https://evil.example"))).status).toBe(403);
    expect((await openSocket(server.url, as(author.cookie, null))).status).toBe(403);
    expect((await openSocket(server.url.replace("/api/realtime", "/api/other"), as(author.cookie))).status).toBe(404);
    expect((await openSocket(server.url.replace("/api/realtime", "/en/"), as(author.cookie))).status).toBe(404);
    expect(t.app.realtime.size).toBe(0);
  });

  it("answers a plain request with 426 Upgrade Required", async () => {
    const res = await t.request("/api/realtime", { cookie: author.cookie });
    expect(res.status).toBe(426);
  });

  it("counts open sockets and forgets the closed ones", async () => {
    const socket = await openReadySocket(server.url, as(fan.cookie));
    const other = await createUser(t.services.db, { password: PW });
    const second = await openReadySocket(server.url, as(await signIn(t, other.email, PW)));
    expect(t.app.realtime.size).toBe(2);
    second.close();
    await second.closed;
    await expect.poll(() => t.app.realtime.size).toBe(1);
    socket.close();
    await socket.closed;
    await expect.poll(() => t.app.realtime.size).toBe(0);
  });
});

describe("the endpoint on its own", () => {
  const log = createLogger("silent");

  /** A minimal app: every upgrade is accepted as the given user (the session check is replaced by a stub auth). */
  async function standalone(heartbeatMs: number, sessionMs = 60_000) {
    const realtime = createInProcessRealtime(log);
    const app = new Hono();
    const auth = {
      api: { getSession: async () => ({ user: { id: "u1" }, session: { expiresAt: new Date(Date.now() + sessionMs) } }) },
    } as never;
    const endpoint = mountRealtime(app, { realtime, auth, baseUrl: "http://site.test", log, heartbeatMs });
    const http = createNodeServer(app.fetch);
    endpoint.attach(http.server);
    const port = await http.listen(0, "127.0.0.1");
    return {
      realtime,
      endpoint,
      url: `ws://127.0.0.1:${port}/api/realtime`,
      close: async () => {
        await endpoint.close();
        await new Promise<void>((r) => {
          http.server.close(() => r());
          http.server.closeAllConnections();
        });
      },
    };
  }

  it("drops a socket that stops answering the heartbeat's pings, keeps one that answers", async () => {
    const s = await standalone(100);
    try {
      const deaf = await openReadySocket(s.url, { origin: "http://site.test" });
      const alive = await openReadySocket(s.url, { origin: "http://site.test" });
      deaf.raw._socket.pause();
      await expect.poll(() => s.endpoint.size, { timeout: 3000 }).toBe(1);
      await new Promise((r) => setTimeout(r, 400));
      expect(s.endpoint.size).toBe(1);
      await s.realtime.publish(userChannel("u1"), { type: "probe" });
      await alive.next((m) => m.type === "probe");
    } finally {
      await s.close();
    }
  });

  it("closes a socket when the session that opened it expires", async () => {
    const s = await standalone(25_000, 300);
    try {
      const socket = await openReadySocket(s.url, { origin: "http://site.test" });
      expect(await socket.closed).toEqual({ code: 4001, reason: "session expired" });
      await expect.poll(() => s.endpoint.size).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("closes open sockets with 1001 on shutdown", async () => {
    const s = await standalone(25_000);
    const socket = await openReadySocket(s.url, { origin: "http://site.test" });
    await s.endpoint.close();
    expect((await socket.closed).code).toBe(1001);
    expect(s.endpoint.size).toBe(0);
    // Until the HTTP server itself stops, new sockets are turned away.
    expect((await openSocket(s.url, { origin: "http://site.test" })).status).toBe(503);
    await s.close();
  });
});
