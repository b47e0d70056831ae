import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, campaigns, creatorChannels } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { activeCampaign, campaignsDeps, companyActor, creatorWithChannel } from "#tests/support/campaigns-kit";

/**
 * The admin campaigns and creators tabs, driven as a browser without JavaScript would: who may open
 * them, that every mutation (pause, lift, check, flag, clear) is refused to a visitor, a creator and a company,
 * and that the team's actions work, are audited and keep what was typed after a failed submit.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.102");
const cookies = { admin: "", moderator: "", creator: "", company: "" };
const ids = { campaign: "", channel: "" };

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const deps = campaignsDeps(db, { now: () => new Date() });
  const admin = await createUser(db, { roles: ["Admin"], username: "camp_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "camp_mod" });
  const company = await companyActor(db, { name: "Lighthouse Games" });
  const creator = await creatorWithChannel(deps, new Date(), { username: "stream_queen", subscribers: 52_000 });
  const { campaignId } = await activeCampaign(deps, company, { name: "Tidal Lanterns" });
  ids.campaign = campaignId;
  const [channel] = await db.select().from(creatorChannels).where(eq(creatorChannels.userId, creator.userId));
  ids.channel = channel.id;
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email!, PW);
  cookies.company = await signIn(t, company.email!, PW);
});
afterAll(() => t.close());

type Who = "visitor" | "creator" | "company" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.startsWith("/en/login?redirectTo=")) return "login";
  if (to === "/en/") return "home";
  return res.status;
}
const audits = (action: string) => t.services.db.select().from(auditLog).where(eq(auditLog.action, action));
const campaignRow = async () => (await t.services.db.select().from(campaigns).where(eq(campaigns.id, ids.campaign)))[0];
const channelRow = async () => (await t.services.db.select().from(creatorChannels).where(eq(creatorChannels.id, ids.channel)))[0];

/** A mutation refused to a visitor (sent to sign in) and to a creator and a company (sent home), changing nothing. */
async function expectRefused(path: string, body: Record<string, string>) {
  expect(await answerOf(await post(path, body))).toBe("login");
  expect(await answerOf(await post(path, body, cookies.creator))).toBe("home");
  expect(await answerOf(await post(path, body, cookies.company))).toBe("home");
}

describe("who may open the campaigns admin tabs", () => {
  for (const path of ["/en/admin/campaigns", "/en/admin/creators"]) {
    it(path, async () => {
      const got: Record<string, unknown> = {};
      for (const who of ["visitor", "creator", "company", "moderator", "admin"] as Who[])
        got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got).toEqual({ visitor: "login", creator: "home", company: "home", moderator: 200, admin: 200 });
    });
  }

  it("lists both tabs in the navigation, with their help text, in both languages", async () => {
    const html = await (await get("/en/admin/campaigns", cookies.moderator)).text();
    expect(html).toContain('href="/en/admin/campaigns"');
    expect(html).toContain('href="/en/admin/creators"');
    const es = await textOf(await get("/es/admin/creators", cookies.moderator));
    expect(es).toContain("Creadores");
    expect(es).toContain("deja de contar para los mínimos");
    expect(es).toContain("stream_queen");
  });
});

describe("/admin/campaigns", () => {
  it("lists campaigns with their company and keys, filters by status and searches by game or company", async () => {
    const all = await textOf(await get("/en/admin/campaigns", cookies.moderator));
    expect(all).toContain("Tidal Lanterns");
    expect(all).toContain("Lighthouse Games");
    expect(all).toContain("Active");
    expect(await textOf(await get("/en/admin/campaigns?status=active&q=lighthouse", cookies.moderator))).toContain("Tidal Lanterns");
    const finished = await textOf(await get("/en/admin/campaigns?status=finished", cookies.moderator));
    expect(finished).not.toContain("Tidal Lanterns");
    expect(finished).toContain("No campaign has finished yet.");
    expect(await textOf(await get("/en/admin/campaigns?q=nothing-like-it", cookies.moderator))).toContain("No campaign matches");
    expect((await get("/en/admin/campaigns?page=9", cookies.moderator)).status).toBe(404);
  });

  it("refuses a pause and a lift to a visitor, a creator and a company", async () => {
    await expectRefused("/en/admin/campaigns", { intent: "pause", campaignId: ids.campaign, reason: "Not allowed" });
    await expectRefused("/en/admin/campaigns", { intent: "lift", campaignId: ids.campaign });
    expect((await campaignRow()).status).toBe("active");
    expect(await audits("campaigns.paused")).toHaveLength(0);
  });

  it("asks for a reason, keeping what was typed, then pauses with it; the team then lifts its pause", async () => {
    const empty = await post("/en/admin/campaigns", { intent: "pause", campaignId: ids.campaign, reason: "  " }, cookies.moderator);
    expect(empty.status).toBe(400);
    expect(await textOf(empty)).toContain("Write the reason for the pause: the company will read it.");
    const long = "Too long a reason ".repeat(30);
    const tooLong = await post("/en/admin/campaigns", { intent: "pause", campaignId: ids.campaign, reason: long }, cookies.moderator);
    expect(tooLong.status).toBe(400);
    // What was typed is still there, in the question that stays open.
    expect(await tooLong.text()).toMatch(/<details[^>]*open=""[\s\S]*Too long a reason Too long a reason/);
    expect((await campaignRow()).status).toBe("active");

    const ok = await post(
      "/en/admin/campaigns",
      { intent: "pause", campaignId: ids.campaign, reason: "Misleading store page", name: "Tidal Lanterns" },
      cookies.moderator,
    );
    expect(ok.status).toBe(200);
    expect(await textOf(ok)).toContain("is paused");
    const paused = await campaignRow();
    expect(paused).toMatchObject({ status: "paused", pausedByAdmin: true, pauseReason: "Misleading store page" });
    expect(await audits("campaigns.paused")).toHaveLength(1);
    const list = await textOf(await get("/en/admin/campaigns?status=paused", cookies.moderator));
    expect(list).toContain("Paused by the team");
    expect(list).toContain("Misleading store page");
    expect(list).toContain("Lift the team's pause");

    const lifted = await post("/en/admin/campaigns", { intent: "lift", campaignId: ids.campaign }, cookies.admin);
    expect(lifted.status).toBe(200);
    expect(await campaignRow()).toMatchObject({ status: "paused", pausedByAdmin: false, pauseReason: null });
    expect(await audits("campaigns.pause_lifted")).toHaveLength(1);
  });

  it("answers an unknown campaign and an unknown intent with a translated error", async () => {
    const missing = await post("/en/admin/campaigns", { intent: "pause", campaignId: "nope", reason: "Why" }, cookies.admin);
    expect(missing.status).toBe(404);
    expect(await textOf(missing)).toContain("Campaign not found.");
    expect((await post("/en/admin/campaigns", { intent: "explode" }, cookies.admin)).status).toBe(400);
  });
});

describe("/admin/creators", () => {
  it("shows each creator's channels with the stated figures and the review state, by filter", async () => {
    const page = await textOf(await get("/en/admin/creators", cookies.moderator));
    expect(page).toContain("stream_queen");
    expect(page).toContain("https://www.youtube.com/@stream_queen");
    expect(page).toContain("52,000");
    expect(page).toContain("Not checked");
    expect(await textOf(await get("/en/admin/creators?show=flagged", cookies.moderator))).toContain("No channel is flagged.");
    expect(await textOf(await get("/en/admin/creators?q=stream", cookies.moderator))).toContain("stream_queen");
    expect(await textOf(await get("/en/admin/creators?q=zzz-nobody", cookies.moderator))).toContain("No creator matches");
  });

  it("refuses a check, a flag and a clear to a visitor, a creator and a company", async () => {
    for (const verdict of ["check", "flag", "clear"])
      await expectRefused("/en/admin/creators", { intent: "review", verdict, channelId: ids.channel, reason: "x" });
    const ch = await channelRow();
    expect(ch.checkedAt).toBeNull();
    expect(ch.flaggedAt).toBeNull();
  });

  it("checks, flags (a reason required, kept after an error) and clears a channel, each audited", async () => {
    const checked = await post("/en/admin/creators", { intent: "review", verdict: "check", channelId: ids.channel }, cookies.moderator);
    expect(checked.status).toBe(200);
    expect((await channelRow()).checkedAt).not.toBeNull();
    expect(await textOf(await get("/en/admin/creators", cookies.moderator))).toContain("Checked");

    const noReason = await post(
      "/en/admin/creators",
      { intent: "review", verdict: "flag", channelId: ids.channel, reason: "" },
      cookies.moderator,
    );
    expect(noReason.status).toBe(400);
    expect(await textOf(noReason)).toContain("Write the reason for the flag");
    expect((await channelRow()).flaggedAt).toBeNull();

    const flagged = await post(
      "/en/admin/creators",
      { intent: "review", verdict: "flag", channelId: ids.channel, reason: "Bought subscribers" },
      cookies.admin,
    );
    expect(flagged.status).toBe(200);
    expect(await channelRow()).toMatchObject({ flagReason: "Bought subscribers", checkedAt: null });
    expect(await textOf(await get("/en/admin/creators?show=flagged", cookies.admin))).toContain("Bought subscribers");

    await post("/en/admin/creators", { intent: "review", verdict: "clear", channelId: ids.channel }, cookies.admin);
    expect(await channelRow()).toMatchObject({ flaggedAt: null, checkedAt: null });
    for (const action of ["campaigns.channel_check", "campaigns.channel_flag", "campaigns.channel_clear"])
      expect(
        await t.services.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, action))),
      ).toHaveLength(1);
  });
});
