import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * A page names its translation files by their content's hash instead of carrying them inline, and
 * the server answers those names with the same JSON, kept by the browser for a year.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const fileJson = (lng: string, ns: string) => JSON.parse(readFileSync(`app/i18n/locales/${lng}/${ns}.json`, "utf8"));

async function bootOf(path: string) {
  const html = await (await t.request(path)).text();
  const boot = JSON.parse(/<script id="i18n-boot" type="application\/json">([^<]*)<\/script>/.exec(html)![1]);
  // Preloaded from <head> (after the first paint: app/lib/paint-first.server.ts).
  const preloads = [
    ...html.matchAll(/<link rel="x-after-paint" data-after-paint="preload" as="fetch" href="([^"]+)" crossorigin="anonymous"\/>/g),
  ].map((m) => m[1]);
  return { html, boot, preloads };
}

describe("translation files named by their hash", () => {
  it("a page carries the names of its namespaces and every namespace's hash, not the translations", async () => {
    const { html, boot, preloads } = await bootOf("/es/");
    expect(boot.locale).toBe("es");
    expect(boot.ns).toEqual(expect.arrayContaining(["common", "errors", "site"]));
    expect(boot.resources).toBeUndefined();
    expect(Object.keys(boot.hashes)).toEqual(expect.arrayContaining(["forum", "admin", "account"]));
    expect(preloads).toEqual(boot.ns.map((ns: string) => `/locales/es/${ns}.${boot.hashes[ns]}.json`));
    // The boot JSON is a little over a kilobyte (about 30 bytes for each of some 40 namespaces' hashes), where the
    // translations were 20–30 KB.
    expect(/<script id="i18n-boot"[^>]*>[^<]{0,1600}<\/script>/.test(html)).toBe(true);
  });

  it("answers each named file with that namespace's JSON, cached for a year", async () => {
    const { boot, preloads } = await bootOf("/en/");
    for (const [i, href] of preloads.entries()) {
      const res = await t.request(href);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual(fileJson("en", boot.ns[i]));
    }
  });

  it("a hash that is not today's still gets today's text, kept an hour only", async () => {
    const res = await t.request("/locales/en/forum.0000stale.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await res.json()).toEqual(fileJson("en", "forum"));
  });

  it("the plain name still answers, and anything else is not found", async () => {
    expect(await (await t.request("/locales/es/auth.json")).json()).toEqual(fileJson("es", "auth"));
    for (const path of [
      "/locales/fr/common.json",
      "/locales/en/nope.json",
      "/locales/en/common.x_y.json",
      "/locales/en/..%2Fcommon.json",
      "/locales/en/Common.json",
    ]) {
      expect((await t.request(path)).status, path).toBe(404);
    }
  });

  it("each language's hashes differ and follow the content", async () => {
    const es = (await bootOf("/es/")).boot.hashes;
    const en = (await bootOf("/en/")).boot.hashes;
    expect(es.common).not.toBe(en.common);
    expect(new Set(Object.values(en)).size).toBe(Object.keys(en).length);
  });
});
