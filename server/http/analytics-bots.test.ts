import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * Issue 11 point 17: bots stay out of the counts, headless browsers included (the end-to-end tests act as a
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
