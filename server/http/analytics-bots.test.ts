import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * Bots stay out of the counts, headless browsers included (the end-to-end tests act as a
 * desktop Chrome to be counted); a consenting person's page view is stored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  await t.services.settings.write("analytics_enabled", true, "test");
});
afterAll(() => t.close());

const consent = `cookie_consent=${encodeURIComponent('{"essentials":true,"analytics":true}')}`;
const send = (ua: string, pagePath: string) =>
  t.request("/api/v1/analytics/pageview", {
    method: "POST",
    cookie: consent,
    headers: { "content-type": "application/json", "user-agent": ua },
    body: JSON.stringify({ pagePath, visitorId: crypto.randomUUID() }),
  });
const stored = async (pagePath: string) =>
  (await t.services.database.query(`select count(*)::int as n from analytics_pageviews where page_path = '${pagePath}'`)).rows[0] as {
    n: number;
  };

describe("page views and user agents", () => {
  it.each([
    ["headless Chromium", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36"],
    ["a crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["a script", "curl/8.5.0"],
  ])("does not count %s", async (_who, ua) => {
    const res = await send(ua, "/es/bots");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ recorded: false, reason: "bot" });
    expect(await stored("/es/bots")).toEqual({ n: 0 });
  });

  it("counts a desktop Chrome", async () => {
    const res = await send(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
      "/es/people",
    );
    expect(res.status).toBe(201);
    expect(await stored("/es/people")).toEqual({ n: 1 });
  });
});

describe("the admins' page view counts", () => {
  const read = (cookie?: string, days = "7") => t.request(`/api/v1/analytics/pageviews?days=${days}`, { cookie });

  it("count what was stored, not the bots, per path (7, 30 or 90 days)", async () => {
    const admin = await createUser(t.services.db, { email: "counts-admin@example.test", password: "counts-admin-1", roles: ["Admin"] });
    const cookie = await signIn(t, admin.email, "counts-admin-1");
    const before = (await (await read(cookie)).json()) as { total: number; paths: { pagePath: string; views: number }[] };
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
    for (const path of ["/en/counted", "/en/counted", "/es/contado"]) expect((await send(chrome, path)).status).toBe(201);
    expect((await send("Googlebot/2.1", "/en/counted")).status).toBe(202);
    for (const days of ["7", "30", "90"]) {
      const res = await read(cookie, days);
      expect(res.status).toBe(200);
      const after = (await res.json()) as typeof before & { days: number; visitors: number };
      expect(after.days).toBe(Number(days));
      expect(after.total).toBe(before.total + 3);
      expect(after.paths).toContainEqual({ pagePath: "/en/counted", views: 2 });
      expect(after.paths).toContainEqual({ pagePath: "/es/contado", views: 1 });
    }
    expect((await read(cookie, "12")).status).toBe(400);
  });

  it("are for admins only", async () => {
    expect((await read()).status).toBe(401);
    const member = await createUser(t.services.db, { email: "counts-member@example.test", password: "counts-member-1" });
    expect((await read(await signIn(t, member.email, "counts-member-1"))).status).toBe(403);
  });
});
