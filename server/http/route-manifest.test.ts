import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * The routes a page lists for the browser (React Router's lazy route discovery) come from its own
 * language tree only; matching the ancestors of its address against all three copies of every page was a
 * twentieth of a page's CPU and added the unprefixed home to every /es and /en page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function manifestRoutes(path: string): Promise<string[]> {
  const html = await (await t.request(path)).text();
  const m = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html);
  expect(m, `${path} carries a route manifest`).not.toBeNull();
  return Object.keys(JSON.parse(m![1]).routes);
}

describe("the route manifest a page carries", () => {
  it("lists the page's routes and its ancestors' from its own language tree", async () => {
    const en = await manifestRoutes("/en/leaderboard");
    expect(en).toEqual(expect.arrayContaining(["root", "en", "en:routes/gamification/leaderboard"]));
    expect(en.every((id) => id === "root" || id === "en" || id.startsWith("en:"))).toBe(true);

    const es = await manifestRoutes("/es/about");
    expect(es).toEqual(expect.arrayContaining(["root", "es", "es:routes/pages/about"]));
    expect(es.every((id) => id === "root" || id === "es" || id.startsWith("es:"))).toBe(true);

    const plain = await manifestRoutes("/about");
    expect(plain).toEqual(expect.arrayContaining(["root", "routes/lang", "routes/pages/about"]));
    expect(plain.some((id) => id === "es" || id === "en" || /^e[sn]:/.test(id))).toBe(false);
  });

  it("still answers each tree's pages and the not-found page", async () => {
    for (const path of ["/es/", "/en/leaderboard", "/about", "/en/resources"]) expect((await t.request(path)).status, path).toBe(200);
    expect((await t.request("/en/no-such-page")).status).toBe(404);
    expect((await t.request("/fr/about")).status).toBe(404);
  });
});
