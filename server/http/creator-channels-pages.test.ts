import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "#server/db/factories";
import { creatorChannels, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { cookiesFrom, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";

/**
 * Channel ownership and verification through the pages, as a browser without JavaScript (and the hydrated page's data requests):
 * a channel another account declared is refused beside its field in both languages with everything typed kept;
 * a stated channel's huge figures get no key at once; /creator/onboarding shows the channel's code, and "Verify"
 * reads the channel's page on a local YouTube over real HTTP, with a message for each outcome.
 */
let t: TestApp;
let stub: YoutubeStub;
let ip = 0;
const PW = "creator-channels-pass-1";
const DAY = 24 * 3600_000;

type Person = { id: string; cookie: string; actor: NonNullable<Actor> };
const headers = () => ({ "x-test-ip": `198.51.103.${++ip % 250}` });
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: headers() });
const page = async (path: string, cookie?: string) => decode(mainOf(await (await get(path, cookie)).text()));
function post(path: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  });
}

async function signIn(email: string): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { ...headers(), "content-type": "application/json" },
    body: JSON.stringify({ email, password: PW }),
  });
  expect(res.status, `sign-in of ${email}`).toBe(200);
  return cookiesFrom(res);
}
async function person(spec: Parameters<typeof createUser>[1] = {}, actor: Partial<NonNullable<Actor>> = {}): Promise<Person> {
  const u = await createUser(t.services.db, { password: PW, ...spec });
  return {
    id: u.id,
    cookie: await signIn(u.email),
    actor: testActor({ userId: u.id, username: u.username, email: u.email, emailVerified: spec.emailVerified ?? true, ...actor }),
  };
}
const channelsOf = (userId: string) => t.services.db.select().from(creatorChannels).where(eq(creatorChannels.userId, userId));
const saveForm = (url: string, subscribers: string, extra: Record<string, string | string[]> = {}) => ({
  intent: "save",
  rows: "1",
  "kind-0": "youtube",
  "url-0": url,
  "subscribers-0": subscribers,
  "averageViews-0": "250000",
  "languages-0": ["es", "en"],
  ...extra,
});

let company: Person;
let owner: Person;
let autoId = "";

beforeAll(async () => {
  stub = await startYoutubeStub();
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", YOUTUBE_CHANNEL_URL: stub.origin });
  const made = await createCompany(t.services.db, { password: PW, verified: true, companyName: "Faro Works", slug: "faro-works" });
  company = {
    id: made.id,
    cookie: await signIn(made.email),
    actor: testActor({
      userId: made.id,
      username: made.username,
      email: made.email,
      profileRole: "company",
      company: { slug: made.slug, companyName: "Faro Works", verified: true },
    }),
  };
  const c = t.services.campaigns;
  const game = await c.createGame(company.actor, {
    name: "Faro Claro",
    slug: "faro-claro",
    shortDescription: "A lighthouse.",
    platforms: ["pc"],
    genres: ["adventure"],
    releaseStatus: "released",
  });
  const now = Date.now();
  ({ id: autoId } = await c.createCampaign(company.actor, {
    gameId: game.id,
    startsAt: new Date(now - DAY).toISOString(),
    endsAt: new Date(now + 30 * DAY).toISOString(),
    autoApprove: true,
    minSubscribers: 1_000,
    minAverageViews: 200,
    platforms: ["pc"],
    regions: ["europe"],
    coverageDays: 14,
  }));
  const preview = await c.previewKeyUpload(company.actor, { campaignId: autoId, text: "FARO-KEY-0001\nFARO-KEY-0002\nFARO-KEY-0003" });
  await c.saveKeyUpload(company.actor, { campaignId: autoId, uploadId: preview.uploadId });
  await c.changeCampaignStatus(company.actor, { campaignId: autoId, status: "active" });
  // The channel's real owner declared it first.
  owner = await person();
  await post("/en/creator/onboarding", saveForm("https://www.youtube.com/@FaroGiant", "2000000"), owner.cookie);
  expect((await channelsOf(owner.id)).map((r) => r.channelKey)).toEqual(["youtube:@farogiant"]);
});
afterAll(async () => {
  await t.close();
  await stub.close();
});

describe("a channel belongs to one account", () => {
  it("refuses a second account's declaration in any spelling, beside the field, in both languages, keeping what was typed", async () => {
    const late = await person();
    for (const [lang, url, message] of [
      ["en", "https://m.youtube.com/c/farogiant/?si=x", "Another account has already declared this channel"],
      ["es", "https://YOUTUBE.com/@FAROGIANT/videos", "Otra cuenta ya ha declarado este canal"],
    ] as const) {
      const res = await post(
        `/${lang}/creator/onboarding`,
        saveForm(url, "2000000", {
          rows: "2",
          "kind-1": "twitch",
          "url-1": "https://www.twitch.tv/late-own",
          "subscribers-1": "120",
          "averageViews-1": "9",
        }),
        late.cookie,
      );
      expect(res.status, lang).toBe(409);
      const main = await decode(mainOf(await res.text()));
      // Beside the address field (its error is read through aria-describedby), and at the top of the form.
      expect(main.split(message).length - 1, lang).toBeGreaterThanOrEqual(2);
      expect(main).toMatch(/aria-describedby="[^"]*url-0[^"]*"/);
      expect(main).toContain(`value="${url}"`);
      expect(main).toContain('value="https://www.twitch.tv/late-own"');
      expect(main).toContain('value="2000000"');
      expect(main).toContain('name="languages-0" checked="" value="en"');
    }
    expect(await channelsOf(late.id)).toEqual([]);
    expect((await channelsOf(owner.id)).length).toBe(1);
  });

  it("gives no key at once for a stated channel's huge figures, and says why on the campaign page", async () => {
    const stated = await person();
    await post("/en/creator/onboarding", saveForm("https://www.youtube.com/@stated-only-giant", "2000000"), stated.cookie);
    const box = await page(`/en/campaigns/${autoId}`, stated.cookie);
    expect(box).toContain("only a verified channel, or one the site team checked, counts for automatic approval");
    expect(box).toContain('href="/en/creator/onboarding"');
    expect(await page("/en/campaigns", stated.cookie)).toContain("Verify your channel to count");
    const res = await post(`/en/campaigns/${autoId}`, { intent: "request", platform: "pc", region: "europe" }, stated.cookie);
    expect(res.status).toBe(200);
    const answer = mainOf(await res.text());
    expect(answer).not.toContain("Your request was approved");
    expect(answer).toContain("Status: Pending");
    // The company sees the figures as stated, and that they meet the minimums on stated figures only.
    const requests = await page(`/en/company/campaigns/${autoId}?tab=requests`, company.cookie);
    expect(requests).toContain("Meets the minimums on stated figures only");
    expect(requests).toContain("Stated by the creator");
  });
});

describe("verifying a channel with its code", () => {
  it("shows the code, says when it is missing, verifies through YouTube's page, and then a key is given at once", async () => {
    const creator = await person();
    await post("/en/creator/onboarding", saveForm("https://www.youtube.com/@Lighthouse-Keeper", "40000"), creator.cookie);
    const [row] = await channelsOf(creator.id);
    const onboarding = await page("/en/creator/onboarding", creator.cookie);
    expect(onboarding).toContain("Stated only");
    expect(onboarding).toContain(row.verifyCode);
    expect(onboarding).toContain("Verify that this channel is yours");
    // A real form: the button names the verify form and carries the channel.
    expect(onboarding).toMatch(
      new RegExp(`<button type="submit" form="verify-form" value="${row.id}"[^>]* name="channelId">Verify</button>`),
    );
    expect(onboarding).toMatch(
      /<form id="verify-form" hidden="" action="\/en\/creator\/onboarding" method="post"><input type="hidden" name="intent" value="verify"\/><\/form>/,
    );

    stub.channels.set("/@lighthouse-keeper", "Let's play every indie game.");
    const missing = await post("/es/creator/onboarding", { intent: "verify", channelId: row.id }, creator.cookie);
    expect(missing.status).toBe(409);
    expect(decode(mainOf(await missing.text()))).toContain(`tu código ${row.verifyCode} no está en su descripción`);

    stub.channels.set("/@lighthouse-keeper", `Let's play every indie game. ${row.verifyCode}`);
    const done = await post("/en/creator/onboarding", { intent: "verify", channelId: row.id }, creator.cookie);
    expect(done.status).toBe(200);
    const donePage = decode(mainOf(await done.text()));
    expect(donePage).toContain("Channel verified: its figures now count for automatic approval");
    expect(donePage).toContain(">Verified<");
    expect(donePage).not.toContain(`value="${row.id}"`);
    expect((await channelsOf(creator.id))[0].verifiedAt).not.toBeNull();

    const res = await post(`/en/campaigns/${autoId}`, { intent: "request", platform: "pc", region: "europe" }, creator.cookie);
    expect(mainOf(await res.text())).toContain("Your request was approved");
    const requests = await page(`/en/company/campaigns/${autoId}?tab=requests`, company.cookie);
    expect(requests).toContain("Owner verified");
  });

  it("answers the hydrated page's fetcher with data, and says when YouTube cannot be reached or attempts run out", async () => {
    const creator = await person();
    await post("/en/creator/onboarding", saveForm("https://www.youtube.com/@unreachable-one", "5000"), creator.cookie);
    const [row] = await channelsOf(creator.id);
    stub.mode = "error";
    try {
      const res = await post("/en/creator/onboarding.data", { intent: "verify", channelId: row.id }, creator.cookie);
      expect(res.status).toBe(502);
      expect(await res.text()).toContain("errors:campaigns.channel_unreachable");
      const es = await post("/es/creator/onboarding", { intent: "verify", channelId: row.id }, creator.cookie);
      expect(decode(mainOf(await es.text()))).toContain("No hemos podido abrir la página de este canal en YouTube");
    } finally {
      stub.mode = "ok";
    }
    // 5 attempts in 10 minutes: 2 above, 3 more here, then the limit (YouTube is not asked).
    stub.channels.set("/@unreachable-one", "no code here");
    for (let i = 0; i < 3; i++) await post("/en/creator/onboarding", { intent: "verify", channelId: row.id }, creator.cookie);
    const before = stub.requests;
    const limited = await post("/en/creator/onboarding", { intent: "verify", channelId: row.id }, creator.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(decode(mainOf(await limited.text()))).toMatch(/Too many verification attempts\. Try again in \d+ minutes?\./);
    expect(stub.requests).toBe(before);
  });

  it("tells a creator that a channel another account holds cannot be verified here", async () => {
    const late = await person();
    await t.services.db.insert(creatorChannels).values({
      id: `late-${late.id}`,
      userId: late.id,
      kind: "youtube",
      url: "https://youtube.com/@farogiant",
      verifyCode: "nexo-aaaaaaaa",
      flaggedAt: new Date(),
      flagReason: "Declared earlier by another account",
    });
    const res = await post("/en/creator/onboarding", { intent: "verify", channelId: `late-${late.id}` }, late.cookie);
    expect(res.status).toBe(409);
    expect(decode(mainOf(await res.text()))).toContain("Another account has already declared this channel");
  });

  it("is refused to a visitor, a company, a member and another creator; nothing is verified", async () => {
    const [row] = await channelsOf(owner.id);
    stub.channels.set("/@farogiant", row.verifyCode);
    const fields = { intent: "verify", channelId: row.id };
    const visitor = await post("/en/creator/onboarding", fields);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(`/en/login?redirectTo=${encodeURIComponent("/creator/onboarding")}`);
    const member = await person({}, { profileRole: null });
    await t.services.db.update(profiles).set({ role: null }).where(eq(profiles.id, member.id));
    for (const p of [company, member]) {
      const res = await post("/en/creator/onboarding", fields, p.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/");
    }
    const other = await person();
    const res = await post("/en/creator/onboarding", fields, other.cookie);
    expect(res.status).toBe(404);
    expect(decode(mainOf(await res.text()))).toContain("Channel not found.");
    expect((await channelsOf(owner.id))[0].verifiedAt).toBeNull();
  });
});

describe("/resources", () => {
  it("explains whose channel it is, the code and the team's checks, in both languages", async () => {
    const en = decode(await (await get("/en/resources")).text());
    expect(en).toContain("Whose channel it is");
    expect(en).toContain("put the code shown beside it on /creator/onboarding (nexo-…) in the channel's description");
    const es = decode(await (await get("/es/resources")).text());
    expect(es).toContain("De quién es un canal");
    expect(es).toContain("El equipo comprueba los canales de otros sitios.");
  });
});
