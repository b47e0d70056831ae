import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { createUser } from "#server/db/factories";
import { profiles } from "#server/db/schema";
import { readEnv } from "#server/env";
import { serverBuildFile } from "#server/paths";
import { createLogger } from "#server/platform/logger";
import { S3Storage } from "#server/platform/storage-s3";
import { createServices, type Services } from "#server/services";
import { cookiesFrom, TEST_ORIGIN } from "#tests/support/app";
import { testDatabase } from "#tests/support/db";
import { startLocalS3, type LocalS3 } from "#tests/support/s3-server";
import { LoadShedder } from "./load-shedder";
import { MEDIA_CACHE_CONTROL } from "./media";
import { createSiteServer } from "./site-server";

/**
 * Scaling out (ARCHITECTURE): two instances of the site — each its own services and Hono app, its own data
 * folder — on one database and one S3 bucket (a real S3-compatible server, s3rver, on this machine). An avatar
 * uploaded through the first is answered by the second, byte for byte, with a year's cache: nothing an instance
 * stores stays on its own disk.
 */
describe("two instances on one database and one S3 bucket", () => {
  type Instance = { services: Services; app: ReturnType<typeof createApp>; dataDir: string };
  let s3: LocalS3;
  let database: DatabaseHandle;
  let first: Instance;
  let second: Instance;
  let avatarUrl = "";

  async function instance(): Promise<Instance> {
    const dataDir = mkdtempSync(join(tmpdir(), "two-instances-"));
    const env = readEnv({
      NODE_ENV: "production",
      PORT: "3999",
      DATA_DIR: dataDir,
      // What several instances share besides the database and the bucket: the secret that signs sessions.
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      GAME_KEYS_SECRET: "test-game-keys-secret-test-game-keys-0123",
      JOBS: "false",
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      PAGE_CACHE_SECONDS: "0",
      SIDE_PANEL_CACHE_SECONDS: "0",
      ...s3.env,
    });
    // The one database, shared: each instance's close leaves it open (closed once, at the end).
    const services = await createServices(env, createLogger("silent"), { database: { ...database, close: async () => {} } });
    const build = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
    return { services, app: createApp({ services, getBuild: async () => build, mode: "production", serveClientBuild: true }), dataDir };
  }

  const request = (on: Instance, path: string, init: RequestInit & { cookie?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.method && init.method !== "GET") headers.set("origin", TEST_ORIGIN);
    return Promise.resolve(on.app.request(TEST_ORIGIN + path, { ...init, headers }));
  };

  beforeAll(async () => {
    s3 = await startLocalS3();
    database = await testDatabase();
    first = await instance();
    second = await instance();
  });
  afterAll(async () => {
    for (const i of [first, second]) {
      await i?.services.close();
      if (i) rmSync(i.dataDir, { recursive: true, force: true });
    }
    await database?.close();
    await s3?.close();
  });

  it("answers on the second instance the avatar a member uploaded through the first, with a year's cache", async () => {
    expect(first.services.storage).toBeInstanceOf(S3Storage);
    expect(second.services.storage).toBeInstanceOf(S3Storage);

    // Signed in on the first instance; the session holds on the second (same database, same secret).
    const member = await createUser(first.services.db, { username: "Two_Instances", password: "two-instances-1" });
    const signedIn = await request(first, "/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: member.email, password: "two-instances-1" }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = cookiesFrom(signedIn);

    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const upload = await request(first, "/en/account?index", { method: "POST", cookie, body: form });
    expect(upload.status).toBe(200);
    expect(await upload.text()).toContain("Your avatar was updated.");

    const [row] = await second.services.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, member.id));
    avatarUrl = row.avatarUrl!;
    expect(avatarUrl).toMatch(/^\/media\/avatars\/[^/]+\/[\w-]+\.webp$/);
    // Neither instance keeps it on its own disk.
    for (const i of [first, second]) expect(existsSync(join(i.services.env.uploadsDir, avatarUrl.slice("/media/".length)))).toBe(false);

    const fromFirst = await request(first, avatarUrl);
    const fromSecond = await request(second, avatarUrl);
    expect(fromSecond.status).toBe(200);
    const bytes = new Uint8Array(await fromSecond.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await fromFirst.arrayBuffer()));
    expect(bytes).toEqual((await first.services.storage.read(avatarUrl.slice("/media/".length)))!.body);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 512, height: 512 });

    expect(fromSecond.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(fromSecond.headers.get("content-type")).toBe("image/webp");
    expect(fromSecond.headers.get("x-content-type-options")).toBe("nosniff");
    expect(fromSecond.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(fromSecond.headers.get("content-length")).toBe(String(bytes.byteLength));
    // Both instances name the same bytes by the same ETag, and a browser that has them gets a 304.
    const etag = fromSecond.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(fromFirst.headers.get("etag")).toBe(etag);
    const again = await request(second, avatarUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe(MEDIA_CACHE_CONTROL);
    expect(await again.arrayBuffer()).toHaveProperty("byteLength", 0);
    const head = await request(second, avatarUrl, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
  });

  it("answers a stored file as an image whatever type it was stored with, so it can never become a page", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await first.services.storage.put("avatars/someone/odd.svg", svg, { contentType: "text/html" });
    const res = await request(second, "/media/avatars/someone/odd.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("content-security-policy")).not.toContain("script-src");
  });

  it("answers 404 for a key the bucket does not have, and never serves a private key", async () => {
    expect((await request(second, "/media/avatars/nobody/missing.webp")).status).toBe(404);
    expect((await request(second, "/media/avatars/../private/x.pdf")).status).toBe(404);
    await first.services.storage.put("private/resumes/someone/cv.pdf", new TextEncoder().encode("%PDF-1.4 secret"), {
      contentType: "application/pdf",
    });
    expect(await second.services.storage.read("private/resumes/someone/cv.pdf")).not.toBeNull();
    for (const path of [
      "/media/private/resumes/someone/cv.pdf",
      "/media/private%2Fresumes/someone/cv.pdf",
      "/media//private/resumes/someone/cv.pdf",
    ]) {
      const res = await request(second, path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("secret");
    }
  });

  it("answers the bucket's files while the load shedder refuses pages, as it does the local disk's", async () => {
    expect(avatarUrl).not.toBe("");
    // One slot, taken by a request that never finishes: every new page is refused.
    const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 1, refusalDelayMs: 0 });
    const held = Object.assign(new EventEmitter(), { url: "/en/held" }) as unknown as IncomingMessage;
    expect(shedder.admit(held, new EventEmitter() as unknown as ServerResponse)).toBe(true);
    const http = createSiteServer(second.app, second.services.env, shedder);
    const base = `http://127.0.0.1:${await http.listen(0, "127.0.0.1")}`;
    try {
      const page = await fetch(`${base}/en/leaderboard`);
      expect(page.status).toBe(503);
      await page.text();
      const file = await fetch(`${base}${avatarUrl}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } finally {
      await http.drain(500, createLogger("silent"));
    }
  });
});
