import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { countStatements } from "#server/db/statement-count";
import { testApp, type TestApp } from "#tests/support/app";
import { AVATAR_CACHE_CONTROL, avatarSvg } from "./avatars";

/**
 * /avatars/{userId}.svg draws a member's generated avatar on the server. The same id always
 * gives the same bytes, different ids give different pictures, the answer is cached for a year with an ETag
 * and can run nothing (image/svg+xml, a sandboxing CSP, nosniff); malformed ids are refused before any
 * database work and ids of nobody are a 404.
 */
let t: TestApp;
let a: string;
let b: string;

beforeAll(async () => {
  t = await testApp();
  a = (await createUser(t.services.db, { username: "avatar_a" })).id;
  b = (await createUser(t.services.db, { username: "avatar_b" })).id;
});
afterAll(() => t.close());

describe("generated avatars", () => {
  it("answers an SVG that is the same bytes for the same id, on every request", async () => {
    const first = await t.request(`/avatars/${a}.svg`);
    const second = await t.request(`/avatars/${a}.svg`);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(body.startsWith("<svg")).toBe(true);
    expect(body).toBe(await second.text());
    expect(body).toBe(avatarSvg(a));
    expect(first.headers.get("etag")).toBe(second.headers.get("etag"));
  });

  it("draws different pictures for different ids", async () => {
    const [x, y] = await Promise.all([t.request(`/avatars/${a}.svg`), t.request(`/avatars/${b}.svg`)]);
    expect(await x.text()).not.toBe(await y.text());
    expect(x.headers.get("etag")).not.toBe(y.headers.get("etag"));
  });

  it("is an image that can run nothing, cached for a year, with no script or outside reference", async () => {
    const res = await t.request(`/avatars/${a}.svg`);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe(AVATAR_CACHE_CONTROL);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(csp).not.toContain("script-src");
    expect(res.headers.get("set-cookie")).toBeNull();
    const body = await res.text();
    expect(body).not.toMatch(/<script|on[a-z]+=|href=|<foreignObject/i);
  });

  it("answers 304 to a browser that has the picture already", async () => {
    const etag = (await t.request(`/avatars/${a}.svg`)).headers.get("etag")!;
    const again = await t.request(`/avatars/${a}.svg`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(AVATAR_CACHE_CONTROL);
  });

  it("refuses malformed ids (400) and ids of nobody (404), never cached", async () => {
    for (const path of [
      "/avatars/x.svg",
      `/avatars/${a}.png`,
      `/avatars/${a}`,
      "/avatars/..%2F..%2Fetc.svg",
      `/avatars/${"a".repeat(65)}.svg`,
      "/avatars/a%20b%20c%20d%20e.svg",
      `/avatars/${a}.svg/more`,
    ]) {
      const res = await t.request(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const nobody = await t.request("/avatars/00000000-0000-4000-8000-000000000000.svg");
    expect(nobody.status).toBe(404);
    expect(nobody.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a malformed id without reading the database; a good one costs one primary-key read", async () => {
    const bad = await countStatements(() => t.request("/avatars/%3Cscript%3E.svg"));
    expect(bad.result.status).toBe(400);
    expect(bad.statements).toBe(0);
    const good = await countStatements(() => t.request(`/avatars/${b}.svg`));
    expect(good.result.status).toBe(200);
    expect(good.statements).toBe(1);
  });
});
