import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, member, testClock } from "#tests/support/forum-kit";
import { activeCampaign, addKeys, campaignsDeps, companyActor, creatorWithChannel, keysFor } from "#tests/support/campaigns-kit";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, campaignKeys, campaigns, creatorRequests, keyReveals } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "./deps";
import { createCampaignsService } from "./index";
import { createGame } from "./create-game";
import { changeCampaignStatus } from "./change-campaign-status";
import { previewKeyUpload, saveKeyUpload } from "./key-upload";
import { requestKey } from "./request-key";
import { approveRequests, rejectRequests } from "./decide-requests";
import { myKeys, revealKey, addCoverage } from "./creator-keys";
import { exportKeys, revokeKeys, traceKey } from "./manage-keys";
import { finishEndedCampaigns } from "./finish-ended-campaigns";
import { listOpenCampaigns, getPublicCampaign } from "./public-campaigns";
import { adminLiftPause, adminPauseCampaign } from "./team";
import { updateCampaign } from "./update-campaign";
import { exportAccountData } from "#server/modules/accounts/export-account-data";
import { exportSectionsOf } from "#server/modules/accounts";
import { AREAS } from "#server/modules/areas";

const DAY = 86_400_000;

describe("creator key campaigns", () => {
  let database: DatabaseHandle;
  let deps: CampaignsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let company: NonNullable<Actor>;
  let otherCompany: NonNullable<Actor>;
  let creator: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = campaignsDeps(database.db, clock);
    company = await companyActor(database.db, { name: "Brisa" });
    otherCompany = await companyActor(database.db, { name: "Otra" });
    creator = await creatorWithChannel(deps, clock.now(), { username: "creadora" });
  });
  afterAll(() => database.close());

  it("refuses every company operation to a visitor, a creator, a member and a pending company", async () => {
    const pending = await companyActor(database.db, { verified: false });
    const player = await member(database.db, clock.now(), { role: undefined });
    const game = { name: "X", slug: "x-game", shortDescription: "x", platforms: ["pc"], genres: [], releaseStatus: "released" };
    expect(await codeOf(createGame(deps, null, game))).toBe("auth.unauthenticated");
    expect(await codeOf(createGame(deps, creator, game))).toBe("auth.forbidden");
    expect(await codeOf(createGame(deps, { ...player, profileRole: null }, game))).toBe("auth.forbidden");
    expect(await codeOf(createGame(deps, pending, game))).toBe("company.pending");
    const { campaignId } = await activeCampaign(deps, company);
    for (const actor of [null, creator, pending, otherCompany]) {
      const expected =
        actor === null ? "auth.unauthenticated" : actor === pending ? "company.pending" : actor === creator ? "auth.forbidden" : null;
      const code = await codeOf(previewKeyUpload(deps, actor, { campaignId, text: "AAAAA-1" }));
      // Another company is not told the campaign exists.
      expect(code).toBe(expected ?? "campaigns.not_found");
      expect(await codeOf(changeCampaignStatus(deps, actor, { campaignId, status: "paused" }))).toBe(expected ?? "campaigns.not_found");
    }
  });

  it("previews an upload with exact counts, saves only new keys, and keeps them sealed at rest", async () => {
    const { campaignId } = await activeCampaign(deps, company);
    const text = [
      "key_value,region",
      "AAAAA-11111,EU",
      "AAAAA-11111,EU",
      "BBBBB-22222",
      "bad",
      "CCCCC-33333,mars",
      "DDDDD-44444,na",
      "",
    ].join("\n");
    const preview = await previewKeyUpload(deps, company, { campaignId, text });
    expect(preview.counts).toEqual({ detected: 6, new: 3, duplicate: 1, invalid: 2 });
    expect(preview.badLines.map((b) => [b.line, b.reason])).toEqual([
      [3, "duplicate_in_upload"],
      [5, "too_short"],
      [6, "unknown_region"],
    ]);
    const { saved } = await saveKeyUpload(deps, company, { campaignId, uploadId: preview.uploadId! });
    expect(saved).toBe(3);
    // Saved once: the same preview again is expired.
    expect(await codeOf(saveKeyUpload(deps, company, { campaignId, uploadId: preview.uploadId! }))).toBe("campaigns.upload_expired");
    const rows = await database.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId));
    expect(rows.map((r) => r.region).sort()).toEqual(["europe", "north_america", null].sort());
    for (const r of rows) {
      expect(r.sealedValue.includes(Buffer.from("AAAAA"))).toBe(false);
      expect(r.sealedValue.includes(Buffer.from("BBBBB"))).toBe(false);
    }
    // A second upload to another campaign of the same company: keys already in a pool are duplicates.
    const second = await activeCampaign(deps, company);
    const again = await previewKeyUpload(deps, company, { campaignId: second.campaignId, text: "AAAAA-11111\nEEEEE-55555" });
    expect(again.counts).toEqual({ detected: 2, new: 1, duplicate: 1, invalid: 0 });
    expect(again.badLines).toEqual([{ line: 1, reason: "already_in_pool" }]);
    // Another company's pool is its own: the same key is new there.
    const theirs = await activeCampaign(deps, otherCompany);
    expect((await previewKeyUpload(deps, otherCompany, { campaignId: theirs.campaignId, text: "AAAAA-11111" })).counts.new).toBe(1);
    // An upload of nothing, and one past the limits, are refused with their messages.
    expect(await codeOf(previewKeyUpload(deps, company, { campaignId, text: "\n\n" }))).toBe("campaigns.upload_empty");
    expect(await codeOf(previewKeyUpload(deps, company, { campaignId, text: "K".repeat(20).concat("\n").repeat(100_001) }))).toBe(
      "campaigns.upload_too_large",
    );
  });

  it("a request is one per creator per campaign, must fit the campaign, and needs a channel", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: keysFor("REQ", 2) });
    expect(await codeOf(requestKey(deps, null, { campaignId, platform: "pc", region: "europe" }))).toBe("auth.unauthenticated");
    expect(await codeOf(requestKey(deps, company, { campaignId, platform: "pc", region: "europe" }))).toBe(
      "campaigns.company_cannot_request",
    );
    const unconfirmed = await member(database.db, clock.now(), { emailVerified: false });
    expect(await codeOf(requestKey(deps, unconfirmed, { campaignId, platform: "pc", region: "europe" }))).toBe("auth.email_unverified");
    const player = await member(database.db, clock.now());
    expect(await codeOf(requestKey(deps, { ...player, profileRole: null }, { campaignId, platform: "pc", region: "europe" }))).toBe(
      "campaigns.creators_only",
    );
    const newcomer = await member(database.db, clock.now());
    expect(await codeOf(requestKey(deps, newcomer, { campaignId, platform: "pc", region: "europe" }))).toBe(
      "campaigns.onboarding_required",
    );
    expect(await codeOf(requestKey(deps, creator, { campaignId, platform: "switch", region: "europe" }))).toBe(
      "campaigns.platform_not_offered",
    );
    expect(await codeOf(requestKey(deps, creator, { campaignId, platform: "pc", region: "asia" }))).toBe("campaigns.region_not_offered");
    expect(await codeOf(requestKey(deps, creator, { campaignId: "nope", platform: "pc", region: "europe" }))).toBe("campaigns.not_found");

    const first = await requestKey(deps, creator, { campaignId, platform: "pc", region: "europe", message: "I cover puzzle games." });
    expect(first.status).toBe("pending");
    const second = await errorOf(requestKey(deps, creator, { campaignId, platform: "pc", region: "europe" }));
    expect(second.code).toBe("campaigns.already_requested");
  });

  it("approval assigns a key of the requested region, cannot be undone, and says so when none is left", async () => {
    const { campaignId } = await activeCampaign(deps, company, {
      name: "Cielo",
      keys: [...keysFor("EU", 1, "EU"), ...keysFor("NA", 1, "NA")],
    });
    const a = await creatorWithChannel(deps, clock.now());
    const b = await creatorWithChannel(deps, clock.now());
    const c = await creatorWithChannel(deps, clock.now());
    const ra = await requestKey(deps, a, { campaignId, platform: "pc", region: "north_america" });
    const rb = await requestKey(deps, b, { campaignId, platform: "pc", region: "europe" });
    const rc = await requestKey(deps, c, { campaignId, platform: "pc", region: "europe" });
    expect(await codeOf(approveRequests(deps, creator, { requestIds: [ra.requestId] }))).toBe("auth.forbidden");
    // Another company cannot decide this company's requests.
    expect((await approveRequests(deps, otherCompany, { requestIds: [ra.requestId] })).failed[0].code).toBe("not_found");

    const done = await approveRequests(deps, company, { requestIds: [ra.requestId, rb.requestId, rc.requestId] });
    expect(done.done).toEqual([ra.requestId, rb.requestId]);
    expect(done.failed).toEqual([{ requestId: rc.requestId, code: "campaigns.no_keys", values: { campaignName: "Cielo" } }]);
    const keys = await database.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId));
    const holder = (region: string) => keys.find((k) => k.region === region)!;
    expect(holder("north_america").claimedBy).toBe(a.userId);
    expect(holder("europe").claimedBy).toBe(b.userId);
    expect(keys.every((k) => k.status === "claimed")).toBe(true);
    // Approval cannot be undone: rejecting an approved request is refused.
    expect((await rejectRequests(deps, company, { requestIds: [ra.requestId] })).failed[0].code).toBe("campaigns.request_decided");
    // Rejected with a reason the creator sees.
    await rejectRequests(deps, company, { requestIds: [rc.requestId], reason: "Not our audience" });
    const mine = await myKeys(deps, c);
    expect(mine[0]).toMatchObject({ status: "rejected", rejectionReason: "Not our audience" });
  });

  it("auto-approves a creator who meets the minimums, and leaves pending one who does not or when keys run out", async () => {
    const { campaignId } = await activeCampaign(deps, company, {
      autoApprove: true,
      minSubscribers: 5_000,
      minAverageViews: 1_000,
      keys: keysFor("AUTO", 1),
    });
    // Verified channels: only a verified or team-checked channel's figures count (channels.db.test.ts).
    const big = await creatorWithChannel(deps, clock.now(), { subscribers: 50_000, averageViews: 9_000, verified: true });
    const small = await creatorWithChannel(deps, clock.now(), { subscribers: 100, averageViews: 20, verified: true });
    const late = await creatorWithChannel(deps, clock.now(), { subscribers: 80_000, averageViews: 9_000, verified: true });
    expect((await requestKey(deps, big, { campaignId, platform: "pc", region: "europe" })).status).toBe("approved");
    expect((await requestKey(deps, small, { campaignId, platform: "pc", region: "europe" })).status).toBe("pending");
    expect((await requestKey(deps, late, { campaignId, platform: "pc", region: "europe" })).status).toBe("pending");
    const [row] = await database.db.select().from(creatorRequests).where(eq(creatorRequests.creatorId, big.userId));
    expect(row).toMatchObject({ status: "approved", autoApproved: true });
    expect(row.coverageDueAt!.getTime()).toBe(clock.now().getTime() + 14 * DAY);
  });

  it("only the creator who received a key sees it; each reveal is recorded; coverage links are checked", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: ["SECRET-KEY-0001"] });
    const holder = await creatorWithChannel(deps, clock.now());
    const other = await creatorWithChannel(deps, clock.now());
    const { requestId } = await requestKey(deps, holder, { campaignId, platform: "pc", region: "europe" });
    await approveRequests(deps, company, { requestIds: [requestId] });
    expect(JSON.stringify(await myKeys(deps, holder))).not.toContain("SECRET-KEY");
    expect(await revealKey(deps, holder, { requestId })).toEqual({ requestId, key: "SECRET-KEY-0001" });
    expect(await codeOf(revealKey(deps, other, { requestId }))).toBe("not_found");
    expect(await codeOf(revealKey(deps, company, { requestId }))).toBe("auth.forbidden");
    const reveals = await database.db.select().from(keyReveals);
    expect(reveals.filter((r) => r.userId === holder.userId)).toHaveLength(1);

    expect(await codeOf(addCoverage(deps, holder, { requestId, url: "javascript:alert(1)" }))).toBe("campaigns.coverage_url");
    expect(await codeOf(addCoverage(deps, holder, { requestId, url: "http://example.com/review" }))).toBe("campaigns.coverage_url");
    expect(await codeOf(addCoverage(deps, other, { requestId, url: "https://example.com/review" }))).toBe("campaigns.coverage_not_allowed");
    expect((await addCoverage(deps, holder, { requestId, url: "https://youtu.be/abcdefghijk" })).kind).toBe("youtube");
    expect((await addCoverage(deps, holder, { requestId, url: "https://blog.example.com/lumen-review" })).kind).toBe("web");
    const module = createCampaignsService(deps);
    const view = await module.manageCampaign(company, { campaignId, tab: "participants" });
    expect("participants" in view && view.participants[0].coverage.map((l) => l.kind).sort()).toEqual(["web", "youtube"]);
    expect(JSON.stringify(view)).not.toContain("SECRET-KEY");
  });

  it("an account export holds the person's own requests and channels, and no key value of anyone", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: ["EXPORT-KEY-0001"] });
    const holder = await creatorWithChannel(deps, clock.now());
    const { requestId } = await requestKey(deps, holder, { campaignId, platform: "pc", region: "europe" });
    await approveRequests(deps, company, { requestIds: [requestId] });
    await revealKey(deps, holder, { requestId });
    const mine = await exportAccountData({ db: database.db }, holder, exportSectionsOf({ areas: AREAS }));
    const section = mine.sections.campaigns as { requests: { id: string }[]; channels: unknown[]; keyReveals: unknown[] };
    expect(section.requests.map((r) => r.id)).toEqual([requestId]);
    expect(section.channels).toHaveLength(1);
    expect(section.keyReveals).toHaveLength(1);
    for (const person of [holder, company, creator]) {
      expect(JSON.stringify(await exportAccountData({ db: database.db }, person, exportSectionsOf({ areas: AREAS })))).not.toContain(
        "EXPORT-KEY",
      );
    }
    expect(JSON.stringify(await exportAccountData({ db: database.db }, creator, exportSectionsOf({ areas: AREAS })))).not.toContain(
      requestId,
    );
  });

  it("traces a key to its holder for its own company only, auditing every lookup; exports and revokes", async () => {
    const { campaignId } = await activeCampaign(deps, company, { keys: ["TRACE-ME-0001", "SPARE-KEY-0002"] });
    const holder = await creatorWithChannel(deps, clock.now(), { username: "holder_x" });
    const { requestId } = await requestKey(deps, holder, { campaignId, platform: "pc", region: "europe" });
    await approveRequests(deps, company, { requestIds: [requestId] });
    // The key the creator received turns up on a resale site.
    const { key: resold } = await revealKey(deps, holder, { requestId });
    const spareValue = resold === "TRACE-ME-0001" ? "SPARE-KEY-0002" : "TRACE-ME-0001";
    const found = await traceKey(deps, company, { key: ` ${resold} ` });
    expect(found).toMatchObject({ claimedBy: holder.userId, holder: "holder_x", status: "claimed" });
    expect(await traceKey(deps, company, { key: spareValue })).toMatchObject({ status: "available", claimedBy: null });
    expect(await codeOf(traceKey(deps, company, { key: "NEVER-UPLOADED" }))).toBe("campaigns.key_unknown");
    expect(await codeOf(traceKey(deps, otherCompany, { key: resold }))).toBe("campaigns.key_unknown");
    expect(await codeOf(traceKey(deps, creator, { key: resold }))).toBe("auth.forbidden");
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "campaigns.key_traced"));
    // Every lookup by a company is audited, found or not (the refused creator's is not a lookup).
    expect(audits).toHaveLength(4);
    expect(audits.filter((a) => (a.details as { found: boolean }).found)).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain("TRACE-ME");
    expect(JSON.stringify(audits)).not.toContain("SPARE-KEY");

    const csv = await exportKeys(deps, company, { campaignId });
    expect(csv.csv).toContain(`"${resold}",,"claimed","holder_x",`);
    expect(csv.csv).toContain(`"${spareValue}",,"available",,`);
    expect(await codeOf(exportKeys(deps, otherCompany, { campaignId }))).toBe("campaigns.not_found");

    const keys = await database.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId));
    const claimed = keys.find((k) => k.status === "claimed")!;
    const spare = keys.find((k) => k.status === "available")!;
    expect(await codeOf(revokeKeys(deps, company, { campaignId, keyIds: [claimed.id] }))).toBe("campaigns.key_not_revocable");
    expect(await revokeKeys(deps, company, { campaignId, keyIds: [spare.id, claimed.id] })).toEqual({ revoked: 1, skipped: 1 });
  });

  it("moves through its states; finishes on its own at its end date; a team pause holds until lifted", async () => {
    const { campaignId } = await activeCampaign(deps, company);
    expect(await codeOf(changeCampaignStatus(deps, company, { campaignId, status: "draft" }))).toBe("campaigns.status_transition");
    await adminPauseCampaign(deps, { ...creator, roles: ["Moderator"], profileRole: null }, { campaignId, reason: "Keys resold" });
    expect(await codeOf(adminPauseCampaign(deps, company, { campaignId, reason: "x" }))).toBe("auth.forbidden");
    expect(await codeOf(changeCampaignStatus(deps, company, { campaignId, status: "active" }))).toBe("campaigns.paused_by_team");
    expect((await getPublicCampaign(deps, null, { campaignId })).campaign.open).toBe(false);
    // A pause needs its reason; lifting one the team did not put is refused; lifting lets the company reopen.
    const team = { ...creator, roles: ["Moderator"], profileRole: null };
    expect(await codeOf(adminPauseCampaign(deps, team, { campaignId, reason: "  " }))).toBe("input.invalid");
    await adminLiftPause(deps, team, { campaignId });
    expect(await codeOf(adminLiftPause(deps, team, { campaignId }))).toBe("campaigns.not_paused_by_team");
    await changeCampaignStatus(deps, company, { campaignId, status: "active" });
    expect((await getPublicCampaign(deps, null, { campaignId })).campaign.open).toBe(true);

    const ending = await activeCampaign(deps, company);
    clock.advance(31 * DAY);
    expect((await listOpenCampaigns(deps, null, {})).campaigns.map((c) => c.id)).not.toContain(ending.campaignId);
    expect(await finishEndedCampaigns(deps)).toMatchObject({ finished: expect.any(Number) });
    const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, ending.campaignId));
    expect(row.status).toBe("finished");
    expect((await finishEndedCampaigns(deps)).finished).toBe(0);
    expect(await codeOf(changeCampaignStatus(deps, company, { campaignId: ending.campaignId, status: "active" }))).toBe(
      "campaigns.status_transition",
    );
    clock.advance(-31 * DAY);
  });

  it("filters open campaigns by platform, region, genre and coverage language (none: any language)", async () => {
    const anyLanguage = await activeCampaign(deps, company, { name: "Any Tongue" });
    const spanishOnly = await activeCampaign(deps, company, { name: "Solo Castellano" });
    await updateCampaign(deps, company, {
      campaignId: spanishOnly.campaignId,
      gameId: spanishOnly.gameId,
      startsAt: new Date(clock.now().getTime() - DAY).toISOString(),
      endsAt: new Date(clock.now().getTime() + 20 * DAY).toISOString(),
      autoApprove: false,
      platforms: ["pc"],
      regions: ["europe"],
      languages: ["es"],
      coverageDays: 10,
    });
    const ids = async (filters: Record<string, string>) => (await listOpenCampaigns(deps, null, filters)).campaigns.map((c) => c.id);
    expect(await ids({ language: "en" })).toContain(anyLanguage.campaignId);
    expect(await ids({ language: "en" })).not.toContain(spanishOnly.campaignId);
    expect(await ids({ language: "es" })).toEqual(expect.arrayContaining([anyLanguage.campaignId, spanishOnly.campaignId]));
    expect(await ids({ region: "north_america" })).not.toContain(spanishOnly.campaignId);
    expect(await ids({ platform: "switch" })).toEqual([]);
    expect(await ids({ genre: "puzzle" })).toContain(anyLanguage.campaignId);
    expect(await ids({ genre: "horror" })).toEqual([]);
    // Unknown filter values are ignored, not errors.
    expect(await ids({ platform: "<script>", page: "-3" })).toContain(anyLanguage.campaignId);
    // A creator sees whether they meet each campaign's minimums and what they asked for.
    const view = await listOpenCampaigns(deps, creator, {});
    expect(view.campaigns.every((c) => c.meetsMinimums === true)).toBe(true);
  });

  it("keeps the key pool's invariants on a second upload of the same keys at once", async () => {
    const { campaignId } = await activeCampaign(deps, company);
    const text = keysFor("RACE", 50).join("\n");
    const [p1, p2] = await Promise.all([
      previewKeyUpload(deps, company, { campaignId, text }),
      previewKeyUpload(deps, company, { campaignId, text }),
    ]);
    const saved = await Promise.all([
      saveKeyUpload(deps, company, { campaignId, uploadId: p1.uploadId! }),
      saveKeyUpload(deps, company, { campaignId, uploadId: p2.uploadId! }),
    ]);
    expect(saved.reduce((n, s) => n + s.saved, 0)).toBe(50);
    expect(await database.db.$count(campaignKeys, eq(campaignKeys.campaignId, campaignId))).toBe(50);
    await addKeys(deps, company, campaignId, "ONE-MORE-KEY");
    expect(await database.db.$count(campaignKeys, eq(campaignKeys.campaignId, campaignId))).toBe(51);
  });
});
