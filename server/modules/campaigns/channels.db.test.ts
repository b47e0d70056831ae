import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase, onPostgres } from "#tests/support/db";
import { codeOf, errorOf, member, testClock } from "#tests/support/forum-kit";
import { activeCampaign, campaignsDeps, companyActor, keysFor } from "#tests/support/campaigns-kit";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";
import { testActor } from "#tests/support/actors";
import { SAME_CHANNEL } from "#tests/support/channel-spellings";
import { isValidSocialLink } from "#shared/profile-limits";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { creatorChannels, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { createChannelPageLookup } from "#server/platform/youtube-channel";
import type { CampaignsDeps } from "./deps";
import { requestKey } from "./request-key";
import { listOwnChannels, saveChannels } from "./save-channels";
import { reviewChannel } from "./team";
import { verifyChannel } from "./verify-channel";

/**
 * A channel belongs to one account, whichever way its address is written; only a verified or
 * team-checked channel counts for auto-approval; verification reads the channel's page through a local
 * YouTube over real HTTP. The race between two accounts is meaningful on PostgreSQL (`npm run test:pg`).
 */
describe("claimed channels", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  let stub: YoutubeStub;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  const yt = (url: string, subscribers = 2_000_000, averageViews = 400_000) => ({
    kind: "youtube",
    url,
    subscribers,
    averageViews,
    languages: ["es"],
  });
  const creator = () => member(database.db, clock.now(), { role: "creator" });
  const channelsOf = (userId: string) => database.db.select().from(creatorChannels).where(eq(creatorChannels.userId, userId));

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    stub = await startYoutubeStub();
    deps = campaignsDeps(database.db, clock, { channelPages: createChannelPageLookup(stub.origin, { timeoutMs: 1500 }) });
    company = await companyActor(database.db, { name: "Brisa" });
  });
  afterAll(async () => {
    await stub.close();
    await database.close();
  });

  it("refuses the same channel to a second account in every way of writing it, and saves nothing of that list", async () => {
    const owner = await creator();
    await saveChannels(deps, owner, { channels: [yt("https://www.youtube.com/@brisagames")] });
    const second = await creator();
    await saveChannels(deps, second, { channels: [yt("https://www.youtube.com/@second-own", 10, 1)] });
    for (const url of SAME_CHANNEL["youtube:@brisagames"]) {
      // An address the form refuses anyway (http://, a host with a final dot) cannot be saved by anyone.
      if (!isValidSocialLink("youtube", url.trim())) {
        expect(await codeOf(saveChannels(deps, second, { channels: [yt(url)] }))).toBe("input.invalid");
        continue;
      }
      const err = await errorOf(
        saveChannels(deps, second, { channels: [{ ...yt("https://www.twitch.tv/second", 5, 1), kind: "twitch" }, yt(url)] }),
      );
      expect(err.code, url).toBe("campaigns.channel_claimed");
      expect(err.details?.claimed, url).toEqual([url.trim()]);
    }
    // As a "website" too: the key is the address's, whatever the kind.
    expect(
      await codeOf(saveChannels(deps, second, { channels: [{ ...yt("https://m.youtube.com/c/BrisaGames/"), kind: "website" }] })),
    ).toBe("campaigns.channel_claimed");
    expect((await channelsOf(second.userId)).map((c) => c.url)).toEqual(["https://www.youtube.com/@second-own"]);
    expect((await channelsOf(owner.userId)).map((c) => c.channelKey)).toEqual(["youtube:@brisagames"]);
    // The owner may write their own channel another way: the same channel, one row.
    await saveChannels(deps, owner, { channels: [yt("https://m.youtube.com/c/BrisaGames"), yt("https://youtube.com/@BrisaGames/")] });
    expect((await channelsOf(owner.userId)).map((c) => [c.url, c.channelKey])).toEqual([
      ["https://m.youtube.com/c/BrisaGames", "youtube:@brisagames"],
    ]);
  });

  it("two accounts saving the same channel at once: the unique index gives it to one, the other is told it is claimed", async () => {
    // One account's save is written but not committed when the other's starts: the other's check sees nothing,
    // its insert waits on the index and fails when the first commits (on PGlite the second simply runs after).
    const [a, b] = [await creator(), await creator()];
    let second: Promise<string> = Promise.resolve("not started");
    await database.db.transaction(async (tx) => {
      await saveChannels({ ...deps, db: tx as unknown as CampaignsDeps["db"] }, a, {
        channels: [yt("https://www.youtube.com/@race-held")],
      });
      second = codeOf(saveChannels(deps, b, { channels: [yt("https://youtube.com/@Race-Held/")] }));
      await new Promise((r) => setTimeout(r, onPostgres() ? 300 : 10));
    });
    expect(await second).toBe("campaigns.channel_claimed");
    expect((await channelsOf(a.userId)).length).toBe(1);
    expect((await channelsOf(b.userId)).length).toBe(0);

    // And 20 channels, each saved by two accounts at once, in different spellings: exactly one owner each.
    const pairs = await Promise.all(Array.from({ length: 20 }, async () => [await creator(), await creator()] as const));
    const outcomes = await Promise.all(
      pairs.flatMap(([x, y], i) => [
        codeOf(saveChannels(deps, x, { channels: [yt(`https://www.youtube.com/@race${i}`)] })),
        codeOf(saveChannels(deps, y, { channels: [yt(`https://m.youtube.com/c/RACE${i}/`)] })),
      ]),
    );
    for (let i = 0; i < 20; i++)
      expect(outcomes.slice(2 * i, 2 * i + 2).sort(), `race${i}`).toEqual(["campaigns.channel_claimed", "no error"]);
    const rows = await database.db.select().from(creatorChannels);
    for (let i = 0; i < 20; i++) expect(rows.filter((r) => r.channelKey === `youtube:@race${i}`)).toHaveLength(1);
  });

  it("does not auto-approve on an unverified channel's huge figures; does once the channel is verified through YouTube", async () => {
    const { campaignId } = await activeCampaign(deps, company, {
      autoApprove: true,
      minSubscribers: 1_000,
      minAverageViews: 200,
      keys: keysFor("CLAIM", 3),
    });
    const stated = await creator();
    await saveChannels(deps, stated, { channels: [yt("https://www.youtube.com/@stated-giant")] });
    expect((await requestKey(deps, stated, { campaignId, platform: "pc", region: "europe" })).status).toBe("pending");

    const honest = await creator();
    await saveChannels(deps, honest, { channels: [yt("https://www.youtube.com/@Honest-Maker", 5_000, 900)] });
    const [channel] = await listOwnChannels(deps, honest);
    expect(channel.verifyCode).toMatch(/^nexo-[a-z2-9]{8}$/);
    expect(channel.verifiedAt).toBeNull();
    // The code is not on the channel's page yet.
    stub.channels.set("/@honest-maker", "Indie games every week.");
    const missing = await errorOf(verifyChannel(deps, honest, { channelId: channel.id }));
    expect([missing.code, missing.details?.code]).toEqual(["campaigns.verify_code_missing", channel.verifyCode]);
    // The creator adds it to the description; the site finds it.
    stub.channels.set("/@honest-maker", `Indie games every week. ${channel.verifyCode.toUpperCase()}`);
    const before = stub.requests;
    expect(await verifyChannel(deps, honest, { channelId: channel.id })).toEqual({
      channelId: channel.id,
      status: "verified",
      already: false,
    });
    expect(stub.requests).toBe(before + 1);
    expect((await channelsOf(honest.userId))[0].verifiedAt).toEqual(clock.now());
    expect(await verifyChannel(deps, honest, { channelId: channel.id })).toMatchObject({ already: true });
    expect(stub.requests).toBe(before + 1);
    const approved = await requestKey(deps, honest, { campaignId, platform: "pc", region: "europe" });
    expect(approved.status).toBe("approved");
    const [row] = await database.db.select().from(creatorRequests).where(eq(creatorRequests.id, approved.requestId));
    expect(row.autoApproved).toBe(true);

    // A flagged verified channel counts for nothing; a channel checked by the team counts without a code.
    const team = testActor({ roles: ["Admin"], profileRole: null });
    await reviewChannel(deps, team, { channelId: channel.id, verdict: "flag", reason: "Bought subscribers" });
    await saveChannels(deps, honest, {
      channels: [yt("https://www.youtube.com/@Honest-Maker", 5_000, 900), yt("https://www.youtube.com/@honest-two", 10, 1)],
    });
    const again = await activeCampaign(deps, company, { autoApprove: true, minSubscribers: 1_000, keys: keysFor("FLAG", 1) });
    expect((await requestKey(deps, honest, { campaignId: again.campaignId, platform: "pc", region: "europe" })).status).toBe("pending");
    const [statedRow] = await channelsOf(stated.userId);
    await reviewChannel(deps, team, { channelId: statedRow.id, verdict: "check" });
    expect((await requestKey(deps, stated, { campaignId: again.campaignId, platform: "pc", region: "europe" })).status).toBe("approved");
  });

  it("keeps verification while the channel stays the same, loses it when the address names another channel", async () => {
    const c = await creator();
    await saveChannels(deps, c, { channels: [yt("https://www.youtube.com/@keeper", 2_000, 300)] });
    const [first] = await channelsOf(c.userId);
    stub.channels.set("/@keeper", first.verifyCode);
    await verifyChannel(deps, c, { channelId: first.id });
    // New figures, another spelling: still verified (the team's check would be cleared by new figures).
    await saveChannels(deps, c, { channels: [yt("https://m.youtube.com/@Keeper/", 3_000, 400)] });
    const [same] = await channelsOf(c.userId);
    expect([same.id, same.verifyCode, !!same.verifiedAt, same.subscribers]).toEqual([first.id, first.verifyCode, true, 3_000]);
    // Another channel in its place: a new row, a new code, not verified.
    await saveChannels(deps, c, { channels: [yt("https://www.youtube.com/@keeper-two", 3_000, 400)] });
    const [other] = await channelsOf(c.userId);
    expect(other.id).not.toBe(first.id);
    expect(other.verifyCode).not.toBe(first.verifyCode);
    expect(other.verifiedAt).toBeNull();
  });

  it("says why a verification did not happen: unreachable, not YouTube, not one's own, claimed, too many attempts", async () => {
    const c = await creator();
    await saveChannels(deps, c, {
      channels: [yt("https://www.youtube.com/@nowhere-yet"), { ...yt("https://www.twitch.tv/somebody"), kind: "twitch" }],
    });
    const rows = await channelsOf(c.userId);
    const youtube = rows.find((r) => r.kind === "youtube")!;
    const twitch = rows.find((r) => r.kind === "twitch")!;
    // YouTube does not know the channel, errs, or sends us to another host.
    expect(await codeOf(verifyChannel(deps, c, { channelId: youtube.id }))).toBe("campaigns.channel_unreachable");
    stub.channels.set("/@nowhere-yet", youtube.verifyCode);
    for (const mode of ["error", "foreign_redirect"] as const) {
      stub.mode = mode;
      expect(await codeOf(verifyChannel(deps, c, { channelId: youtube.id })), mode).toBe("campaigns.channel_unreachable");
    }
    stub.mode = "ok";
    expect(await codeOf(verifyChannel(deps, c, { channelId: twitch.id }))).toBe("campaigns.verify_unsupported");
    // Someone else's channel is not found (not verified, not told it exists).
    const stranger = await creator();
    expect(await codeOf(verifyChannel(deps, stranger, { channelId: youtube.id }))).toBe("campaigns.channel_not_found");
    // A row that migration 0013 left without its key (declared earlier elsewhere) cannot be verified.
    await database.db.update(creatorChannels).set({ channelKey: null }).where(eq(creatorChannels.id, youtube.id));
    expect(await codeOf(verifyChannel(deps, c, { channelId: youtube.id }))).toBe("campaigns.channel_claimed");
    await database.db.update(creatorChannels).set({ channelKey: "youtube:@nowhere-yet" }).where(eq(creatorChannels.id, youtube.id));
    // 5 attempts per 10 minutes were used above (3) and now (2); the 6th is refused before YouTube is asked.
    stub.channels.set("/@nowhere-yet", "no code");
    for (let i = 0; i < 2; i++)
      expect(await codeOf(verifyChannel(deps, c, { channelId: youtube.id }))).toBe("campaigns.verify_code_missing");
    const before = stub.requests;
    const limited = await errorOf(verifyChannel(deps, c, { channelId: youtube.id }));
    expect(limited.code).toBe("campaigns.verify_too_many");
    expect(limited.details?.minutes).toBeGreaterThan(0);
    expect(stub.requests).toBe(before);
    clock.advance(11 * 60_000);
    expect(await codeOf(verifyChannel(deps, c, { channelId: youtube.id }))).toBe("campaigns.verify_code_missing");
  });

  it("refuses verification to a visitor, a company, a player and an unconfirmed creator", async () => {
    const c = await creator();
    await saveChannels(deps, c, { channels: [yt("https://www.youtube.com/@perm-check")] });
    const [row] = await channelsOf(c.userId);
    const player = await member(database.db, clock.now(), { role: undefined });
    const unconfirmed = await member(database.db, clock.now(), { role: "creator", emailVerified: false });
    expect(await codeOf(verifyChannel(deps, null, { channelId: row.id }))).toBe("auth.unauthenticated");
    expect(await codeOf(verifyChannel(deps, company, { channelId: row.id }))).toBe("auth.forbidden");
    expect(await codeOf(verifyChannel(deps, { ...player, profileRole: null }, { channelId: row.id }))).toBe("auth.forbidden");
    expect(await codeOf(verifyChannel(deps, unconfirmed, { channelId: row.id }))).toBe("auth.email_unverified");
    expect(await codeOf(saveChannels(deps, company, { channels: [yt("https://www.youtube.com/@x")] }))).toBe("auth.forbidden");
    expect((await channelsOf(c.userId))[0].verifiedAt).toBeNull();
  });

  it("lets the team check a channel left unkeyed by the migration only once no other account holds it", async () => {
    const [holder, late] = [await creator(), await creator()];
    await saveChannels(deps, holder, { channels: [yt("https://www.youtube.com/@twice-declared")] });
    // As migration 0013 leaves a younger declaration of the same channel: flagged, without a key.
    await database.db.insert(creatorChannels).values({
      id: `late-${late.userId}`,
      userId: late.userId,
      kind: "youtube",
      url: "https://youtube.com/@Twice-Declared",
      verifyCode: "nexo-aaaaaaaa",
      flaggedAt: clock.now(),
      flagReason: "Declared earlier by another account",
    });
    const team = testActor({ roles: ["Admin"], profileRole: null });
    expect(await codeOf(reviewChannel(deps, team, { channelId: `late-${late.userId}`, verdict: "check" }))).toBe(
      "campaigns.channel_claimed",
    );
    expect(await codeOf(saveChannels(deps, late, { channels: [yt("https://youtube.com/@Twice-Declared")] }))).toBe(
      "campaigns.channel_claimed",
    );
    await saveChannels(deps, holder, { channels: [] });
    await reviewChannel(deps, team, { channelId: `late-${late.userId}`, verdict: "check" });
    expect((await channelsOf(late.userId))[0]).toMatchObject({ channelKey: "youtube:@twice-declared", flaggedAt: null });
  });
});
