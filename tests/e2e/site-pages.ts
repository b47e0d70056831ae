import sharp from "sharp";
import type { APIRequestContext, BrowserContext, PlaywrightWorkerArgs } from "@playwright/test";
import { BASE_URL, expect } from "./fixtures";

/**
 * Every page of the site, once, with the person it is for: the catalogue the sweep of layout and
 * accessibility (page-sweep.spec.ts) and `npm run screenshots` walk. A new page
 * is added here and is then checked at every width, in both languages and both themes.
 */
export type Who = "visitor" | "unverified" | "creator" | "pendingCompany" | "verifiedCompany" | "moderator" | "admin";

export type SitePage = { who: Who; path: string; status?: number; slug: string };

/** A promotion request's text fields as a studio sends them through /collaborate (multipart, without JavaScript). */
export const PROMOTION_REQUEST = {
  contactName: "Ada Studio",
  studioName: "Pine Studio",
  shortDescription: "A quiet game about a forest in winter.",
  storeUrl: "https://store.steampowered.com/app/12345",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  releaseStatus: "released",
  featureType: "details_page",
  locale: "en",
};

const THREAD = "/community/programacion/godot-4-pathfinding-for-hundreds-of-units";

const entries: [Who, string, number?][] = [
  ["visitor", "/"],
  ["visitor", "/about"],
  ["visitor", "/connect"],
  ["visitor", "/privacy-policy"],
  ["visitor", "/cookie-policy"],
  ["visitor", "/terms-and-conditions"],
  ["visitor", "/search?q=godot"],
  ["visitor", "/resources"],
  ["visitor", "/resources/database"],
  ["visitor", "/resources/api"],
  ["visitor", "/no-such-page", 404],
  ["visitor", "/auth/login"],
  ["visitor", "/auth/register"],
  ["visitor", "/auth/forgot-password"],
  ["visitor", "/auth/code"],
  ["visitor", "/auth/callback?error=TOKEN_EXPIRED"],
  ["visitor", "/auth/reset-password"],
  ["visitor", "/community"],
  ["visitor", "/community/programacion"],
  ["visitor", THREAD],
  ["visitor", "/leaderboard"],
  ["visitor", "/shop"],
  ["visitor", "/arena"],
  ["visitor", "/arena/leaderboard"],
  // The demo's first arena match, fought by the engine from a fixed seed (server/db/seed-character.ts).
  ["visitor", "/arena/matches/7d1e3a52-0c4b-4f8e-9a61-2b5c8d9e0f17"],
  ["visitor", "/contact"],
  ["visitor", "/u/lucia_juega"],
  ["visitor", "/company/estudio-brisa"],
  // Episode rooms: an unknown room, and its guest access page without a token (the demo room's own pages need
  // the demo seed's room and its guest).
  ["visitor", "/episode-panel/00000000-0000-4000-8000-000000000000", 404],
  ["visitor", "/episode-panel/00000000-0000-4000-8000-000000000000/join", 400],
  ["creator", "/"],
  ["creator", "/dashboard"],
  ["creator", "/account"],
  ["creator", "/account/connections"],
  ["creator", "/account/security"],
  ["creator", "/account/data"],
  ["creator", "/account/notifications"],
  ["creator", "/arena"],
  ["creator", "/account/progress"],
  ["creator", "/account/character"],
  ["creator", "/account/inventory"],
  ["creator", "/account/avatar"],
  ["creator", "/notifications"],
  ["creator", THREAD],
  ["creator", "/community/programacion/new"],
  ["creator", "/auth/verify-email"],
  ["unverified", "/dashboard?welcome=1"],
  ["unverified", "/auth/verify-email"],
  ["pendingCompany", "/company/verification"],
  ["verifiedCompany", "/dashboard"],
  ["verifiedCompany", "/company/verification"],
  ["verifiedCompany", "/company/estudio-brisa"],
  ["moderator", THREAD],
  ["moderator", "/admin"],
  ["moderator", "/admin/forum/moderation"],
  // The demo's episode room, which the demo moderator hosts (server/db/seed-rooms.ts); a visitor is refused it.
  ["moderator", "/episode-panel/3c9f0d4e-8a27-4b1f-b6e2-5d7a9c1e2f30"],
  ["moderator", "/admin/episode-rooms"],
  ["visitor", "/episode-panel/3c9f0d4e-8a27-4b1f-b6e2-5d7a9c1e2f30", 403],
  ["admin", "/admin"],
  ["admin", "/admin/roles"],
  ["admin", "/admin/roles?q=lucia"],
  ["admin", "/admin/companies"],
  ["admin", "/admin/companies?status=verified"],
  ["admin", "/admin/mail"],
  ["admin", "/admin/settings"],
  ["admin", "/admin/announcements"],
  ["admin", "/admin/translations"],
  ["admin", "/admin/audit"],
  ["admin", "/admin/episode-rooms"],
  ["admin", "/episode-panel/3c9f0d4e-8a27-4b1f-b6e2-5d7a9c1e2f30"],
  ["admin", "/admin/forum"],
  ["admin", "/admin/forum/moderation"],
  ["admin", "/admin/forum/content"],
  ["admin", "/admin/forum/settings"],
  ["admin", "/admin/forum/users"],
  ["admin", "/admin/gamification"],
  ["admin", "/admin/gamification/levels"],
  ["admin", "/admin/gamification/achievements"],
  ["admin", "/admin/gamification/ranking"],
  // Creator key campaigns. `{campaign}`, `{ownCampaign}` and `{game}` are the demo data's ids,
  // found when the people sign in (signInStates).
  ["visitor", "/campaigns"],
  ["visitor", "/campaigns?platform=pc&region=europe"],
  ["visitor", "/campaigns/{campaign}"],
  ["creator", "/campaigns"],
  ["creator", "/campaigns/{campaign}"],
  ["creator", "/creator/onboarding"],
  ["creator", "/my-keys"],
  ["verifiedCompany", "/campaigns/{campaign}"],
  ["verifiedCompany", "/company/games"],
  ["verifiedCompany", "/company/games/new"],
  ["verifiedCompany", "/company/games/{game}/edit"],
  ["verifiedCompany", "/company/campaigns"],
  ["verifiedCompany", "/company/campaigns/new"],
  ["verifiedCompany", "/company/campaigns/{ownCampaign}"],
  ["verifiedCompany", "/company/campaigns/{ownCampaign}?tab=requests"],
  ["verifiedCompany", "/company/campaigns/{ownCampaign}?tab=keys"],
  ["verifiedCompany", "/company/campaigns/{ownCampaign}?tab=participants"],
  ["admin", "/admin/campaigns"],
  ["admin", "/admin/creators"],
  // Featured games. The demo's games (server/db/seed-promotions.ts); `{openPayment}`, `{paidPayment}`
  // and `{cancelledPayment}` are payments made through /collaborate and the sandbox when the people sign in.
  ["visitor", "/featured-games"],
  ["visitor", "/featured-games?release=early_access&platform=pc"],
  ["visitor", "/games/hollow-pines"],
  ["visitor", "/games/ember-and-tide"],
  ["visitor", "/collaborate"],
  ["visitor", "/checkout/sandbox/{openPayment}"],
  ["visitor", "/payment-success?payment={paidPayment}"],
  ["visitor", "/payment-cancelled?payment={cancelledPayment}"],
  ["visitor", "/promotions/unsubscribe?c=none&s=none", 400],
  ["creator", "/games/hollow-pines"],
  ["verifiedCompany", "/collaborate"],
  ["admin", "/admin/featured-games"],
  ["admin", "/admin/featured-games?tab=games"],
  ["admin", "/admin/featured-games?tab=offer"],
  ["admin", "/admin/promo-codes"],
  ["admin", "/admin/analytics"],
  ["admin", "/admin/analytics?window=90"],
  ["admin", "/admin/studio-promotions"],
  ["admin", "/admin/contacts"],
  ["admin", "/admin/avatars"],
  ["admin", "/admin/avatars?edit=iron-helm"],
  // A message with its reply in its history (the demo's replied message, server/db/seed-contact.ts).
  ["admin", "/admin/contacts/6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0c31"],
  ["moderator", "/admin/featured-games"],
  // Jobs: the demo's offers and first application by their stable ids (server/db/seed-jobs.ts, DEMO_JOB_IDS).
  ["visitor", "/jobs"],
  ["visitor", "/jobs/6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b11"],
  ["visitor", "/jobs/6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b13"],
  ["admin", "/admin/jobs"],
  ["admin", "/admin/applications"],
  ["admin", "/admin/applications?application=6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0c21"],
  // Videos and the podcast: the demo's items (server/db/seed-content.ts), and their admin tabs.
  ["visitor", "/videos"],
  ["visitor", "/videos/hollow-pines-first-look"],
  ["visitor", "/podcast"],
  ["visitor", "/podcast/small-studio-big-dreams"],
  ["admin", "/admin/content"],
  ["admin", "/admin/content?edit=new-video"],
  ["admin", "/admin/collaborators"],
];

/** A file-name-safe name for a page seen by a person: "visitor-community-programacion". */
const slugOf = (who: Who, path: string) =>
  `${who}-${
    path
      .replace(/[?=&]/g, "-")
      .replace(/[^a-z0-9-]+/gi, "-")
      .replace(/^-+|-+$/g, "") || "home"
  }`;

export const SITE_PAGES: SitePage[] = entries.map(([who, path, status]) => ({ who, path, status, slug: slugOf(who, path) }));

/** The demo data's ids the catalogue's paths name in braces (filled by signInStates). */
const DEMO_IDS: Record<string, string> = {};
const withIds = (path: string) => path.replace(/\{(\w+)\}/g, (m, name: string) => DEMO_IDS[name] ?? m);

export const localized = (locale: string, path: string) => (path === "/" ? `/${locale}/` : `/${locale}${withIds(path)}`);

/**
 * The demo campaign ids the catalogue needs, read off the pages that list them: an open campaign on
 * /campaigns, the demo company's campaign whose requests wait (the first on /company/campaigns with pending
 * requests, else the first) and its first game.
 */
async function findDemoIds(playwright: PlaywrightWorkerArgs["playwright"], company: StorageState | undefined) {
  if (DEMO_IDS.campaign) return;
  const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
  const visitor = await playwright.request.newContext({ baseURL: BASE_URL });
  const open = await (await visitor.get("/en/campaigns")).text();
  await visitor.dispose();
  DEMO_IDS.campaign = new RegExp(`/en/campaigns/(${uuid})`).exec(open)?.[1] ?? "none";
  if (!company) return;
  const ctx = await playwright.request.newContext({ baseURL: BASE_URL, storageState: company });
  const campaigns = await (await ctx.get("/en/company/campaigns")).text();
  const games = await (await ctx.get("/en/company/games")).text();
  await ctx.dispose();
  DEMO_IDS.ownCampaign = new RegExp(`/en/company/campaigns/(${uuid})`).exec(campaigns)?.[1] ?? "none";
  DEMO_IDS.game = new RegExp(`/en/company/games/(${uuid})/edit`).exec(games)?.[1] ?? "none";
}

/**
 * Three payments for the payment pages, made as a studio makes them: the /collaborate form sent
 * with an image (a redirect to the sandbox's checkout), then paid, cancelled, or left open.
 */
async function makeDemoPayments(playwright: PlaywrightWorkerArgs["playwright"]) {
  if (DEMO_IDS.openPayment) return;
  const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 40, g: 110, b: 90 } } })
    .png()
    .toBuffer();
  const ctx = await playwright.request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.99.${Math.floor(Math.random() * 250)}.1` },
  });
  const checkout = async (n: number) => {
    const res = await ctx.post("/en/collaborate", {
      maxRedirects: 0,
      multipart: {
        ...PROMOTION_REQUEST,
        contactEmail: `pages-${n}@e2e.test`,
        gameName: `Catalogue Game ${n}`,
        image: { name: "game.png", mimeType: "image/png", buffer: png },
      },
    });
    const id = /\/checkout\/sandbox\/([0-9a-f-]{36})/.exec(res.headers().location ?? "")?.[1];
    expect(id, `the form leads to the sandbox checkout (${res.status()})`).toBeTruthy();
    return id!;
  };
  const choose = async (id: string, intent: "pay" | "cancel") => {
    const res = await ctx.post(`/en/checkout/sandbox/${id}`, { form: { intent }, maxRedirects: 0 });
    expect(res.status(), `sandbox ${intent}`).toBeLessThan(400);
  };
  DEMO_IDS.openPayment = await checkout(1);
  DEMO_IDS.paidPayment = await checkout(2);
  DEMO_IDS.cancelledPayment = await checkout(3);
  await choose(DEMO_IDS.paidPayment, "pay");
  await choose(DEMO_IDS.cancelledPayment, "cancel");
  await ctx.dispose();
}

const CREDENTIALS: Record<Exclude<Who, "visitor" | "unverified">, { email: string; password: string }> = {
  creator: { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" },
  pendingCompany: { email: "team@demo.northwindpixel.test", password: "demo-company-2026" },
  verifiedCompany: { email: "hola@demo.estudiobrisa.test", password: "demo-company-2026" },
  moderator: { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026" },
  admin: { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" },
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * One API sign-in per demo person (sign-in is rate limited per client, so each from its own address), kept
 * for the whole worker; "unverified" is a new account that has not confirmed its email.
 */
export async function signInStates(
  playwright: PlaywrightWorkerArgs["playwright"],
  people: Who[],
  ipBlock: number,
): Promise<Map<Who, StorageState | undefined>> {
  const states = new Map<Who, StorageState | undefined>([["visitor", undefined]]);
  let n = 0;
  for (const who of new Set(people)) {
    if (who === "visitor") continue;
    const ctx: APIRequestContext = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.${ipBlock}.${Math.floor(Math.random() * 250)}.${++n}` },
    });
    const res =
      who === "unverified"
        ? await ctx.post("/api/auth/sign-up/email", {
            data: { email: `pages-${Date.now()}-${n}@e2e.test`, password: "pages-pass-2026", name: "pages" },
          })
        : await ctx.post("/api/auth/sign-in/email", { data: CREDENTIALS[who] });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
  if (SITE_PAGES.some((p) => p.path.includes("{"))) {
    const company =
      states.get("verifiedCompany") ?? (await signInStates(playwright, ["verifiedCompany"], ipBlock + 1)).get("verifiedCompany");
    await findDemoIds(playwright, company);
    if (SITE_PAGES.some((p) => p.path.includes("Payment}"))) await makeDemoPayments(playwright);
  }
  return states;
}
