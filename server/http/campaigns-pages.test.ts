import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "#server/db/factories";
import { creatorChannels, creatorRequests, keyReveals, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { cookiesFrom, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";

/**
 * The campaigns' creator-side and public pages (/campaigns, /campaigns/{id}, /creator/onboarding, /my-keys), driven
 * as a browser without JavaScript would: page loads and form posts, for each kind of person. Data is made with
 * the campaign operations themselves.
 */
let t: TestApp;
let ip = 0;
const PW = "campaign-pages-pass-1";
const DAY = 24 * 3600_000;

type Person = { id: string; cookie: string; actor: NonNullable<Actor> };
const headers = () => ({ "x-test-ip": `198.51.102.${++ip % 250}` });
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: headers() });
/** The page's main column only (the page also carries its translations as data). */
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
const html = async (path: string, cookie?: string, status = 200) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(status);
  return mainOf(await res.text());
};
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
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
const loginFor = (path: string) => `/en/login?redirectTo=${encodeURIComponent(path)}`;

let company: Person;
let creator: Person;
let other: Person;
let fresh: Person;
let unverified: Person;
let member: Person;
/** Manual approval, PC and Switch, Europe and North America, a puzzle game. */
let manualId = "";
/** Auto-approval, PlayStation, worldwide, an RPG. */
let autoId = "";
let draftId = "";
const KEYS = ["PSKEY-AAAA-0001", "PSKEY-AAAA-0002", "PSKEY-AAAA-0003", "PSKEY-AAAA-0004"];
const EU_KEYS = ["PCKEY-EEEE-0001", "PCKEY-EEEE-0002"];

/** Signs in from an address of its own (the sign-in limit counts per address). */
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

/**
 * A YouTube channel of the person's own, verified as its code on its page would (only a verified or
 * team-checked channel counts for auto-approval; the page's own Verify is in creator-channels-pages.test.ts).
 */
async function withChannel(p: Person, subscribers = 50_000, averageViews = 8_000, verified = true) {
  await t.services.campaigns.saveChannels(p.actor, {
    channels: [
      { kind: "youtube", url: `https://www.youtube.com/@${p.actor.username}`, subscribers, averageViews, languages: ["es", "en"] },
    ],
  });
  if (verified) await t.services.db.update(creatorChannels).set({ verifiedAt: new Date() }).where(eq(creatorChannels.userId, p.id));
}

async function campaign(opts: {
  name: string;
  slug: string;
  platforms: string[];
  genres: string[];
  regions: string[];
  autoApprove: boolean;
  keys?: string;
  activate?: boolean;
}) {
  const c = t.services.campaigns;
  const now = Date.now();
  const game = await c.createGame(company.actor, {
    name: opts.name,
    slug: opts.slug,
    shortDescription: `${opts.name}, a short game.`,
    descriptionMd: `A **bold** long description of ${opts.name}.`,
    platforms: opts.platforms,
    genres: opts.genres,
    storeLinks: [{ store: "steam", url: `https://store.steampowered.com/app/${opts.slug}` }],
    trailerUrl: "https://www.youtube.com/watch?v=abcdefghijk",
    releaseStatus: "released",
  });
  const { id } = await c.createCampaign(company.actor, {
    gameId: game.id,
    description: `Play ${opts.name} and tell people about it.`,
    startsAt: new Date(now - DAY).toISOString(),
    endsAt: new Date(now + 30 * DAY).toISOString(),
    autoApprove: opts.autoApprove,
    minSubscribers: 1_000,
    minAverageViews: 100,
    platforms: opts.platforms,
    regions: opts.regions,
    coverageDays: 14,
  });
  if (opts.keys) {
    const preview = await c.previewKeyUpload(company.actor, { campaignId: id, text: opts.keys });
    await c.saveKeyUpload(company.actor, { campaignId: id, uploadId: preview.uploadId });
  }
  if (opts.activate !== false) await c.changeCampaignStatus(company.actor, { campaignId: id, status: "active" });
  return id;
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const made = await createCompany(db, { password: PW, verified: true, companyName: "Lumen Works", slug: "lumen-works" });
  company = {
    id: made.id,
    cookie: await signIn(made.email),
    actor: testActor({
      userId: made.id,
      username: made.username,
      email: made.email,
      profileRole: "company",
      company: { slug: made.slug, companyName: "Lumen Works", verified: true },
    }),
  };
  creator = await person();
  other = await person();
  fresh = await person();
  unverified = await person({ emailVerified: false });
  member = await person({}, { profileRole: null });
  await db.update(profiles).set({ role: null }).where(eq(profiles.id, member.id));
  await withChannel(creator);
  await withChannel(other);

  manualId = await campaign({
    name: "Glasswing Puzzles",
    slug: "glasswing",
    platforms: ["pc", "switch"],
    genres: ["puzzle"],
    regions: ["europe", "north_america"],
    autoApprove: false,
    keys: EU_KEYS.map((k) => `${k},europe`).join("\n"),
  });
  autoId = await campaign({
    name: "Ember Saga",
    slug: "ember-saga",
    platforms: ["playstation"],
    genres: ["rpg"],
    regions: ["global"],
    autoApprove: true,
    keys: KEYS.map((k) => `${k},global`).join("\n"),
  });
  draftId = await campaign({
    name: "Hidden Draft",
    slug: "hidden-draft",
    platforms: ["pc"],
    genres: ["horror"],
    regions: ["europe"],
    autoApprove: false,
    activate: false,
  });
});
afterAll(() => t.close());

describe("/campaigns", () => {
  it("lists open campaigns for a visitor in both languages, with cards, filters and SEO", async () => {
    const res = await get("/en/campaigns");
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("<title>Game key campaigns");
    expect(page).toMatch(/<link rel="canonical" href="[^"]*\/en\/campaigns"/);
    expect(page).toContain('hrefLang="es"');
    const main = mainOf(page);
    expect(main).toContain("Glasswing Puzzles");
    expect(main).toContain("Ember Saga");
    expect(main).not.toContain("Hidden Draft");
    expect(main).toContain('href="/en/company/lumen-works"');
    expect(main).toContain(`href="/en/campaigns/${manualId}"`);
    expect(main).toContain("2 keys left");
    expect(main).toContain("Minimum 1,000 subscribers");
    expect(main).toContain('name="platform"');
    expect(main).toContain("Apply filters");
    // A visitor has no minimums to meet.
    expect(main).not.toContain("You meet the minimums");

    const es = await html("/es/campaigns");
    expect(es).toContain("Campañas de claves de juegos");
    expect(es).toContain("Quedan 4 claves");
    expect(es).toContain("Todo el mundo");
  });

  it("applies the filters from the address, and says when nothing matches", async () => {
    const pc = await html("/en/campaigns?platform=switch");
    expect(pc).toContain("Glasswing Puzzles");
    expect(pc).not.toContain("Ember Saga");
    expect(pc).toMatch(/<option value="switch" selected="">/);
    const rpg = await html("/es/campaigns?genre=rpg&region=global");
    expect(rpg).toContain("Ember Saga");
    expect(rpg).not.toContain("Glasswing Puzzles");
    expect(rpg).toContain("Quitar filtros");
    const none = await html("/en/campaigns?platform=vr");
    expect(none).toContain("No campaign matches these filters");
    // An unknown value is ignored rather than an error.
    expect(await html("/en/campaigns?platform=gameboy")).toContain("Ember Saga");
    // A page past the end is not a page.
    expect((await get("/en/campaigns?page=9")).status).toBe(404);
  });

  it("tells a creator whether they meet each campaign's minimums", async () => {
    const main = await html("/en/campaigns", creator.cookie);
    expect(main).toContain("You meet the minimums");
    expect(main).toContain('href="/en/my-keys"');
    expect(main).not.toContain("Tell us which channels you cover games on");
    const noChannels = await html("/en/campaigns", fresh.cookie);
    expect(noChannels).toContain("Tell us which channels you cover games on");
    expect(noChannels).toContain('href="/en/creator/onboarding"');
    const low = await person();
    await withChannel(low, 10, 1);
    expect(await html("/en/campaigns", low.cookie)).toContain("Below the minimums");
  });
});

describe("/campaigns/{id}", () => {
  it("shows the game, its description HTML, links and the campaign's terms in both languages", async () => {
    const res = await get(`/en/campaigns/${manualId}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("<title>Glasswing Puzzles");
    expect(page).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/en/campaigns/${manualId}"`));
    const main = mainOf(page);
    expect(main).toContain("Glasswing Puzzles, a short game.");
    expect(main).toContain("<strong>bold</strong>");
    expect(main).toContain('href="https://www.youtube.com/watch?v=abcdefghijk"');
    expect(main).toContain("https://store.steampowered.com/app/glasswing");
    expect(main).toContain("Within 14 days of receiving the key");
    expect(main).toContain("The studio reviews each request");
    expect(main).toContain("Nintendo Switch");
    const es = await html(`/es/campaigns/${autoId}`);
    expect(es).toContain("Automática para quien cumple los mínimos");
    expect(es).toContain("Regiones de las claves");
  });

  it("answers 404 with 'Campaign not found.' for a draft or an unknown campaign", async () => {
    for (const id of [draftId, "no-such-campaign", "x".repeat(150)]) {
      const res = await get(`/en/campaigns/${id}`);
      expect(res.status, id).toBe(404);
      expect(await res.text()).toContain("Campaign not found.");
    }
    const es = await get(`/es/campaigns/${draftId}`);
    expect(es.status).toBe(404);
    expect(await es.text()).toContain("Campaña no encontrada.");
  });

  it("gives each person the request box that fits them", async () => {
    const path = `/campaigns/${manualId}`;
    const visitor = decode(await html(`/en${path}`));
    expect(visitor).toContain(`href="${loginFor(path)}"`);
    expect(visitor).not.toContain('name="platform"');
    const asCompany = decode(await html(`/en${path}`, company.cookie));
    expect(asCompany).toContain("Companies cannot request keys");
    expect(asCompany).not.toContain('name="platform"');
    expect(asCompany).toContain(`href="/en/company/campaigns/${manualId}"`);
    expect(visitor).not.toContain(`href="/en/company/campaigns/${manualId}"`);
    expect(decode(await html(`/en${path}`, unverified.cookie))).toContain("Confirm your email address first");
    const asMember = decode(await html(`/en${path}`, member.cookie));
    expect(asMember).toContain("Only creators can request keys");
    expect(asMember).toContain('href="/en/account#creator"');
    const noChannels = await html(`/en${path}`, fresh.cookie);
    expect(noChannels).toContain('href="/en/creator/onboarding"');
    expect(noChannels).not.toContain('name="platform"');
    const asCreator = await html(`/en${path}`, creator.cookie);
    expect(asCreator).toContain('name="platform"');
    expect(asCreator).toContain('<option value="switch">Nintendo Switch</option>');
    expect(asCreator).toContain('name="region"');
    expect(asCreator).toContain('maxLength="1000"');
  });

  it("says a paused campaign takes no requests, to everyone who has not asked yet", async () => {
    await t.services.campaigns.changeCampaignStatus(company.actor, { campaignId: manualId, status: "paused" });
    try {
      for (const cookie of [undefined, creator.cookie, fresh.cookie]) {
        const main = await html(`/en/campaigns/${manualId}`, cookie);
        expect(main).toContain("This campaign is not accepting requests.");
        expect(main).not.toContain('name="platform"');
      }
      const refused = await post(`/en/campaigns/${manualId}`, { intent: "request", platform: "pc", region: "europe" }, creator.cookie);
      expect(refused.status).toBe(409);
      // Paused campaigns are not listed.
      expect(await html("/en/campaigns")).not.toContain("Glasswing Puzzles");
    } finally {
      await t.services.campaigns.changeCampaignStatus(company.actor, { campaignId: manualId, status: "active" });
    }
  });

  it("refuses a request from a visitor, a company, a member and an unverified account", async () => {
    const path = `/en/campaigns/${manualId}`;
    const fields = { intent: "request", platform: "pc", region: "europe" };
    const visitor = await post(path, fields);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(loginFor(`/campaigns/${manualId}`));
    const asCompany = await post(path, fields, company.cookie);
    expect(asCompany.status).toBe(403);
    expect(decode(await asCompany.text())).toContain("Companies cannot request keys");
    const asMember = await post(path, fields, member.cookie);
    expect(asMember.status).toBe(403);
    expect(await post(path, fields, unverified.cookie).then((r) => r.status)).toBe(403);
    const noChannels = await post(path, fields, fresh.cookie);
    expect(decode(await noChannels.text())).toContain("Add at least one channel");
  });

  it("takes a creator's request once, keeps what was typed after an error, and says so on a second try", async () => {
    const path = `/en/campaigns/${manualId}`;
    const bad = await post(path, { intent: "request", platform: "xbox", region: "europe", message: "Typed words" }, creator.cookie);
    expect(bad.status).toBe(400);
    const badPage = mainOf(await bad.text());
    expect(badPage).toContain("This campaign does not offer that platform.");
    expect(badPage).toContain("Typed words");

    const ok = await post(path, { intent: "request", platform: "switch", region: "north_america", message: "A video" }, creator.cookie);
    expect(ok.status).toBe(200);
    const okPage = mainOf(await ok.text());
    expect(okPage).toContain("Request sent.");
    expect(okPage).toContain("Status: Pending");

    const again = await post(path, { intent: "request", platform: "pc", region: "europe" }, creator.cookie);
    expect(again.status).toBe(409);
    expect(mainOf(await again.text())).toContain("You have already submitted a request for this campaign.");
    expect(await html("/en/campaigns?platform=switch", creator.cookie)).toContain("Requested (Pending)");
  });

  it("approves at once on an auto-approve campaign when the creator meets the minimums", async () => {
    const res = await post(`/en/campaigns/${autoId}`, { intent: "request", platform: "playstation", region: "global" }, creator.cookie);
    expect(res.status).toBe(200);
    expect(mainOf(await res.text())).toContain("Your request was approved");
  });
});

describe("/creator/onboarding", () => {
  it("sends visitors to sign in and refuses companies and members", async () => {
    const visitor = await get("/en/creator/onboarding");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(loginFor("/creator/onboarding"));
    for (const p of [company, member]) {
      const res = await get("/en/creator/onboarding", p.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/");
    }
  });

  it("refuses saving for a visitor, a company and a member", async () => {
    const fields = { intent: "save", rows: "1", "kind-0": "youtube", "url-0": "https://www.youtube.com/@someone" };
    const visitor = await post("/en/creator/onboarding", fields);
    expect(visitor.headers.get("location")).toBe(loginFor("/creator/onboarding"));
    for (const p of [company, member]) {
      const res = await post("/en/creator/onboarding", fields, p.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/");
    }
  });

  it("lets a creator add rows, saves the list, shows each channel's review and keeps input after an error", async () => {
    const p = await person();
    const page = await html("/en/creator/onboarding", p.cookie, 200);
    expect(page).toContain("your own statement");
    expect(page).toContain('name="url-0"');
    expect(page).not.toContain('name="url-1"');

    const added = await post(
      "/en/creator/onboarding",
      { intent: "add", rows: "1", "kind-0": "twitch", "url-0": "https://twitch.tv/me" },
      p.cookie,
    );
    const addedPage = mainOf(await added.text());
    expect(addedPage).toContain('name="url-1"');
    expect(addedPage).toContain('value="https://twitch.tv/me"');

    const rows = {
      rows: "2",
      "kind-0": "youtube",
      "url-0": "https://example.com/not-youtube",
      "subscribers-0": "1200",
      "averageViews-0": "300",
      "languages-0": ["es", "fr"],
      "kind-1": "website",
      "url-1": "https://my-reviews.example.org",
      "subscribers-1": "",
      "averageViews-1": "",
    };
    const bad = await post("/en/creator/onboarding", { intent: "save", ...rows }, p.cookie);
    expect(bad.status).toBe(400);
    const badPage = mainOf(await bad.text());
    expect(badPage).toContain("Enter the channel&#x27;s address on that site");
    expect(badPage).toContain('value="https://example.com/not-youtube"');
    expect(badPage).toContain('name="languages-0" checked="" value="fr"');
    expect(await t.services.campaigns.listOwnChannels(p.actor)).toHaveLength(0);

    const ok = await post("/en/creator/onboarding", { intent: "save", ...rows, "url-0": "https://www.youtube.com/@mine" }, p.cookie);
    expect(ok.status).toBe(200);
    const okPage = mainOf(await ok.text());
    expect(okPage).toContain("Your channels were saved.");
    expect(okPage).toContain("Stated only");
    const saved = await t.services.campaigns.listOwnChannels(p.actor);
    expect(saved.map((c) => [c.kind, c.url, c.subscribers, c.languages]).sort()).toEqual([
      ["website", "https://my-reviews.example.org", 0, []],
      ["youtube", "https://www.youtube.com/@mine", 1200, ["es", "fr"]],
    ]);

    // What the team said shows beside each channel.
    const team = testActor({ userId: "team-member", roles: ["Admin"], profileRole: null });
    const yt = saved.find((c) => c.kind === "youtube")!;
    const site = saved.find((c) => c.kind === "website")!;
    await t.services.campaigns.reviewChannel(team, { channelId: yt.id, verdict: "check" });
    await t.services.campaigns.reviewChannel(team, { channelId: site.id, verdict: "flag", reason: "Figures do not match" });
    const reviewed = await html("/en/creator/onboarding", p.cookie);
    expect(reviewed).toContain("Checked by the team");
    expect(reviewed).toContain("Flagged: Figures do not match");

    // Removing a row leaves it out of the form; saving then replaces the list.
    const removed = await post(
      "/en/creator/onboarding",
      { intent: "remove-1", ...rows, "url-0": "https://www.youtube.com/@mine" },
      p.cookie,
    );
    expect(mainOf(await removed.text())).not.toContain("my-reviews.example.org");
    await post(
      "/en/creator/onboarding",
      { intent: "save", rows: "1", "kind-0": "youtube", "url-0": "https://www.youtube.com/@mine" },
      p.cookie,
    );
    expect(await t.services.campaigns.listOwnChannels(p.actor)).toHaveLength(1);
  });
});

describe("/my-keys", () => {
  const revealed = (page: string) => KEYS.concat(EU_KEYS).filter((k) => page.includes(k));

  it("sends visitors to sign in and refuses companies and members", async () => {
    const visitor = await get("/en/my-keys");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(loginFor("/my-keys"));
    for (const p of [company, member]) {
      const res = await get("/en/my-keys", p.cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/en/");
    }
  });

  it("tells a creator whose email is not confirmed why the creator pages hold nothing yet", async () => {
    for (const path of ["/en/my-keys", "/en/creator/onboarding"]) {
      const main = await html(path, unverified.cookie);
      expect(main).toContain("Confirm your email address first");
      expect(main).not.toContain("<form");
    }
    const refused = await post(
      "/en/creator/onboarding",
      { intent: "save", rows: "1", "kind-0": "youtube", "url-0": "https://www.youtube.com/@x" },
      unverified.cookie,
    );
    expect(refused.status).toBe(403);
  });

  it("says what fills an empty page", async () => {
    const p = await person();
    const main = await html("/es/my-keys", p.cookie);
    expect(main).toContain("Todavía no has pedido ninguna clave");
    expect(main).toContain('href="/es/campaigns"');
  });

  it("lists every request with its state, without any key value until one is revealed", async () => {
    const mine = await t.services.campaigns.myKeys(creator.actor);
    expect(mine.map((r) => r.status).sort()).toEqual(["approved", "pending"]);
    const res = await get("/en/my-keys", creator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const main = mainOf(await res.text());
    expect(main).toContain("Ember Saga");
    expect(main).toContain("Glasswing Puzzles");
    expect(main).toContain("The studio has not decided yet.");
    expect(main).toContain("Reveal key");
    expect(main).toContain("Coverage due");
    expect(main).not.toContain("Overdue");
    expect(revealed(main)).toEqual([]);
  });

  it("marks coverage whose deadline has passed", async () => {
    const approved = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!;
    const due = approved.coverageDueAt;
    await t.services.db
      .update(creatorRequests)
      .set({ coverageDueAt: new Date(Date.now() - DAY) })
      .where(eq(creatorRequests.id, approved.requestId));
    try {
      expect(await html("/en/my-keys", creator.cookie)).toContain("Overdue");
    } finally {
      await t.services.db.update(creatorRequests).set({ coverageDueAt: due }).where(eq(creatorRequests.id, approved.requestId));
    }
  });

  it("shows a rejection's reason", async () => {
    await withChannel(fresh);
    await t.services.campaigns.requestKey(fresh.actor, { campaignId: manualId, platform: "pc", region: "europe" });
    const [req] = await t.services.campaigns.myKeys(fresh.actor);
    await t.services.campaigns.rejectRequests(company.actor, {
      campaignId: manualId,
      requestIds: [req.requestId],
      reason: "Not a fit now",
    });
    const main = await html("/en/my-keys", fresh.cookie);
    expect(main).toContain("Rejected");
    expect(main).toContain("Reason: Not a fit now");
  });

  it("reveals the creator's own key, records it, and never caches the answer", async () => {
    const approved = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!;
    const before = await t.services.db.select().from(keyReveals).where(eq(keyReveals.userId, creator.id));
    const res = await post("/en/my-keys", { intent: "reveal", requestId: approved.requestId }, creator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const shown = revealed(mainOf(await res.text()));
    expect(shown).toHaveLength(1);
    expect(KEYS).toContain(shown[0]);
    const after = await t.services.db.select().from(keyReveals).where(eq(keyReveals.userId, creator.id));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.keyId).toBe(approved.keyId);

    // The hydrated page asks for the same action's data: that answer is not kept either, and is recorded too.
    const data = await post("/en/my-keys.data", { intent: "reveal", requestId: approved.requestId }, creator.cookie);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("no-store");
    expect(await data.text()).toContain(shown[0]);
    const again = await t.services.db.select().from(keyReveals).where(eq(keyReveals.userId, creator.id));
    expect(again.length).toBe(before.length + 2);
  });

  it("refuses a reveal to a visitor, a company and another creator (404), and the key shows on no one else's page", async () => {
    const approved = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!;
    const fields = { intent: "reveal", requestId: approved.requestId };
    const visitor = await post("/en/my-keys", fields);
    expect(visitor.headers.get("location")).toBe(loginFor("/my-keys"));
    const asCompany = await post("/en/my-keys", fields, company.cookie);
    expect(asCompany.headers.get("location")).toBe("/en/");
    const asMember = await post("/en/my-keys", fields, member.cookie);
    expect(asMember.headers.get("location")).toBe("/en/");
    const asOther = await post("/en/my-keys", fields, other.cookie);
    expect(asOther.status).toBe(404);
    expect(revealed(await asOther.text())).toEqual([]);

    // The other creator gets a key of their own; neither page carries the other's.
    await t.services.campaigns.requestKey(other.actor, { campaignId: autoId, platform: "playstation", region: "global" });
    const pages = [
      await get("/en/my-keys", other.cookie),
      await get(`/en/campaigns/${autoId}`, other.cookie),
      await get(`/en/campaigns/${autoId}`, company.cookie),
      await get(`/en/campaigns/${autoId}`),
      await get("/en/campaigns", creator.cookie),
      await get("/en/my-keys", creator.cookie),
    ];
    for (const page of pages) expect(revealed(await page.text())).toEqual([]);
  });

  it("adds and removes coverage links, with translated errors and kept input, only for the creator's own key", async () => {
    const approved = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!;
    const pending = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "pending")!;
    const bad = await post("/en/my-keys", { intent: "add-coverage", requestId: approved.requestId, url: "ftp://nope" }, creator.cookie);
    expect(bad.status).toBe(400);
    const badPage = decode(mainOf(await bad.text()));
    expect(badPage).toContain("Enter the address of a YouTube, Twitch or TikTok video");
    expect(badPage).toContain('value="ftp://nope"');
    const es = await post(
      "/es/my-keys",
      { intent: "add-coverage", requestId: pending.requestId, url: "https://www.youtube.com/watch?v=zzzzzzzzzzz" },
      creator.cookie,
    );
    expect(decode(mainOf(await es.text()))).toContain("Solo puedes añadir cobertura");

    const url = "https://www.youtube.com/watch?v=coverage01";
    const ok = await post("/en/my-keys", { intent: "add-coverage", requestId: approved.requestId, url }, creator.cookie);
    expect(ok.status).toBe(200);
    const okPage = decode(mainOf(await ok.text()));
    expect(okPage).toContain("Coverage link added.");
    expect(okPage).toContain(`href="${url}"`);
    expect(okPage).toContain("Remove this coverage link?");
    const [link] = (await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!.coverage;

    // Refused for everyone else.
    const add = { intent: "add-coverage", requestId: approved.requestId, url: "https://example.com/theirs" };
    const remove = { intent: "remove-coverage", requestId: approved.requestId, linkId: link.id };
    for (const fields of [add, remove]) {
      expect((await post("/en/my-keys", fields)).headers.get("location")).toBe(loginFor("/my-keys"));
      expect((await post("/en/my-keys", fields, company.cookie)).headers.get("location")).toBe("/en/");
      expect((await post("/en/my-keys", fields, member.cookie)).headers.get("location")).toBe("/en/");
    }
    // Another creator's request takes no coverage from them (the link below is still the only one).
    const foreign = await post("/en/my-keys", add, other.cookie);
    expect(foreign.status).toBe(409);
    expect(decode(mainOf(await foreign.text()))).toContain("Coverage can only be added to a key you received.");
    expect((await post("/en/my-keys", remove, other.cookie)).status).toBe(404);
    expect((await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!.coverage).toHaveLength(1);

    const removed = await post("/en/my-keys", remove, creator.cookie);
    expect(removed.status).toBe(200);
    expect(mainOf(await removed.text())).toContain("Coverage link removed.");
    expect((await t.services.campaigns.myKeys(creator.actor)).find((r) => r.status === "approved")!.coverage).toHaveLength(0);
  });
});
