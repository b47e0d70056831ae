import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { AREAS } from "#server/modules/areas";

/** The shop area on the real app and build: /shop says it is removed, in either language, and the wiki leads there. */
let t: TestApp;
const pages = pageClient(() => t, "192.0.2");

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe("the shop", () => {
  it("is an area of the list, selling nothing", () => {
    expect(AREAS.map((a) => a.name)).toContain("shop");
    expect(t.services.shop.status()).toEqual({ open: false, itemSources: ["achievements", "arena", "inventory"] });
  });

  it("says in English that it is removed and where items come from, kept out of search engines", async () => {
    const res = await pages.get("/en/shop");
    expect(res.status).toBe(200);
    const html = await res.clone().text();
    expect(html).toContain('content="noindex, follow"');
    const text = await textOf(res);
    expect(text).toContain("The shop has been removed");
    for (const source of ["Achievements", "Arena rewards", "Your inventory"]) expect(text).toContain(source);
  });

  it("says the same in Spanish", async () => {
    const text = await textOf(await pages.get("/es/shop"));
    expect(text).toContain("La tienda se ha retirado");
    expect(text).toContain("Recompensas de la arena");
    expect(text).not.toContain("The shop has been removed");
  });

  it("is reachable from the wiki, in both languages", async () => {
    const en = await (await pages.get("/en/resources")).text();
    expect(en).toContain('href="#shop"');
    expect(en).toContain('href="/en/shop"');
    const es = await textOf(await pages.get("/es/resources"));
    expect(es).toContain("La tienda se ha retirado. Los objetos de un personaje");
  });

  it("is not in the sitemap", async () => {
    expect(await (await pages.get("/sitemap.xml")).text()).not.toContain("/shop");
  });
});
