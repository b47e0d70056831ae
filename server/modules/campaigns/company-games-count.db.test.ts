import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { testClock } from "#tests/support/forum-kit";
import { activeCampaign, campaignsDeps, companyActor } from "#tests/support/campaigns-kit";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "./deps";
import { createCampaign } from "./create-campaign";
import { createGame } from "./create-game";
import { changeCampaignStatus } from "./change-campaign-status";
import { listCompanyGames } from "./list-company-games";
import { listOpenCampaigns } from "./public-campaigns";

const DAY = 86_400_000;

describe("a company's games with their campaign counts, and the region filter of the open campaigns", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = campaignsDeps(database.db, clock);
    company = await companyActor(database.db, { name: "Cuenta" });
  });
  afterAll(() => database.close());

  const campaignFor = async (gameId: string, regions: string[]) => {
    const { id } = await createCampaign(deps, company, {
      gameId,
      startsAt: new Date(clock.now().getTime() - DAY).toISOString(),
      endsAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      autoApprove: false,
      minSubscribers: 0,
      minAverageViews: 0,
      platforms: ["pc"],
      regions,
      coverageDays: 14,
    });
    await changeCampaignStatus(deps, company, { campaignId: id, status: "active" });
    return id;
  };

  it("counts each game's own campaigns (none, one, two), and another company's do not count", async () => {
    const two = await activeCampaign(deps, company, { name: "Dos Campañas" });
    await campaignFor(two.gameId, ["europe"]);
    await activeCampaign(deps, company, { name: "Una Campaña" });
    await createGame(deps, company, {
      name: "Sin Campañas",
      slug: "sin-campanas",
      shortDescription: "No campaign yet.",
      platforms: ["pc"],
      genres: [],
      releaseStatus: "unreleased",
    });
    const other = await companyActor(database.db, { name: "Otra" });
    await activeCampaign(deps, other, { name: "Ajena" });
    const counts = Object.fromEntries((await listCompanyGames(deps, company)).map((g) => [g.name, g.campaignCount]));
    expect(counts).toEqual({ "Dos Campañas": 2, "Sin Campañas": 0, "Una Campaña": 1 });
  });

  it("shows a worldwide campaign under every region filter, and a regional one only under its regions", async () => {
    const game = await createGame(deps, company, {
      name: "Mundo Entero",
      slug: "mundo-entero",
      shortDescription: "Keys that redeem anywhere.",
      platforms: ["pc"],
      genres: [],
      releaseStatus: "released",
    });
    const worldwide = await campaignFor(game.id, ["global"]);
    const european = await campaignFor(game.id, ["europe"]);
    const ids = async (region: string) => (await listOpenCampaigns(deps, null, { region })).campaigns.map((c) => c.id);
    for (const region of ["global", "europe", "north_america", "latin_america", "asia", "oceania"]) {
      expect(await ids(region), region).toContain(worldwide);
    }
    expect(await ids("europe")).toContain(european);
    expect(await ids("asia")).not.toContain(european);
    expect(await ids("global")).not.toContain(european);
  });
});
