import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { campaignKeys } from "#server/db/schema";
import { createCompany, createUser } from "#server/db/factories";
import type { Actor } from "#server/modules/accounts/actor";
import { testActor } from "#tests/support/actors";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * The team's pause and the preview limits through the manage page, as a browser without JavaScript drives it: a paused campaign
 * offers no approval and refuses one posted anyway (one or in bulk), saying why in the page's language (the
 * team's reason included); during the team's pause the keys tab offers no upload and refuses a preview or a
 * save; the company's own pause may restock. Key previews: the oldest unsaved one is dropped (and the page
 * says so), and past the hourly limit a preview is refused with a 429 and when to try again.
 */
let t: TestApp;
let ip = 0;
const PW = "campaign-pause-pass-1";
const DAY = 86_400_000;

type Person = { id: string; username: string; cookie: string };
let studio: Person;
let team: NonNullable<Actor>;
const creators: NonNullable<Actor>[] = [];

const headers = (extra: Record<string, string> = {}) => ({ "x-test-ip": `198.51.103.${++ip % 250}`, ...extra });
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
async function read(path: string, cookie: string) {
  const res = await t.request(path, { cookie, headers: headers() });
  expect(res.status, path).toBe(200);
  return decode(mainOf(await res.text()));
}
async function answered(res: Response, status = 200) {
  const html = await res.text();
  expect(res.status, html.slice(0, 200)).toBe(status);
  return decode(mainOf(html));
}
function post(path: string, fields: Record<string, string | string[]>, cookie: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return t.request(path, {
    method: "POST",
    cookie,
    headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: body.toString(),
  });
}
function postPreview(path: string, keysText: string, cookie: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("keysText", keysText);
  return t.request(path, { method: "POST", cookie, headers: headers(), body: form });
}
const keys = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}-KEY`).join("\n");

async function company(): Promise<Person> {
  const u = await createCompany(t.services.db, { password: PW, verified: true });
  return { id: u.id, username: u.username, cookie: await signIn(t, u.email, PW) };
}
const actorOf = (p: Person): NonNullable<Actor> =>
  testActor({
    userId: p.id,
    username: p.username,
    profileRole: "company",
    company: { slug: p.username, companyName: p.username, verified: true },
  });

/** An active campaign of `owner` with `keyCount` keys and a pending request from each creator. */
async function campaignWithRequests(owner: Person, name: string, keyCount = 5) {
  const svc = t.services.campaigns;
  const actor = actorOf(owner);
  const game = await svc.createGame(actor, {
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now().toString(36)}`,
    shortDescription: "A game about a lamp.",
    platforms: ["pc"],
    releaseStatus: "released",
  });
  const { id: campaignId } = await svc.createCampaign(actor, {
    gameId: game.id,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY).toISOString(),
    autoApprove: false,
    platforms: ["pc"],
    regions: ["europe"],
    coverageDays: 14,
  });
  const preview = await svc.previewKeyUpload(actor, { campaignId, text: keys(name.toUpperCase().replace(/\W+/g, ""), keyCount) });
  await svc.saveKeyUpload(actor, { campaignId, uploadId: preview.uploadId });
  await svc.changeCampaignStatus(actor, { campaignId, status: "active" });
  const requestIds: string[] = [];
  for (const c of creators) requestIds.push((await svc.requestKey(c, { campaignId, platform: "pc", region: "europe" })).requestId);
  return { campaignId, requestIds };
}
const keyCount = async (campaignId: string, status?: "claimed") =>
  t.services.db.$count(campaignKeys, and(eq(campaignKeys.campaignId, campaignId), status ? eq(campaignKeys.status, status) : undefined));

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  studio = await company();
  const mod = await createUser(t.services.db, { roles: ["Moderator"] });
  team = testActor({ userId: mod.id, username: mod.username, roles: ["Moderator"], profileRole: null });
  for (let i = 0; i < 2; i++) {
    const u = await createUser(t.services.db, { role: "creator" });
    const actor = testActor({ userId: u.id, username: u.username, profileRole: "creator" });
    await t.services.campaigns.saveChannels(actor, {
      channels: [
        { kind: "youtube", url: `https://www.youtube.com/@${u.username}`, subscribers: 9_000, averageViews: 900, languages: ["es"] },
      ],
    });
    creators.push(actor);
  }
});
afterAll(() => t.close());

describe("during the team's pause", () => {
  it("the requests tab offers no approval; one posted anyway, one or in bulk, is refused with the team's reason in both languages", async () => {
    const { campaignId, requestIds } = await campaignWithRequests(studio, "Team Lamp");
    await t.services.campaigns.adminPauseCampaign(team, { campaignId, reason: "Keys seen on a resale site" });
    const base = `/en/company/campaigns/${campaignId}?tab=requests`;

    const tab = await read(base, studio.cookie);
    expect(tab).toContain(creators[0].username);
    expect(tab).not.toContain('name="approveOne"');
    expect(tab).not.toContain('value="approve"');
    expect(tab).toContain('value="reject"');
    expect(tab).toContain("While the site team's pause lasts no key is given out, so requests cannot be approved.");

    const one = await answered(await post(base, { approveOne: requestIds[0], reason: "" }, studio.cookie));
    expect(one).toContain(
      `Not decided: ${creators[0].username} — The site team paused this campaign, so no key can be given out until the team lifts the pause. The team's reason: Keys seen on a resale site`,
    );
    const bulk = await answered(
      await post(`/es/company/campaigns/${campaignId}?tab=requests`, { intent: "approve", requestIds, reason: "" }, studio.cookie),
    );
    for (const c of creators)
      expect(bulk).toContain(
        `${c.username} — El equipo del sitio ha pausado esta campaña, así que no se puede entregar ninguna clave hasta que el equipo levante la pausa. Motivo del equipo: Keys seen on a resale site`,
      );
    expect(await keyCount(campaignId, "claimed")).toBe(0);
  });

  it("the keys tab offers no upload; a preview or a save posted anyway is refused (409), saying why", async () => {
    const { campaignId } = await campaignWithRequests(studio, "Stock Lamp");
    const made = await t.services.campaigns.previewKeyUpload(actorOf(studio), { campaignId, text: keys("LATE", 3) });
    await t.services.campaigns.adminPauseCampaign(team, { campaignId, reason: "Pool under review" });
    const path = `/en/company/campaigns/${campaignId}?tab=keys`;

    const tab = await read(path, studio.cookie);
    expect(tab).not.toContain('value="preview"');
    expect(tab).toContain("While the site team's pause lasts no keys can be added.");
    expect(tab).toContain("Export as CSV");

    const preview = await answered(await postPreview(path, keys("REFUSED", 2), studio.cookie), 409);
    expect(preview).toContain(
      "The site team paused this campaign, so no keys can be added until the team lifts the pause. The team's reason: Pool under review",
    );
    const save = await answered(
      await post(`/es/company/campaigns/${campaignId}?tab=keys`, { intent: "save-upload", uploadId: made.uploadId! }, studio.cookie),
      409,
    );
    expect(save).toContain(
      "El equipo del sitio ha pausado esta campaña, así que no se pueden añadir claves hasta que el equipo levante la pausa. Motivo del equipo: Pool under review",
    );
    expect(await keyCount(campaignId)).toBe(5);
  });
});

describe("during the company's own pause", () => {
  it("no approval is offered or accepted, but keys may be added", async () => {
    const { campaignId, requestIds } = await campaignWithRequests(studio, "Rest Lamp");
    await t.services.campaigns.changeCampaignStatus(actorOf(studio), { campaignId, status: "paused" });
    const base = `/en/company/campaigns/${campaignId}`;

    const tab = await read(`${base}?tab=requests`, studio.cookie);
    expect(tab).not.toContain('name="approveOne"');
    expect(tab).toContain("This campaign is paused, so no key is given out: open it again on the details tab to approve requests.");
    const one = await answered(await post(`${base}?tab=requests`, { approveOne: requestIds[0], reason: "" }, studio.cookie));
    expect(one).toContain(
      `Not decided: ${creators[0].username} — This campaign is paused, so no key can be given out: open it again to approve requests.`,
    );
    expect(await keyCount(campaignId, "claimed")).toBe(0);

    const keysTab = await read(`${base}?tab=keys`, studio.cookie);
    expect(keysTab).toContain('value="preview"');
    expect(keysTab).toContain(`Up to ${KEY_UPLOAD_LIMITS.previewsPerHour} previews an hour.`);
    const preview = await answered(await postPreview(`${base}?tab=keys`, keys("RESTOCK", 3), studio.cookie));
    const uploadId = /name="uploadId" value="([^"]+)"/.exec(preview)![1];
    expect(await answered(await post(`${base}?tab=keys`, { intent: "save-upload", uploadId }, studio.cookie))).toContain(
      "3 keys added to the pool.",
    );
    expect(await keyCount(campaignId)).toBe(8);
  });
});

describe("key previews", () => {
  it(`keep ${KEY_UPLOAD_LIMITS.pendingPreviews} unsaved at once: the page says the oldest was dropped, and saving it is refused`, async () => {
    const owner = await company();
    const { campaignId } = await campaignWithRequests(owner, "Pile Lamp");
    const path = `/en/company/campaigns/${campaignId}?tab=keys`;
    const ids: string[] = [];
    for (let i = 0; i <= KEY_UPLOAD_LIMITS.pendingPreviews; i++) {
      const page = await answered(await postPreview(path, keys(`PILE${i}`, 2), owner.cookie));
      ids.push(/name="uploadId" value="([^"]+)"/.exec(page)![1]);
      if (i < KEY_UPLOAD_LIMITS.pendingPreviews) expect(page).not.toContain("unsaved preview was dropped");
      else expect(page).toContain("Your oldest unsaved preview was dropped to make room for this one.");
    }
    const first = await answered(await post(path, { intent: "save-upload", uploadId: ids[0] }, owner.cookie), 410);
    expect(first).toContain("This preview has expired, was replaced by newer previews or was already saved. Upload the keys again.");
    expect(await answered(await post(path, { intent: "save-upload", uploadId: ids[1] }, owner.cookie))).toContain(
      "2 keys added to the pool.",
    );
  });

  it(`past ${KEY_UPLOAD_LIMITS.previewsPerHour} an hour are refused with a 429, when to try again, in both languages`, async () => {
    // The limiter counts in hour-aligned windows: its clock is held mid-hour, so a run near the hour's turn
    // neither starts a fresh window halfway through nor reads "1 minute".
    const hour = 3_600_000;
    const midHour = Math.floor(Date.now() / hour) * hour + hour / 2;
    const clock = vi.spyOn(t.services.rateLimiter as unknown as { now: () => number }, "now").mockReturnValue(midHour);
    onTestFinished(() => clock.mockRestore());
    const owner = await company();
    const { campaignId } = await campaignWithRequests(owner, "Busy Lamp");
    // One preview was made by the setup; the rest of the hour's allowance through the service.
    for (let i = 1; i < KEY_UPLOAD_LIMITS.previewsPerHour; i++)
      await t.services.campaigns.previewKeyUpload(actorOf(owner), { campaignId, text: keys(`BUSY${i}`, 1) });
    const res = await postPreview(`/en/company/campaigns/${campaignId}?tab=keys`, keys("OVER", 1), owner.cookie);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const page = await answered(res, 429);
    expect(page).toMatch(
      new RegExp(
        `You have previewed ${KEY_UPLOAD_LIMITS.previewsPerHour} uploads in this hour, the most allowed\\. Try again in 30 minutes`,
      ),
    );
    const es = await answered(await postPreview(`/es/company/campaigns/${campaignId}?tab=keys`, keys("OVER", 1), owner.cookie), 429);
    expect(es).toContain(`Ya has hecho ${KEY_UPLOAD_LIMITS.previewsPerHour} vistas previas en esta hora, el máximo permitido.`);
    // Another company is not held by it.
    const other = await company();
    const theirs = await campaignWithRequests(other, "Calm Lamp");
    expect((await postPreview(`/en/company/campaigns/${theirs.campaignId}?tab=keys`, keys("CALM", 1), other.cookie)).status).toBe(200);
  });

  it("are refused to a visitor, a creator and a team member as every company form is", async () => {
    const { campaignId } = await campaignWithRequests(studio, "Guarded Lamp");
    const path = `/en/company/campaigns/${campaignId}?tab=keys`;
    const visitor = await postPreview(path, keys("VISITOR", 1), "");
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get("location")).toContain("/en/login");
    for (const who of [
      await createUser(t.services.db, { password: PW, role: "creator" }),
      await createUser(t.services.db, { password: PW, roles: ["Moderator"] }),
    ]) {
      const res = await postPreview(path, keys("WRONG", 1), await signIn(t, who.email, PW));
      expect([302, 303]).toContain(res.status);
      expect(res.headers.get("location")).toBe("/en/");
    }
    expect(await keyCount(campaignId)).toBe(5);
  });
});
