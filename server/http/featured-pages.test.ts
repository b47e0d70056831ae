import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featuredGames } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { companyActor } from "#tests/support/campaigns-kit";
import { makeFeaturedGame } from "#tests/support/featured-kit";
import { FEATURED_PAGE_SIZE } from "#server/modules/promotions/public-featured";

/**
 * The featured games' public pages (/featured-games, /games/{slug}, the home page's featured section) in both languages,
 * as a browser without JavaScript reads them: the Sponsored label, filters and pages, the details page with
 * its trailer facade, store link and VideoGame data (for visitors only), and 404 for what is not on show.
 */
let t: TestApp;
const { get } = pageClient(() => t, "198.51.105");
let member = "";
const ids = { both: "", homepage: "" };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const now = new Date();
  const company = await companyActor(db, { name: "Lantern Works" });
  const both = await makeFeaturedGame(db, now, {
    slug: "tidal-lanterns",
    gameName: "Tidal Lanterns",
    featureType: "both",
    platforms: ["pc", "switch"],
    companyId: company.userId,
    detailsHtml: "<p>A <strong>lantern</strong> puzzle game.</p>",
  });
  ids.both = both.id;
  ids.homepage = (
    await makeFeaturedGame(db, now, {
      slug: "home-only",
      gameName: "Home Only Game",
      featureType: "homepage",
      releaseStatus: "early_access",
      platforms: ["xbox"],
    })
  ).id;
  await makeFeaturedGame(db, now, {
    slug: "page-only",
    gameName: "Page Only Game",
    featureType: "details_page",
    releaseStatus: "unreleased",
    platforms: ["pc"],
  });
  await makeFeaturedGame(db, now, { slug: "hidden-game", gameName: "Hidden Game", visible: false });
  await makeFeaturedGame(db, now, {
    slug: "done-game",
    gameName: "Done Game",
    scheduleStatus: "finished",
    endsAt: new Date(now.getTime() - DAY),
    startsAt: new Date(now.getTime() - 9 * DAY),
  });
  await makeFeaturedGame(db, now, { slug: "late-game", gameName: "Late Game", endsAt: new Date(now.getTime() - 1000) });
  await makeFeaturedGame(db, now, {
    slug: "future-game",
    gameName: "Future Game",
    scheduleStatus: "scheduled",
    startsAt: new Date(now.getTime() + DAY),
  });
  const user = await createUser(db, { username: "fg_member" });
  member = await signIn(t, user.email, "correct-horse-battery");
});
afterAll(() => t.close());

describe("/featured-games", () => {
  it("lists the games on show with a Sponsored label, in both languages", async () => {
    const en = await textOf(await get("/en/featured-games"));
    expect(en).toContain("Featured games");
    for (const name of ["Tidal Lanterns", "Home Only Game", "Page Only Game"]) expect(en).toContain(name);
    for (const name of ["Hidden Game", "Done Game", "Late Game", "Future Game"]) expect(en).not.toContain(name);
    expect(en.match(/>Sponsored</g)?.length).toBe(3);
    expect(en).toContain("A studio paid for this placement.");
    const page = await (await get("/en/featured-games")).text();
    // Details features link to their page; a homepage-only one has none.
    expect(page).toContain('href="/en/games/tidal-lanterns"');
    expect(page).toContain('href="/en/games/page-only"');
    expect(page).not.toContain('href="/en/games/home-only"');
    const es = await textOf(await get("/es/featured-games"));
    expect(es).toContain("Juegos destacados");
    expect(es.match(/>Patrocinado</g)?.length).toBe(3);
    expect(es).toContain("Acceso anticipado");
  });

  it("filters by release status and platform, says when nothing matches, and pages", async () => {
    const early = await textOf(await get("/en/featured-games?release=early_access"));
    expect(early).toContain("Home Only Game");
    expect(early).not.toContain("Tidal Lanterns");
    const sw = await textOf(await get("/en/featured-games?platform=switch"));
    expect(sw).toContain("Tidal Lanterns");
    expect(sw).not.toContain("Page Only Game");
    const none = await textOf(await get("/es/featured-games?platform=vr"));
    expect(none).toContain("Ningún juego destacado coincide con estos filtros");
    const bad = await get("/en/featured-games?platform=nope&release=zzz");
    expect(bad.status).toBe(200);
    expect(FEATURED_PAGE_SIZE).toBeGreaterThan(3);
    expect((await get("/en/featured-games?page=2")).status).toBe(404);
  });
});

describe("/games/{slug}", () => {
  it("shows the game with its details, trailer facade, store link, studio and VideoGame data for visitors", async () => {
    const res = await get("/en/games/tidal-lanterns");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-game-id="${ids.both}"`);
    expect(html).toContain("<strong>lantern</strong>");
    // The trailer is a link to YouTube until clicked: no iframe, no YouTube script.
    expect(html).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    expect(html).toContain('data-game-event="trailer_click"');
    expect(html).not.toContain("<iframe");
    expect(html).toMatch(
      /<a[^>]*href="https:\/\/store\.steampowered\.com\/app\/1"[^>]*rel="sponsored noopener"[^>]*data-game-event="store_click"|rel="sponsored noopener"/,
    );
    expect(html).toContain('data-game-event="store_click"');
    expect(html).toContain('href="/en/company/');
    expect(html).toContain('"@type":"VideoGame"');
    expect(html).toContain('rel="canonical"');
    expect(html).toMatch(/hreflang="es" href="[^"]*\/es\/games\/tidal-lanterns"/i);
    const text = await textOf(await get("/es/games/tidal-lanterns"));
    expect(text).toContain("Patrocinado");
    expect(text).toContain("Consíguelo en la tienda");
    expect(text).toContain("Nintendo Switch");
  });

  it("is a store page: a gallery of screenshots that link to the pictures, a screenshot as the trailer's poster, the studio's other games on show", async () => {
    const db = t.services.db;
    const now = new Date();
    const [lanterns] = await db.select({ companyId: featuredGames.companyId }).from(featuredGames).where(eq(featuredGames.id, ids.both));
    const shots = ["/media/shots/a.webp", "/media/shots/b.webp", "/media/shots/c.webp"];
    await makeFeaturedGame(db, now, {
      slug: "lantern-shots",
      gameName: "Lantern Shots",
      featureType: "details_page",
      companyId: lanterns!.companyId,
      screenshots: shots,
    });
    await makeFeaturedGame(db, now, { slug: "lantern-secret", gameName: "Lantern Secret", companyId: lanterns!.companyId, visible: false });
    const html = await (await get("/en/games/lantern-shots")).text();
    // Each screenshot opens large before any script: a link to the picture itself.
    for (const src of shots) expect(html).toMatch(new RegExp(`<a href="${src}" class="gallery-link"`));
    expect(html).toContain('alt="Screenshot 2 of 3 of Lantern Shots"');
    // The trailer's poster is the first screenshot, not the cover shown at the top.
    expect(html).toMatch(/class="trailer-frame[^"]*"[^>]*>\s*<img src="\/media\/shots\/a\.webp"/);
    const text = await textOf(await get("/es/games/lantern-shots"));
    expect(text).toContain("Capturas");
    expect(text).toContain("Más de Pine Studio");
    expect(text).toContain("Tidal Lanterns");
    expect(text).not.toContain("Lantern Secret");
    // A game without screenshots leaves the gallery out and keeps its cover as the poster.
    const plain = await (await get("/en/games/tidal-lanterns")).text();
    expect(plain).not.toContain('class="gallery"');
    expect(plain).toMatch(/class="trailer-frame[^"]*"[^>]*>\s*<img src="\/media\/featured\/test\.webp"/);
    expect(plain).toContain("Lantern Shots");
  });

  it("leaves the structured data out for a signed-in member", async () => {
    const html = await (await get("/en/games/tidal-lanterns", member)).text();
    expect(html).toContain("Tidal Lanterns");
    expect(html).not.toContain('"@type":"VideoGame"');
  });

  it("answers 404 for unknown, hidden, finished, past-its-end, not-started and homepage-only games", async () => {
    for (const slug of ["nope", "hidden-game", "done-game", "late-game", "future-game", "home-only"]) {
      const res = await get(`/en/games/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await textOf(res)).toContain("Featured game not found.");
    }
    expect(await textOf(await get("/es/games/nope"))).toContain("No se ha encontrado el juego destacado.");
  });
});

describe("the home page", () => {
  it("shows the homepage features with Sponsored labels, not details-only ones", async () => {
    const en = await textOf(await get("/en/"));
    expect(en).toContain("Featured games");
    expect(en).toContain("Tidal Lanterns");
    expect(en).toContain("Home Only Game");
    expect(en).not.toContain("Page Only Game");
    expect(en).toContain("Sponsored");
    const es = await textOf(await get("/es/"));
    expect(es).toContain("Juegos destacados");
    expect(es).toContain("Patrocinado");
  });

  it("lists the featured pages in the sitemap", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("/en/featured-games");
    expect(xml).toContain("/en/games/tidal-lanterns");
    expect(xml).not.toContain("/games/hidden-game");
    expect(xml).not.toContain("/games/home-only");
  });
});
