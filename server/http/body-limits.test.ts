import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, users } from "#server/db/schema";
import { signIn, testApp, TEST_ORIGIN, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { BODY_LIMITS, bodyLimitFor } from "./body-limits";

/**
 * Every route has a body limit (413, translated, nothing buffered past the limit),
 * pages take only form encodings (415), and a write that carries a session cookie but neither Origin nor
 * Sec-Fetch-Site is refused.
 */
let t: TestApp;
let cookie = "";
let threadPath = "";
let threadId = "";
let ip = 0;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const member = await createUser(db, { password: "limits-pass-1" });
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(eq(users.id, member.id));
  cookie = await signIn(t, member.email, "limits-pass-1");
  const category = await createCategory(db);
  const forum = await createForum(db, { categoryId: category.id });
  const thread = await createThreadWithPosts(db, { forumId: forum.id, authorId: admin.id, title: "Limits thread title" });
  threadPath = `/community/${forum.slug}/${thread.slug}`;
  threadId = thread.id;
});
afterAll(() => t.close());

const postCount = async () => (await t.services.db.select({ id: posts.id }).from(posts).where(eq(posts.threadId, threadId))).length;
const headers = (h: Record<string, string>) => ({ "x-test-ip": `203.0.113.${++ip % 250}`, ...h });

/** A body streamed in 64 KB chunks without a Content-Length; counts how much the server pulled. */
function streamedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

describe("body limits per route", () => {
  it("chooses the limit by route: uploads, page forms, auth, the translation report, the API", () => {
    expect(bodyLimitFor("GET", "/en/account")).toBeNull();
    expect(bodyLimitFor("POST", "/en/account")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("POST", "/account.data")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("POST", "/es/company/verification")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor("POST", "/en/community/a/b")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("POST", "/en/account/security")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("POST", "/api/auth/sign-in/email")).toBe(BODY_LIMITS.auth);
    expect(bodyLimitFor("POST", "/api/v1/site/i18n-missing")).toBe(BODY_LIMITS.i18nMissing);
    expect(bodyLimitFor("PUT", "/api/v1/site/maintenance")).toBe(BODY_LIMITS.api);
    // Campaigns: a game's cover, a campaign's key upload; the new-campaign form is a plain form.
    expect(bodyLimitFor("POST", "/en/company/games/new")).toBe(BODY_LIMITS.gameCover);
    expect(bodyLimitFor("POST", "/es/company/games/abc/edit.data")).toBe(BODY_LIMITS.gameCover);
    expect(bodyLimitFor("POST", "/company/campaigns/abc")).toBe(BODY_LIMITS.keyUpload);
    expect(bodyLimitFor("POST", "/en/company/campaigns/new")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor("POST", "/en/company/campaigns")).toBe(BODY_LIMITS.form);
    expect(BODY_LIMITS.keyUpload).toBeGreaterThan(8 * 1024 * 1024);
  });

  it("refuses a 50 MB multipart reply with a translated 413 and saves nothing", async () => {
    const before = await postCount();
    for (const [prefix, text] of [
      ["/en", "What you sent is too large"],
      ["/es", "Lo que has enviado es demasiado grande"],
    ] as const) {
      const boundary = "----limits";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreply\r\n--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n`;
      const big = new Uint8Array(50 * MB).fill(0x62);
      const body = new Blob([head, big, `\r\n--${boundary}--\r\n`]);
      const res = await t.request(`${prefix}${threadPath}`, {
        method: "POST",
        cookie,
        headers: headers({
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.size),
          referer: `${TEST_ORIGIN}${prefix}${threadPath}`,
        }),
        body,
      });
      expect(res.status).toBe(413);
      const html = await res.text();
      expect(html).toContain(text);
      // The light page links back to the form (the browser still holds what was typed).
      expect(html).toContain(`href="${prefix}${threadPath}"`);
    }
    expect(await postCount()).toBe(before);
  });

  it("stops reading a streamed body (no Content-Length) at the limit", async () => {
    const stream = streamedBody(50 * MB);
    const res = await t.request(`/en${threadPath}`, {
      method: "POST",
      cookie,
      headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
      body: stream.body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    // At most the limit plus the chunks in flight were read, never the 50 MB.
    expect(stream.pulled()).toBeLessThan(BODY_LIMITS.form + 4 * 64 * 1024);
  });

  it("refuses a 10 MB JSON body to the translation report and an oversized sign-in, with JSON in the page's language", async () => {
    const report = await t.request("/api/v1/site/i18n-missing", {
      method: "POST",
      headers: headers({ "content-type": "application/json", cookie: "lng=es" }),
      body: JSON.stringify({ key: "x".repeat(10 * MB), ns: "common" }),
    });
    expect(report.status).toBe(413);
    expect(await report.json()).toEqual({
      error: { code: "payload_too_large", message: "Lo que has enviado es demasiado grande. Envía algo más pequeño." },
    });

    const signInBody = JSON.stringify({ email: "a@example.test", password: "p".repeat(20_000) });
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: headers({ "content-type": "application/json" }),
      body: signInBody,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("lets an image-sized upload through to the page and a long reply through to the forum", async () => {
    // 9 MB of multipart to /account passes the limit; what the avatar operation makes of it is its own business.
    const boundary = "----ok";
    const body = new Blob([
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      new Uint8Array(9 * MB),
      `\r\n--${boundary}--\r\n`,
    ]);
    const upload = await t.request("/en/account", {
      method: "POST",
      cookie,
      headers: headers({ "content-type": `multipart/form-data; boundary=${boundary}` }),
      body,
    });
    expect(upload.status).not.toBe(413);

    const before = await postCount();
    const reply = await t.request(`/en${threadPath}`, {
      method: "POST",
      cookie,
      headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
      // 19,000 three-byte characters: about 170 KB URL-encoded, under the form limit.
      body: new URLSearchParams({ intent: "reply", threadId, body: "語".repeat(19_000) }).toString(),
    });
    expect(reply.status).toBeLessThan(400);
    expect(await postCount()).toBe(before + 1);
  });

  it("refuses page posts in encodings a browser form never sends (415, translated) and changes nothing", async () => {
    const before = await postCount();
    for (const [type, body] of [
      ["text/plain", `intent=reply&threadId=${threadId}&body=hello`],
      ["application/json", JSON.stringify({ intent: "reply", threadId, body: "hello" })],
      ["application/xml", "<reply>hello</reply>"],
      ["", `intent=reply&threadId=${threadId}&body=hello`],
    ]) {
      const res = await t.request(`/es${threadPath}`, {
        method: "POST",
        cookie,
        headers: headers(type ? { "content-type": type } : {}),
        body,
      });
      expect(res.status, type).toBe(415);
      expect(await res.text()).toContain("Aquí no se acepta este tipo de petición.");
    }
    expect(await postCount()).toBe(before);
  });
});

describe("writes without Origin or Sec-Fetch-Site", () => {
  it("are refused when they carry a session cookie, with a translated message, and change nothing", async () => {
    const before = await postCount();
    const res = await t.app.request(`${TEST_ORIGIN}/en${threadPath}`, {
      method: "POST",
      headers: headers({ cookie, "content-type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams({ intent: "reply", threadId, body: "no origin reply" }).toString(),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({
      code: "auth.cross_origin",
      message: expect.stringContaining("did not come from our site"),
    });
    expect(await postCount()).toBe(before);

    const theme = await t.app.request(`${TEST_ORIGIN}/api/v1/site/theme`, {
      method: "POST",
      headers: headers({ cookie: `lng=es; ${cookie}`, "content-type": "application/json" }),
      body: '{"theme":"dark"}',
    });
    expect(theme.status).toBe(403);
    expect((await theme.json()).error.message).toContain("no venía de nuestro sitio");
  });

  it("are still accepted without any session (a sign-in from a script or an old browser)", async () => {
    const user = await createUser(t.services.db, { password: "limits-pass-2" });
    const res = await t.app.request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: headers({ "content-type": "application/json" }),
      body: JSON.stringify({ email: user.email, password: "limits-pass-2" }),
    });
    expect(res.status).toBe(200);
  });
});
