import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "#server/modules/accounts/actor";
import { changeCampaignStatus } from "#server/modules/campaigns/change-campaign-status";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { activeCampaign, campaignsDeps, companyActor, creatorWithChannel, keysFor } from "#tests/support/campaigns-kit";

/**
 * Where campaigns show outside their own pages, as a browser without JavaScript sees them: the
 * company's and the creator's /dashboard, the company's public profile, /search and the sitemap.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get } = pageClient(() => t, "198.51.103");
const cookies = { company: "", creator: "", quiet: "" };
const ids = { open: "", other: "", finished: "" };
let company: NonNullable<Actor>;
let quietCompany: NonNullable<Actor>;

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const deps = campaignsDeps(db, { now: () => new Date() });
  company = await companyActor(db, { name: "Brasa Games" });
  quietCompany = await companyActor(db, { name: "Quiet Pines" });
  ids.open = (await activeCampaign(deps, company, { name: "Ember Courier", keys: keysFor("EMBER", 4, "europe") })).campaignId;
  ids.other = (await activeCampaign(deps, company, { name: "Frost Relay", keys: keysFor("FROST", 2, "europe") })).campaignId;
  ids.finished = (await activeCampaign(deps, company, { name: "Old Harbour" })).campaignId;
  await changeCampaignStatus(deps, company, { campaignId: ids.finished, status: "finished" });
  const creator = await creatorWithChannel(deps, new Date(), { username: "dash_creator" });
  const waiting = await creatorWithChannel(deps, new Date(), { username: "dash_pending" });
  // The creator holds a key for Ember Courier (no coverage yet); another creator waits for a decision.
  const mine = await t.services.campaigns.requestKey(creator, { campaignId: ids.open, platform: "pc", region: "europe" });
  await t.services.campaigns.approveRequests(company, { requestIds: [mine.requestId] });
  await t.services.campaigns.requestKey(waiting, { campaignId: ids.open, platform: "pc", region: "europe" });
  cookies.company = await signIn(t, company.email!, PW);
  cookies.creator = await signIn(t, creator.email!, PW);
  cookies.quiet = await signIn(t, quietCompany.email!, PW);
});
afterAll(() => t.close());

describe("/dashboard", () => {
  it("a company sees pending requests, keys left per campaign, coverage received and links to manage", async () => {
    const res = await get("/en/dashboard", cookies.company);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = await textOf(new Response(html));
    expect(text).toContain("Your key campaigns");
    expect(text).toContain("request waiting for your decision");
    expect(text).toContain("coverage links received from creators");
    expect(text).toContain("Ember Courier");
    expect(text).toContain("3 keys left");
    expect(text).toContain("1 pending request");
    expect(text).toContain("Frost Relay");
    expect(text).not.toContain("Old Harbour");
    expect(html).toContain(`href="/en/company/campaigns/${ids.open}"`);
  });

  it("a company without campaigns is told how to start one (in Spanish too)", async () => {
    const text = await textOf(await get("/es/dashboard", cookies.quiet));
    expect(text).toContain("No tienes ninguna campaña en marcha");
    expect(text).toContain("Crear una campaña");
  });

  it("a creator sees keys waiting for coverage with the deadline, and campaigns they qualify for", async () => {
    const html = await (await get("/en/dashboard", cookies.creator)).text();
    const text = await textOf(new Response(html));
    expect(text).toContain("Keys waiting for your coverage");
    expect(text).toContain("Coverage due on");
    expect(text).toContain("Campaigns you qualify for");
    // Frost Relay is open and not yet requested; Ember Courier was.
    expect(html).toContain(`href="/en/campaigns/${ids.other}"`);
    expect(html).not.toContain(`href="/en/campaigns/${ids.open}"`);
    // The dashboard sends no campaign description or key.
    expect(html).not.toContain("EMBER-0");
  });
});

describe("/company/{slug}", () => {
  it("lists the company's games and its open campaigns, each linking to its public page", async () => {
    const html = await (await get(`/en/company/${company.company!.slug}`)).text();
    const text = await textOf(new Response(html));
    expect(text).toContain("Games");
    expect(text).toContain("A short game about light.");
    expect(text).toContain("Open key campaigns");
    expect(html).toContain(`href="/en/campaigns/${ids.open}"`);
    expect(html).toContain(`href="/en/campaigns/${ids.other}"`);
    expect(html).not.toContain(`/campaigns/${ids.finished}`);
    expect(text).toContain("Keys for Ember Courier");
  });

  it("says so when the company has no games and no open campaign", async () => {
    const text = await textOf(await get(`/es/company/${quietCompany.company!.slug}`));
    expect(text).toContain("Quiet Pines todavía no ha publicado ningún juego.");
    expect(text).toContain("Quiet Pines no tiene ahora ninguna campaña de claves abierta.");
  });
});

describe("/search and the sitemap", () => {
  it("find an open campaign, not a finished one", async () => {
    const html = await (await get("/en/search?q=ember")).text();
    expect(html).toContain(`href="/en/campaigns/${ids.open}"`);
    expect(await textOf(new Response(html))).toContain("Key campaigns");
    expect(await (await get("/en/search?q=harbour")).text()).not.toContain(`/campaigns/${ids.finished}`);
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/es/campaigns/${ids.open}</loc>`);
    expect(sitemap).not.toContain(ids.finished);
  });
});
