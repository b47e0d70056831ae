import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/modules/accounts/actor";
import { changeCampaignStatus } from "#server/modules/campaigns/change-campaign-status";
import type { Services } from "#server/services";
import { activeCampaign, campaignsDeps, companyActor } from "#tests/support/campaigns-kit";
import { testServices } from "#tests/support/services";
import type { CampaignHit } from "#server/modules/search";

/**
 * An open key campaign is found on /search (by its game, its company or its description) and listed
 * in the sitemap; a paused, finished or ended one leaves both, and a draft never enters.
 */
let ctx: Awaited<ReturnType<typeof testServices>>;
let services: Services;
let company: NonNullable<Actor>;
const ids = { open: "", finished: "", paused: "" };

beforeAll(async () => {
  ctx = await testServices();
  services = ctx.services;
  const deps = campaignsDeps(services.db, { now: () => new Date() });
  company = await companyActor(services.db, { name: "Nebulosa Interactive" });
  ids.open = (await activeCampaign(deps, company, { name: "Lanternfish Odyssey" })).campaignId;
  ids.finished = (await activeCampaign(deps, company, { name: "Lanternfish Prequel" })).campaignId;
  await changeCampaignStatus(deps, company, { campaignId: ids.finished, status: "finished" });
  ids.paused = (await activeCampaign(deps, company, { name: "Lanternfish Paused" })).campaignId;
  await changeCampaignStatus(deps, company, { campaignId: ids.paused, status: "paused" });
});
afterAll(() => ctx.close());

const campaignHits = async (q: string, type?: string) => {
  const result = await services.search.search(null, { q, type });
  const section = result.sections.find((s) => s.id === "campaigns");
  return { total: section?.total ?? 0, hits: (section?.items ?? []) as CampaignHit[] };
};

describe("campaigns on /search", () => {
  it("finds an open campaign by its game's name, with its public page, company and marked words", async () => {
    const { total, hits } = await campaignHits("lanternfish");
    expect(total).toBe(1);
    expect(hits.map((h) => h.id)).toEqual([ids.open]);
    const [hit] = hits;
    expect(hit).toMatchObject({ kind: "campaign", path: `/campaigns/${ids.open}`, company: { name: "Nebulosa Interactive" } });
    expect(hit.title.some((s) => s.mark && /lanternfish/i.test(s.text))).toBe(true);
    expect(hit.snippet.map((s) => s.text).join("")).toBe("A short game about light.");
  });

  it("finds it by its company's name and by its game's description, in one section page", async () => {
    expect((await campaignHits("nebulosa")).hits.map((h) => h.id)).toEqual([ids.open]);
    expect((await campaignHits("light", "campaigns")).hits.map((h) => h.id)).toEqual([ids.open]);
  });

  it("leaves out finished and paused campaigns", async () => {
    const { hits } = await campaignHits("prequel");
    expect(hits).toEqual([]);
    expect((await campaignHits("paused")).total).toBe(0);
  });

  it("drops a campaign once it is finished", async () => {
    const deps = campaignsDeps(services.db, { now: () => new Date() });
    const { campaignId } = await activeCampaign(deps, company, { name: "Ephemeral Ember" });
    expect((await campaignHits("ephemeral")).total).toBe(1);
    await changeCampaignStatus(deps, company, { campaignId, status: "finished" });
    expect((await campaignHits("ephemeral")).total).toBe(0);
  });
});

describe("campaigns in the sitemap", () => {
  it("lists the opportunities page and each open campaign in both languages, not a finished or paused one", async () => {
    const xml = await services.site.sitemap("https://nexo.example");
    expect(xml).toContain("<loc>https://nexo.example/es/campaigns</loc>");
    expect(xml).toContain(`<loc>https://nexo.example/en/campaigns/${ids.open}</loc>`);
    expect(xml).toContain(`<loc>https://nexo.example/es/campaigns/${ids.open}</loc>`);
    expect(xml).not.toContain(ids.finished);
    expect(xml).not.toContain(ids.paused);
  });

  it("drops a campaign whose end date has passed, even before the job marks it finished", async () => {
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await services.site.sitemap("https://nexo.example", later)).not.toContain(ids.open);
  });
});
