import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, TEST_ORIGIN } from "#tests/support/app";
import { onPostgres } from "#tests/support/db";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testServices } from "#tests/support/services";
import { testActor } from "#tests/support/actors";
import { createApp } from "#server/app";
import { openDatabase } from "#server/db/client";
import { readEnv } from "#server/env";
import { serverBuildFile } from "#server/paths";
import { createServices, type Services } from "#server/services";
import { createLogger } from "./logger";
import { userChannel } from "./realtime";
import { openReadySocket, serve, type TestSocket } from "#tests/support/realtime-kit";

/**
 * Scaling out (ARCHITECTURE): two app instances on one PostgreSQL database, each with its own pool, its own
 * LISTEN connection and its own WebSocket server. A notification written through one instance reaches the
 * person's socket on the other, exactly once per socket; a lost LISTEN connection comes back by itself.
 * On the embedded database (one process by definition) the fan-out is in-process.
 */
if (onPostgres()) {
  describe("realtime across two instances on one PostgreSQL", () => {
    const admin = process.env.TEST_DATABASE_URL!;
    const name = `t_rt_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const url = Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
    const dataDir = mkdtempSync(join(tmpdir(), "rt-two-"));
    const log = createLogger("silent");
    type Instance = { services: Services; app: ReturnType<typeof createApp>; server: Awaited<ReturnType<typeof serve>> };
    let a: Instance;
    let b: Instance;
    const PW = "two-instances-pass-1";
    let member: { id: string; cookie: string };
    let postId = "";

    async function instance(): Promise<Instance> {
      const env = readEnv({
        NODE_ENV: "production",
        PORT: "3999",
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
        JOBS: "false",
        SEED_DEMO: "false",
        LOG_LEVEL: "silent",
      });
      const services = await createServices(env, log, { database: await openDatabase({ url, poolSize: 5 }) });
      const build = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
      const app = createApp({ services, getBuild: async () => build, mode: "production", serveClientBuild: true });
      return { services, app, server: await serve(app) };
    }

    beforeAll(async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      a = await instance();
      b = await instance();
      const db = a.services.db;
      const u = await createUser(db, { password: PW });
      const res = await a.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN },
        body: JSON.stringify({ email: u.email, password: PW }),
      });
      expect(res.status).toBe(200);
      member = { id: u.id, cookie: cookiesFrom(res) };
      // Only the like's own notification: a first like received also unlocks an achievement.
      await a.services.notifications.setPreferences(testActor({ userId: u.id }), { level_up: false, achievement_unlocked: false });
      const forum = await createForum(db, { categoryId: (await createCategory(db)).id });
      postId = (await createThreadWithPosts(db, { forumId: forum.id, authorId: u.id })).posts[0].id;
    });

    afterAll(async () => {
      for (const i of [a, b]) {
        if (!i) continue;
        await i.server.close();
        await i.services.close();
      }
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const headers = () => ({ cookie: member.cookie, origin: TEST_ORIGIN });
    const settle = () => new Promise((r) => setTimeout(r, 300));
    const notificationsIn = (s: TestSocket) => s.messages.filter((m) => (m as { type: string }).type === "notification");

    it("uses LISTEN/NOTIFY on PostgreSQL", () => {
      expect([a.services.realtime.kind, b.services.realtime.kind]).toEqual(["postgres", "postgres"]);
    });

    it("a like written through instance A reaches the author's socket on instance B, and the one on A, once each", async () => {
      const onB = await openReadySocket(b.server.url, headers());
      const onA = await openReadySocket(a.server.url, headers());
      try {
        const fan = await createUser(a.services.db, { password: PW });
        await a.services.forum.likePost(testActor({ userId: fan.id }), { postId });
        expect(await onB.next((m) => m.type === "notification")).toEqual({ type: "notification", unread: 1 });
        expect(await onA.next((m) => m.type === "notification")).toEqual({ type: "notification", unread: 1 });
        await settle();
        expect(notificationsIn(onB)).toHaveLength(1);
        expect(notificationsIn(onA)).toHaveLength(1);
        // And the other way: marking read through B updates the page open on A.
        await b.services.notifications.markRead(testActor({ userId: member.id }), { all: true });
        expect(await onA.next((m) => m.type === "unread")).toEqual({ type: "unread", unread: 0 });
      } finally {
        onA.close();
        onB.close();
      }
    });

    it("B's LISTEN connection, cut by the server, comes back and delivers again (its sockets are told to re-read)", async () => {
      const onB = await openReadySocket(b.server.url, headers());
      try {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        const { rowCount } = await c.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'nexo-realtime'`,
          [name],
        );
        await c.end();
        expect(rowCount).toBe(2);
        await onB.next((m) => m.type === "resync", 10_000);
        // A's own connection was cut too; publish until A is back and B hears it.
        await expect
          .poll(
            async () => {
              await a.services.realtime.publish(userChannel(member.id), { type: "probe" });
              return onB.messages.some((m) => (m as { type: string }).type === "probe");
            },
            { timeout: 10_000, interval: 250 },
          )
          .toBe(true);
      } finally {
        onB.close();
      }
    });
  });
} else {
  describe("realtime on the embedded database", () => {
    it("fans out in-process (one process owns the database)", async () => {
      const ctx = await testServices();
      try {
        expect(ctx.services.realtime.kind).toBe("in-process");
      } finally {
        await ctx.close();
      }
    });
  });
}
