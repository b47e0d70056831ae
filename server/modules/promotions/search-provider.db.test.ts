import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "#server/services";
import { makeFeaturedGame } from "#tests/support/featured-kit";
import { testServices } from "#tests/support/services";
import type { FeaturedGameHit } from "#server/modules/search";

/**
 * A featured game's page on show is found on /search by its name, description or studio; a hidden,
 * finished, past-its-end or homepage-only one (no page) is not.
 */
let ctx: Awaited<ReturnType<typeof testServices>>;
let services: Services;

beforeAll(async () => {
  ctx = await testServices();
  services = ctx.services;
  const now = new Date();
  await makeFeaturedGame(services.db, now, { slug: "glowmoss-caverns", gameName: "Glowmoss Caverns" });
  await makeFeaturedGame(services.db, now, { slug: "glowmoss-hidden", gameName: "Glowmoss Hidden", visible: false });
  await makeFeaturedGame(services.db, now, { slug: "glowmoss-home", gameName: "Glowmoss Home", featureType: "homepage" });
  await makeFeaturedGame(services.db, now, { slug: "glowmoss-done", gameName: "Glowmoss Done", scheduleStatus: "finished" });
  await makeFeaturedGame(services.db, now, { slug: "glowmoss-late", gameName: "Glowmoss Late", endsAt: new Date(now.getTime() - 1000) });
});
afterAll(() => ctx.close());

describe("featured games on /search", () => {
  it("finds only the pages on show, with their address, studio and marked words", async () => {
    const result = await services.search.search(null, { q: "glowmoss" });
    const section = result.sections.find((s) => s.id === "featured");
    const hits = (section?.items ?? []) as FeaturedGameHit[];
    expect(section?.total).toBe(1);
    expect(hits.map((h) => h.path)).toEqual(["/games/glowmoss-caverns"]);
    expect(hits[0].studioName).toBe("Pine Studio");
    expect(JSON.stringify(hits[0].title)).toContain("Glowmoss");
    const byStudio = await services.search.search(null, { q: "pine studio", type: "featured" });
    expect(byStudio.sections.find((s) => s.id === "featured")?.total).toBe(1);
  });
});
