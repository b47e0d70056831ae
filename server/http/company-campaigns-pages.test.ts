import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignKeys, campaigns, companyGames, creatorRequests } from "#server/db/schema";
import { createCompany, createUser } from "#server/db/factories";
import type { Actor } from "#server/modules/accounts/actor";
import { testActor } from "#tests/support/actors";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * The campaigns' company pages (/company/games, the game form, /company/campaigns, the campaign form, the manage
 * page's four tabs and the keys CSV), driven as a browser without JavaScript would: page reads, then form posts
 * (URL-encoded, or multipart where the page's form is) and the page they answer. Key values appear only in the
 * CSV export.
 */
let t: TestApp;
let ip = 0;
const PW = "company-campaigns-pass-1";
const DAY = 86_400_000;

type Person = { id: string; username: string; cookie: string };
let company: Person;
let fresh: Person;
let pending: Person;
let creator: Person;
let moderator: Person;
let otherGameId = "";
let otherCampaignId = "";
/** A game and a campaign of `company`, made through the services, for the refusal tests. */
let ownGameId = "";
let ownCampaignId = "";

const headers = (extra: Record<string, string> = {}) => ({ "x-test-ip": `198.51.102.${++ip % 250}`, ...extra });
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: headers() });
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
async function page(path: string, cookie: string, status = 200) {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(status);
  return res.text();
}
type Fields = Record<string, string | string[]>;
function post(path: string, fields: Fields, cookie?: string) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
  return t.request(path, {
    method: "POST",
    cookie,
    headers: headers({ "content-type": "application/x-www-form-urlencoded" }),
    body: body.toString(),
  });
}
function postMultipart(path: string, fields: Fields, files: Record<string, File>, cookie?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  for (const [k, f] of Object.entries(files)) form.set(k, f);
  return t.request(path, { method: "POST", cookie, headers: headers(), body: form });
}
const loginFor = (lang: "en" | "es", path: string) => `/${lang}/login?redirectTo=${encodeURIComponent(path)}`;

async function person(spec: { kind: "company" | "pending" | "creator" | "moderator"; signedIn?: boolean }): Promise<Person> {
  const db = t.services.db;
  const u =
    spec.kind === "company" || spec.kind === "pending"
      ? await createCompany(db, { password: PW, verified: spec.kind === "company" })
      : await createUser(db, { password: PW, roles: spec.kind === "moderator" ? ["Moderator"] : undefined });
  return { id: u.id, username: u.username, cookie: spec.signedIn === false ? "" : await signIn(t, u.email, PW) };
}
const companyActor = (p: Person): NonNullable<Actor> =>
  testActor({
    userId: p.id,
    username: p.username,
    profileRole: "company",
    company: { slug: p.username, companyName: p.username, verified: true },
  });
const creatorActor = (p: Person): NonNullable<Actor> => testActor({ userId: p.id, username: p.username, profileRole: "creator" });

/** A date as the form's date field sends it (`YYYY-MM-DD`). */
const dateFields = (name: string, d: Date): Fields => ({ [name]: d.toISOString().slice(0, 10) });
const campaignFields = (gameId: string, extra: Fields = {}): Fields => ({
  gameId,
  description: "Play it and tell your audience.",
  ...dateFields("startsAt", new Date()),
  ...dateFields("endsAt", new Date(Date.now() + 30 * DAY)),
  minSubscribers: "0",
  minAverageViews: "0",
  platforms: ["pc"],
  regions: ["europe", "north_america"],
  coverageDays: "14",
  ...extra,
});
const gameFields = (extra: Fields = {}): Fields => ({
  name: "Lumen Drift",
  slug: "",
  shortDescription: "A short game about light.",
  descriptionMd: "A **bright** puzzle game.",
  platforms: ["pc", "switch"],
  genres: ["puzzle"],
  "store-0": "steam",
  "storeUrl-0": "https://store.steampowered.com/app/1",
  trailerUrl: "",
  releaseStatus: "released",
  ...extra,
});

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  company = await person({ kind: "company" });
  fresh = await person({ kind: "company" });
  pending = await person({ kind: "pending" });
  creator = await person({ kind: "creator" });
  moderator = await person({ kind: "moderator" });
  const other = await person({ kind: "company" });
  const svc = t.services.campaigns;
  const now = Date.now();
  const make = async (owner: Person, slug: string) => {
    const game = await svc.createGame(companyActor(owner), {
      name: `Game ${slug}`,
      slug,
      shortDescription: "Another studio's game.",
      platforms: ["pc"],
      releaseStatus: "released",
    });
    const { id } = await svc.createCampaign(companyActor(owner), {
      gameId: game.id,
      startsAt: new Date(now - DAY).toISOString(),
      endsAt: new Date(now + 30 * DAY).toISOString(),
      autoApprove: false,
      platforms: ["pc"],
      regions: ["europe"],
      coverageDays: 14,
    });
    return { gameId: game.id, campaignId: id };
  };
  ({ gameId: otherGameId, campaignId: otherCampaignId } = await make(other, `other-${now.toString(36)}`));
  ({ gameId: ownGameId, campaignId: ownCampaignId } = await make(company, `own-${now.toString(36)}`));
});
afterAll(() => t.close());

const PAGES = () => [
  "/company/games",
  "/company/games/new",
  `/company/games/${ownGameId}/edit`,
  "/company/campaigns",
  "/company/campaigns/new",
  `/company/campaigns/${ownCampaignId}`,
  `/company/campaigns/${ownCampaignId}?tab=requests&status=pending`,
  `/company/campaigns/${ownCampaignId}?tab=keys`,
  `/company/campaigns/${ownCampaignId}?tab=participants`,
];

describe("who may open the pages", () => {
  it("sends a visitor to /login with the original location, from every page and the CSV, in both languages", async () => {
    for (const lang of ["en", "es"] as const) {
      for (const path of [...PAGES(), `/company/campaigns/${ownCampaignId}/keys.csv`]) {
        const res = await get(`/${lang}${path}`);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe(loginFor(lang, path));
      }
    }
  });

  it("sends a creator and a team member without a company home, and a pending company to its verification page", async () => {
    for (const path of PAGES()) {
      for (const p of [creator, moderator]) {
        const res = await get(`/en${path}`, p.cookie);
        expect(res.status, path).toBe(302);
        expect(res.headers.get("location"), path).toBe("/en/");
      }
      const held = await get(`/en${path}`, pending.cookie);
      expect(held.status, path).toBe(302);
      expect(held.headers.get("location"), path).toBe("/en/company/verification");
    }
  });

  it("refuses the CSV to a creator, a team member and a pending company, and answers 404 for another company's campaign", async () => {
    for (const p of [creator, moderator, pending]) {
      const res = await get(`/en/company/campaigns/${ownCampaignId}/keys.csv`, p.cookie);
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).not.toContain("text/csv");
    }
    expect((await get(`/en/company/campaigns/${otherCampaignId}/keys.csv`, company.cookie)).status).toBe(404);
  });

  it("answers 404 for another company's game and campaign, and for an unknown one", async () => {
    await page(`/en/company/games/${otherGameId}/edit`, company.cookie, 404);
    await page(`/en/company/campaigns/${otherCampaignId}`, company.cookie, 404);
    await page(`/en/company/campaigns/${otherCampaignId}?tab=keys`, company.cookie, 404);
    await page("/en/company/games/nope/edit", company.cookie, 404);
    await page("/en/company/campaigns/nope", company.cookie, 404);
  });
});

describe("every mutation", () => {
  const MUTATIONS = (): [string, string, Fields][] => [
    ["create game", "/company/games/new", gameFields({ slug: "refused-game" })],
    ["update game", `/company/games/${ownGameId}/edit`, gameFields({ name: "Renamed", slug: "renamed-game" })],
    ["create campaign", "/company/campaigns/new", campaignFields(ownGameId)],
    [
      "update campaign",
      `/company/campaigns/${ownCampaignId}`,
      { intent: "update", ...campaignFields(ownGameId, { description: "Changed" }) },
    ],
    ["status", `/company/campaigns/${ownCampaignId}`, { intent: "status", status: "active" }],
    ["preview upload", `/company/campaigns/${ownCampaignId}`, { intent: "preview", keysText: "REFUSED-KEY-0001" }],
    ["save upload", `/company/campaigns/${ownCampaignId}`, { intent: "save-upload", uploadId: "x" }],
    ["revoke", `/company/campaigns/${ownCampaignId}`, { intent: "revoke", keyIds: "x" }],
    ["approve", `/company/campaigns/${ownCampaignId}`, { intent: "approve", requestIds: "x" }],
    ["reject", `/company/campaigns/${ownCampaignId}`, { intent: "reject", requestIds: "x" }],
    ["trace", `/company/campaigns/${ownCampaignId}`, { intent: "trace", key: "REFUSED-KEY-0001" }],
  ];

  it("is refused for a visitor (to /login with the location), a creator, a team member and a pending company; nothing changes", async () => {
    const before = await t.services.db.select().from(campaigns).where(eq(campaigns.id, ownCampaignId));
    for (const [name, path, fields] of MUTATIONS()) {
      const visitor = await post(`/en${path}`, fields);
      expect([302, 303], name).toContain(visitor.status);
      expect(visitor.headers.get("location"), name).toBe(loginFor("en", path));
      for (const p of [creator, moderator]) {
        const res = await post(`/en${path}`, fields, p.cookie);
        expect([302, 303], `${name} by ${p.username}`).toContain(res.status);
        expect(res.headers.get("location"), name).toBe("/en/");
      }
      const held = await post(`/en${path}`, fields, pending.cookie);
      expect([302, 303], name).toContain(held.status);
      expect(held.headers.get("location"), name).toBe("/en/company/verification");
    }
    // The cover goes with the game form (multipart).
    const png = new Uint8Array(
      await sharp({ create: { width: 64, height: 36, channels: 3, background: "#a47" } })
        .png()
        .toBuffer(),
    );
    const cover = new File([png], "cover.png", { type: "image/png" });
    for (const cookie of [undefined, creator.cookie, pending.cookie]) {
      const res = await postMultipart(`/en/company/games/${ownGameId}/edit`, gameFields({ slug: "cover-refused" }), { cover }, cookie);
      expect([302, 303]).toContain(res.status);
    }
    const db = t.services.db;
    expect(await db.select().from(companyGames).where(eq(companyGames.slug, "refused-game"))).toHaveLength(0);
    expect(await db.select().from(companyGames).where(eq(companyGames.slug, "cover-refused"))).toHaveLength(0);
    const [own] = await db.select().from(companyGames).where(eq(companyGames.id, ownGameId));
    expect(own.name).not.toBe("Renamed");
    expect(own.coverUrl).toBeNull();
    expect(await db.select().from(campaigns).where(eq(campaigns.id, ownCampaignId))).toEqual(before);
    expect(await db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, ownCampaignId))).toHaveLength(0);
    expect(await db.select().from(campaigns).where(eq(campaigns.companyId, creator.id))).toHaveLength(0);
  });

  it("on another company's game or campaign is refused as not found, and changes nothing", async () => {
    const edit = await post(`/en/company/games/${otherGameId}/edit`, gameFields({ slug: "stolen-game" }), company.cookie);
    expect(edit.status).toBe(404);
    const campaignPath = `/en/company/campaigns/${otherCampaignId}`;
    for (const fields of [
      { intent: "update", ...campaignFields(otherGameId) },
      { intent: "status", status: "active" },
      { intent: "preview", keysText: "STOLEN-KEY-0001" },
      { intent: "revoke", keyIds: "x" },
    ] as Fields[]) {
      expect((await post(campaignPath, fields, company.cookie)).status, String(fields.intent)).toBe(404);
    }
    // A campaign for another company's game is refused beside the game field.
    const made = await post("/en/company/campaigns/new", campaignFields(otherGameId), company.cookie);
    expect(made.status).toBe(404);
    expect(decode(mainOf(await made.text()))).toContain("Game not found.");
    const [other] = await t.services.db.select().from(campaigns).where(eq(campaigns.id, otherCampaignId));
    expect(other.status).toBe("draft");
    expect(await t.services.db.select().from(companyGames).where(eq(companyGames.slug, "stolen-game"))).toHaveLength(0);
  });
});

describe("a verified company", () => {
  it("sees empty states that say what to do, in both languages", async () => {
    const en = decode(mainOf(await page("/en/company/games", fresh.cookie)));
    expect(en).toContain("You have not added a game yet");
    expect(en).toContain('href="/en/company/games/new"');
    const es = decode(mainOf(await page("/es/company/games", fresh.cookie)));
    expect(es).toContain("Todavía no has añadido ningún juego");
    expect(decode(mainOf(await page("/en/company/campaigns", fresh.cookie)))).toContain("No campaigns yet");
    expect(decode(mainOf(await page("/es/company/campaigns", fresh.cookie)))).toContain("Todavía no hay campañas");
    const noGames = decode(mainOf(await page("/es/company/campaigns/new", fresh.cookie)));
    expect(noGames).toContain("Primero añade un juego");
    expect(noGames).toContain('href="/es/company/games/new"');
    expect(noGames).not.toContain('name="gameId"');
  });

  it("renders every page in both languages", async () => {
    const words = {
      en: [
        "My games",
        "Add a game",
        "Campaigns",
        "New campaign",
        "Campaign for",
        "Campaign for",
        "Campaign for",
        "Campaign for",
        "Campaign for",
      ],
      es: [
        "Mis juegos",
        "Añadir un juego",
        "Campañas",
        "Nueva campaña",
        "Campaña de",
        "Campaña de",
        "Campaña de",
        "Campaña de",
        "Campaña de",
      ],
    };
    const paths = PAGES().filter((p) => !p.endsWith("/edit"));
    for (const lang of ["en", "es"] as const) {
      for (const [i, path] of paths.entries()) {
        const html = decode(await page(`/${lang}${path}`, company.cookie));
        expect(html, path).toContain(`<html lang="${lang}"`);
        expect(mainOf(html), path).toContain(words[lang][i]);
      }
      expect(decode(mainOf(await page(`/${lang}/company/games/${ownGameId}/edit`, company.cookie)))).toContain(
        lang === "en" ? "Edit Game own-" : "Editar Game own-",
      );
    }
    const tabs = decode(mainOf(await page(`/es/company/campaigns/${ownCampaignId}?tab=keys`, company.cookie)));
    for (const label of ["Detalles", "Solicitudes", "Claves", "Participantes", "Subir claves", "Rastrear una clave"])
      expect(tabs).toContain(label);
    expect(tabs.match(/aria-current="page"/g)).toHaveLength(1);
    expect(tabs).toMatch(/aria-current="page"[^>]*>Claves</);
  });

  it("keeps what was typed and says what is wrong beside the field", async () => {
    const res = await post(
      "/en/company/games/new",
      gameFields({
        name: "Typed Name Kept",
        trailerUrl: "https://example.com/not-youtube",
        genres: ["puzzle", "cozy"],
        "storeUrl-1": "ftp://nope",
      }),
      company.cookie,
    );
    expect(res.status).toBe(400);
    const html = decode(mainOf(await res.text()));
    expect(html).toContain('value="Typed Name Kept"');
    expect(html).toContain("Some of the information is not valid.");
    expect(html).toMatch(/value="cozy" checked=""|checked="" value="cozy"/);
    expect(html).toContain('value="ftp://nope"');

    const badDates = await post(
      "/es/company/campaigns/new",
      campaignFields(ownGameId, { ...dateFields("endsAt", new Date(Date.now() - 5 * DAY)), description: "Descripción tecleada" }),
      company.cookie,
    );
    expect(badDates.status).toBe(400);
    const es = decode(mainOf(await badDates.text()));
    expect(es).toContain("Descripción tecleada");
    expect(es).toMatch(/La fecha de fin|fecha de fin debe/);
    const noDay = await post(
      "/en/company/campaigns/new",
      campaignFields(ownGameId, { startsAt: `${new Date().getUTCFullYear() + 1}-02-31` }),
      company.cookie,
    );
    expect(noDay.status).toBe(400);
    const en = decode(mainOf(await noDay.text()));
    expect(en).toContain("Enter a date that exists");
    expect(en).toContain(`value="${new Date().getUTCFullYear() + 1}-02-31"`);
  });
});

describe("the whole loop from the pages", () => {
  const KEYS = ["LUMEN-AAAAA-00001", "LUMEN-AAAAA-00002", "LUMEN-AAAAA-00003", "LUMEN-ANY-00004"];
  /** Every page a key could leak into. */
  const seen: string[] = [];
  const read = async (path: string, cookie = company.cookie) => {
    const html = await page(path, cookie);
    seen.push(html);
    return decode(mainOf(html));
  };
  const answered = async (res: Response, status = 200) => {
    const html = await res.text();
    expect(res.status, html.slice(0, 200)).toBe(status);
    seen.push(html);
    return decode(mainOf(html));
  };
  let gameId = "";
  let campaignId = "";

  it("creates a game (slug from the name), edits it and sets its cover", async () => {
    const res = await post("/en/company/games/new", gameFields(), company.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/en/company/games?gameAdded=1");
    const [game] = await t.services.db.select().from(companyGames).where(eq(companyGames.slug, "lumen-drift"));
    gameId = game.id;
    expect(game).toMatchObject({ name: "Lumen Drift", platforms: ["pc", "switch"], genres: ["puzzle"], releaseStatus: "released" });
    expect(game.storeLinks).toEqual([{ store: "steam", url: "https://store.steampowered.com/app/1" }]);
    const list = await read("/en/company/games");
    expect(list).toContain("Lumen Drift");
    expect(list).toContain(`/en/company/games/${gameId}/edit`);
    expect(list).toContain("Released");

    const edited = await answered(
      await post(`/en/company/games/${gameId}/edit`, gameFields({ slug: "lumen-drift", shortDescription: "Now shorter." }), company.cookie),
    );
    expect(edited).toContain("The game was saved.");
    expect(edited).toContain("Now shorter.");

    const notImage = new File([new TextEncoder().encode("not an image at all")], "cover.png", { type: "image/png" });
    const refused = await postMultipart(
      `/en/company/games/${gameId}/edit`,
      gameFields({ slug: "lumen-drift" }),
      { cover: notImage },
      company.cookie,
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(decode(mainOf(await refused.text()))).toContain('value="Lumen Drift"');

    // A new game whose cover is refused is kept, and its edit page says why beside the cover.
    const withBadCover = await postMultipart(
      "/es/company/games/new",
      gameFields({ name: "Cover Later", slug: "cover-later" }),
      { cover: notImage },
      company.cookie,
    );
    expect(withBadCover.status).toBe(302);
    const editAt = withBadCover.headers.get("location")!;
    expect(editAt).toMatch(/^\/es\/company\/games\/[0-9a-f-]+\/edit\?cover=accounts\.avatar_type$/);
    const coverPage = decode(mainOf(await page(editAt, company.cookie)));
    expect(coverPage).toContain('value="Cover Later"');
    expect(coverPage).toContain("La imagen debe ser PNG, JPG o WEBP.");

    const png = new Uint8Array(
      await sharp({ create: { width: 320, height: 180, channels: 3, background: "#3a7" } })
        .png()
        .toBuffer(),
    );
    const ok = await postMultipart(
      `/en/company/games/${gameId}/edit`,
      gameFields({ slug: "lumen-drift" }),
      { cover: new File([png], "cover.png", { type: "image/png" }) },
      company.cookie,
    );
    expect(ok.status).toBe(200);
    const [withCover] = await t.services.db.select().from(companyGames).where(eq(companyGames.id, gameId));
    expect(withCover.coverUrl).toMatch(/\.webp$/);
  });

  it("creates a campaign and opens it", async () => {
    const res = await post("/en/company/campaigns/new", campaignFields(gameId, { autoApprove: "on" }), company.cookie);
    expect(res.status).toBe(302);
    campaignId = res.headers.get("location")!.split("/").pop()!;
    expect(res.headers.get("location")).toBe(`/en/company/campaigns/${campaignId}`);
    const [c] = await t.services.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(c).toMatchObject({ gameId, status: "draft", autoApprove: true, regions: ["europe", "north_america"], coverageDays: 14 });
    // Turn auto-approval off from the details tab, so the creator's request waits for the page.
    const saved = await answered(
      await post(`/en/company/campaigns/${campaignId}?tab=details`, { intent: "update", ...campaignFields(gameId) }, company.cookie),
    );
    expect(saved).toContain("The campaign was saved.");
    const opened = await answered(
      await post(`/en/company/campaigns/${campaignId}`, { intent: "status", status: "active" }, company.cookie),
    );
    expect(opened).toContain("The campaign is now Active.");
    expect(opened).toContain("Finish the campaign");
    const list = await read("/en/company/campaigns");
    expect(list).toContain("Lumen Drift");
    expect(list).toContain("0 left · 0 claimed");
  });

  it("previews pasted keys with exact counts and translated reasons, saves them, and a second upload finds nothing new", async () => {
    const text = [
      "key_value,region",
      `${KEYS[0]},eu`,
      `${KEYS[1]},europe`,
      `${KEYS[2]},EU`,
      KEYS[3],
      `${KEYS[0]},eu`,
      "ab",
      "ASIA-ONLY-00001,asia",
      "",
    ].join("\n");
    const path = `/en/company/campaigns/${campaignId}?tab=keys`;
    const preview = await answered(await postMultipart(path, { intent: "preview", keysText: text }, {}, company.cookie));
    const count = (k: string) => new RegExp(`data-count="${k}">(\\d+)<`).exec(preview)?.[1];
    expect([count("detected"), count("new"), count("duplicate"), count("invalid")]).toEqual(["7", "4", "1", "2"]);
    expect(preview).toContain("Repeated in this upload");
    expect(preview).toContain("Too short (at least 5 characters)");
    expect(preview).toContain("A region this campaign does not offer");
    expect(preview).toContain("Save 4 keys");
    const uploadId = /name="uploadId" value="([^"]+)"/.exec(preview)![1];

    const saved = await answered(await post(path, { intent: "save-upload", uploadId }, company.cookie));
    expect(saved).toContain("4 keys added to the pool.");
    expect(await t.services.db.select().from(campaignKeys).where(eq(campaignKeys.campaignId, campaignId))).toHaveLength(4);

    // The same keys from a file: nothing new.
    const again = await answered(
      await postMultipart(
        path,
        { intent: "preview" },
        { keysFile: new File([KEYS.join("\r\n")], "keys.txt", { type: "text/plain" }) },
        company.cookie,
      ),
    );
    expect(again).toContain("None of these keys is new");
    expect(again).toContain("Already in one of your pools");

    const es = await answered(
      await postMultipart(`/es${path.slice(3)}`, { intent: "preview", keysText: "x\nLUMEN-AAAAA-00001" }, {}, company.cookie),
    );
    expect(es).toContain("Demasiado corta");
    expect(es).toContain("Ya está en el fondo de claves de una de tus campañas");

    const tab = await read(path);
    expect(tab).toContain("Europe");
    expect(tab).toContain("Any region");
    expect(tab).toContain("Export as CSV");
  });

  it("approves a creator's request from the page; the participants tab shows them; a request without a key left fails with its reason", async () => {
    const svc = t.services.campaigns;
    await svc.saveChannels(creatorActor(creator), {
      channels: [
        {
          kind: "youtube",
          url: `https://www.youtube.com/@${creator.username}`,
          subscribers: 12_000,
          averageViews: 3_000,
          languages: ["es"],
        },
      ],
    });
    const { requestId, status } = await svc.requestKey(creatorActor(creator), {
      campaignId,
      platform: "pc",
      region: "europe",
      message: "I cover puzzle games.",
    });
    expect(status).toBe("pending");

    const base = `/en/company/campaigns/${campaignId}`;
    const requests = await read(`${base}?tab=requests&status=pending`);
    expect(requests).toContain(creator.username);
    expect(requests).toContain("12,000 subscribers · 3,000 average views");
    expect(requests).toContain("Stated by the creator");
    expect(requests).toContain("Meets the minimums");
    expect(requests).toContain("I cover puzzle games.");
    const es = await read(`/es/company/campaigns/${campaignId}?tab=requests`);
    expect(es).toContain("12.000 suscriptores");

    const approved = await answered(await post(`${base}?tab=requests`, { approveOne: requestId, reason: "" }, company.cookie));
    expect(approved).toContain("1 request approved.");
    const [req] = await t.services.db.select().from(creatorRequests).where(eq(creatorRequests.id, requestId));
    expect(req.status).toBe("approved");
    const [key] = await t.services.db.select().from(campaignKeys).where(eq(campaignKeys.id, req.keyId!));
    expect(key).toMatchObject({ status: "claimed", claimedBy: creator.id, region: "europe" });

    const participants = await read(`${base}?tab=participants`);
    expect(participants).toContain(creator.username);
    expect(participants).toContain("Europe · PC");
    expect(participants).toContain("None yet");
    expect(participants).toContain("On time");

    // Revoke the keys left (with the confirmation's submit), then a second creator's request cannot be approved.
    const available = await t.services.db
      .select({ id: campaignKeys.id })
      .from(campaignKeys)
      .where(and(eq(campaignKeys.campaignId, campaignId), eq(campaignKeys.status, "available")));
    expect(available).toHaveLength(3);
    const keysTab = await read(`${base}?tab=keys`);
    expect(keysTab).toContain("Revoke selected keys");
    expect(keysTab).toContain(`value="${available[0].id}"`);
    const revoked = await answered(
      await post(`${base}?tab=keys`, { intent: "revoke", keyIds: available.map((k) => k.id) }, company.cookie),
    );
    expect(revoked).toContain("3 keys revoked.");

    const second = await person({ kind: "creator", signedIn: false });
    await svc.saveChannels(creatorActor(second), {
      channels: [{ kind: "twitch", url: `https://www.twitch.tv/${second.username}`, subscribers: 10, averageViews: 5, languages: ["en"] }],
    });
    const third = await person({ kind: "creator", signedIn: false });
    await svc.saveChannels(creatorActor(third), {
      channels: [
        { kind: "youtube", url: `https://www.youtube.com/@${third.username}`, subscribers: 10, averageViews: 5, languages: ["en"] },
      ],
    });
    const r2 = await svc.requestKey(creatorActor(second), { campaignId, platform: "pc", region: "north_america" });
    const r3 = await svc.requestKey(creatorActor(third), { campaignId, platform: "pc", region: "europe" });
    const failed = await answered(await post(`${base}?tab=requests`, { intent: "approve", requestIds: [r2.requestId] }, company.cookie));
    expect(failed).toContain(`Not decided: ${second.username} — No keys available for campaign Lumen Drift.`);
    const rejected = await answered(
      await post(
        `${base}?tab=requests`,
        { intent: "reject", requestIds: [r2.requestId, r3.requestId], reason: "Not a fit this time." },
        company.cookie,
      ),
    );
    expect(rejected).toContain("2 requests rejected.");
    const decided = await t.services.db.select().from(creatorRequests).where(eq(creatorRequests.id, r3.requestId));
    expect(decided[0]).toMatchObject({ status: "rejected", rejectionReason: "Not a fit this time." });
    const none = await answered(await post(`${base}?tab=requests`, { intent: "approve" }, company.cookie), 400);
    expect(none).toContain("Select at least one request.");
  });

  it("traces a key to its holder without showing the key, and exports the pool as CSV (the only place key values appear)", async () => {
    const csv = await get(`/en/company/campaigns/${campaignId}/keys.csv`, company.cookie);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="keys-[a-z0-9-]+\.csv"$/);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const lines = (await csv.text()).trim().split("\r\n");
    // The site's CSV writer: every text cell quoted.
    expect(lines[0]).toBe('"key_value","region","status","holder","claimed_at","revoked_at","added_at"');
    expect(lines).toHaveLength(5);
    for (const k of KEYS) expect(lines.some((l) => l.startsWith(`"${k}",`))).toBe(true);
    const claimed = lines.filter((l) => l.includes(`,"claimed","${creator.username}",`));
    expect(claimed).toHaveLength(1);
    expect(lines.filter((l) => l.includes(',"revoked",'))).toHaveLength(3);
    const claimedKey = claimed[0].split(",")[0].slice(1, -1);

    const base = `/en/company/campaigns/${campaignId}?tab=keys`;
    const found = await answered(await post(base, { intent: "trace", key: ` ${claimedKey} ` }, company.cookie));
    expect(found).toMatch(new RegExp(`This key \\(Claimed, Europe\\) went to ${creator.username} on`));
    const unknown = await answered(await post(base, { intent: "trace", key: "NOT-IN-ANY-POOL-1" }, company.cookie), 404);
    expect(unknown).toContain("None of your pools holds this key.");
    expect(unknown).not.toContain("NOT-IN-ANY-POOL-1");
    const es = await answered(
      await post(`/es/company/campaigns/${campaignId}?tab=keys`, { intent: "trace", key: KEYS[3] }, company.cookie),
    );
    expect(es).toContain("nadie la ha recibido");

    for (const tab of ["details", "requests", "keys", "participants"]) await read(`/en/company/campaigns/${campaignId}?tab=${tab}`);
    await read("/en/company/campaigns");
    expect(seen.length).toBeGreaterThan(15);
    for (const html of seen) for (const k of KEYS) expect(html).not.toContain(k);
  });

  it("asks before finishing the campaign, then offers no more changes", async () => {
    const base = `/en/company/campaigns/${campaignId}`;
    const details = await read(base);
    expect(details).toMatch(/<details[^>]*>\s*<summary[^>]*>.*Finish the campaign/s);
    expect(details).toContain("Finish the campaign? Creators can no longer request keys");
    const finished = await answered(await post(base, { intent: "status", status: "finished" }, company.cookie));
    expect(finished).toContain("The campaign is now Finished.");
    expect(finished).toContain("A finished campaign can no longer be edited.");
    expect(await read(`${base}?tab=keys`)).not.toContain("Upload keys");
  });

  it("never writes a key value to the logs (uploads, decisions, traces and the CSV included)", async () => {
    const logged = JSON.stringify(t.logs);
    expect(t.logs.length).toBeGreaterThan(10);
    for (const k of KEYS) expect(logged).not.toContain(k);
  });
});
