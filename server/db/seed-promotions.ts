import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import type { FeatureType, ReleaseStatus, ScheduleStatus } from "#shared/promotions";
import type { Database } from "./client";
import { DEMO_SUBMISSION_SLUGS, gamePieces, storeDemoArt, submissionPieces } from "./demo-art";
import {
  companyProfiles,
  featuredGameDaily,
  featuredGames,
  featuredSubmissions,
  payments,
  promoCodeUses,
  promoCodes,
  studioMailConsent,
} from "./schema";

const DAY = 86_400_000;

/** The demo's featured games, by their stable addresses (/games/{slug}); also listed in the README. */
export const DEMO_FEATURED_SLUGS = { both: "hollow-pines", details: "ember-and-tide", scheduled: "starfall-courier" } as const;
export const DEMO_PROMO_CODES = { launch: "LAUNCH20", indie: "INDIE100" } as const;

type DemoGame = {
  slug: string;
  gameName: string;
  studioName: string;
  shortDescription: string;
  detailsMd: string;
  featureType: FeatureType;
  scheduleStatus: ScheduleStatus;
  releaseStatus: ReleaseStatus;
  platforms: string[];
  startsInDays: number;
  durationDays: number;
  youtubeVideoId: string;
  mine: boolean;
};

const GAMES: DemoGame[] = [
  {
    slug: DEMO_FEATURED_SLUGS.both,
    gameName: "Hollow Pines",
    studioName: "Estudio Brisa",
    shortDescription:
      "Una aventura tranquila en un bosque que recuerda a quien lo cruza. / A quiet adventure in a forest that remembers everyone who walks through it.",
    detailsMd:
      "## Un bosque con memoria\n\nExplora senderos que cambian según tus decisiones. **Sin combate**, con música original.\n\n## A forest that remembers\n\nWalk paths that change with your choices. *No combat*, an original soundtrack.",
    featureType: "both",
    scheduleStatus: "active",
    releaseStatus: "released",
    platforms: ["pc", "switch"],
    startsInDays: -10,
    durationDays: 30,
    youtubeVideoId: "dQw4w9WgXcQ",
    mine: true,
  },
  {
    slug: DEMO_FEATURED_SLUGS.details,
    gameName: "Ember & Tide",
    studioName: "Tidal Forge",
    shortDescription:
      "A lighthouse-keeping roguelite where every storm rewrites the coast. / Un roguelite de fareros donde cada tormenta redibuja la costa.",
    detailsMd:
      "## Keep the light on\n\nRepair the lamp, ration the oil, and read the sea before it reads you.\n\n- Early access on PC\n- Co-op for two",
    featureType: "details_page",
    scheduleStatus: "active",
    releaseStatus: "early_access",
    platforms: ["pc"],
    startsInDays: -6,
    durationDays: 30,
    youtubeVideoId: "aqz-KE-bpKQ",
    mine: false,
  },
  {
    slug: DEMO_FEATURED_SLUGS.scheduled,
    gameName: "Starfall Courier",
    studioName: "Estudio Brisa",
    shortDescription: "Deliver letters across a collapsing sky. / Reparte cartas bajo un cielo que se derrumba.",
    detailsMd: "",
    featureType: "homepage",
    scheduleStatus: "scheduled",
    releaseStatus: "unreleased",
    platforms: ["pc", "playstation"],
    startsInDays: 5,
    durationDays: 14,
    youtubeVideoId: "M7lc1UVf-VE",
    mine: true,
  },
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The demo's details pages are simple Markdown: headings, paragraphs, emphasis and a list. */
function renderDemoMarkdown(md: string): string {
  return md
    .split(/\n\n+/)
    .map((block) => {
      const inline = (s: string) =>
        escapeHtml(s)
          .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
          .replace(/\*(.+?)\*/g, "<em>$1</em>");
      if (block.startsWith("## ")) return `<h2>${inline(block.slice(3))}</h2>`;
      if (block.startsWith("- "))
        return `<ul>${block
          .split("\n")
          .map((l) => `<li>${inline(l.replace(/^- /, ""))}</li>`)
          .join("")}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join("\n");
}

/**
 * Three featured games in different states (Hollow Pines on the homepage and its own page,
 * Ember & Tide with a details page, Starfall Courier scheduled), a paid submission and a promo-code submission
 * waiting in the review queue (a successful payment on the first; the second covered by INDIE100, its use
 * counted), the promo codes LAUNCH20 and INDIE100, two weeks of daily analytics so the charts have something to
 * draw, and the demo company's consent to promotional email. Only when the demo company exists and no featured
 * game does. True when anything was created.
 */
export async function seedDemoPromotions(db: Database, log: Logger, opts: { storage: Storage }): Promise<boolean> {
  const [company] = await db
    .select({ id: companyProfiles.id })
    .from(companyProfiles)
    .where(eq(companyProfiles.slug, "estudio-brisa"))
    .limit(1);
  if (!company) return false;
  const [{ existing }] = await db.select({ existing: sql<number>`count(*)::int` }).from(featuredGames);
  if (existing > 0) return false;

  const now = Date.now();
  const storage = opts.storage;
  // Each game's cover, capsule and three screenshots, and each queued submission's image and three screenshots,
  // drawn for the demo (server/db/demo-art).
  const art = await storeDemoArt(storage, [
    ...GAMES.flatMap((g) => gamePieces(g.slug, { featured: true })),
    ...DEMO_SUBMISSION_SLUGS.flatMap(submissionPieces),
  ]);
  const urls = GAMES.map((g) => art[`${g.slug}-cover`]!);

  const [launch, indie] = await db
    .insert(promoCodes)
    .values([
      {
        id: randomUUID(),
        code: DEMO_PROMO_CODES.launch,
        discountType: "percentage",
        discountValue: 20,
        maxUses: 100,
        note: "Launch offer",
      },
      {
        id: randomUUID(),
        code: DEMO_PROMO_CODES.indie,
        discountType: "percentage",
        discountValue: 100,
        maxUses: 5,
        usesCount: 1,
        note: "Indie fund",
      },
    ])
    .returning();
  void launch;

  const gameIds: string[] = [];
  for (const [i, g] of GAMES.entries()) {
    const startsAt = new Date(now + g.startsInDays * DAY);
    const [row] = await db
      .insert(featuredGames)
      .values({
        id: randomUUID(),
        companyId: g.mine ? company.id : null,
        slug: g.slug,
        gameName: g.gameName,
        studioName: g.studioName,
        shortDescription: g.shortDescription,
        detailsMd: g.detailsMd,
        detailsHtml: renderDemoMarkdown(g.detailsMd),
        imageUrl: urls[i],
        capsuleUrl: art[`${g.slug}-capsule`]!,
        screenshots: [1, 2, 3].map((v) => art[`${g.slug}-shot-${v}`]!),
        storeUrl: `https://store.steampowered.com/app/${480 + i}/`,
        youtubeVideoId: g.youtubeVideoId,
        releaseStatus: g.releaseStatus,
        platforms: g.platforms,
        featureType: g.featureType,
        startsAt,
        endsAt: new Date(startsAt.getTime() + g.durationDays * DAY),
        scheduleStatus: g.scheduleStatus,
        visible: true,
      })
      .returning({ id: featuredGames.id });
    gameIds.push(row.id);
  }

  // The review queue: one paid through the sandbox, one covered in full by INDIE100 (its use counted).
  const submission = (over: { gameName: string; slug: string; promo?: boolean; minutesAgo: number }) => ({
    id: randomUUID(),
    contactName: over.promo ? "Noa Ferrer" : "Sam Carter",
    contactEmail: over.promo ? "noa@demo.paperlanterns.test" : "team@demo.northwindpixel.test",
    studioName: over.promo ? "Paper Lanterns" : "Northwind Pixel",
    gameName: over.gameName,
    shortDescription: over.promo
      ? "A papercraft puzzle game about lighting a town's lanterns before the festival."
      : "A roguelite through overgrown ruins, with the stone golem who has guarded them for a thousand years.",
    storeUrl: "https://store.steampowered.com/app/620/",
    youtubeUrl: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    imageUrl: art[`${over.slug}-cover`]!,
    screenshots: [1, 2, 3].map((v) => art[`${over.slug}-shot-${v}`]!),
    releaseStatus: "unreleased" as const,
    featureType: (over.promo ? "details_page" : "homepage") as FeatureType,
    promoCodeId: over.promo ? indie.id : null,
    promoCode: over.promo ? DEMO_PROMO_CODES.indie : null,
    priceMinor: over.promo ? 2900 : 4900,
    discountMinor: over.promo ? 2900 : 0,
    amountMinor: over.promo ? 0 : 4900,
    currency: "EUR",
    durationDays: over.promo ? 30 : 14,
    status: "pending_review" as const,
    locale: over.promo ? "es" : "en",
    createdAt: new Date(now - over.minutesAgo * 60_000),
  });
  const paid = submission({ gameName: "Mossbound", slug: "mossbound", minutesAgo: 180 });
  const covered = submission({ gameName: "Paper Lanterns", slug: "paper-lanterns", promo: true, minutesAgo: 45 });
  await db.insert(featuredSubmissions).values([paid, covered]);
  await db.insert(payments).values({
    id: randomUUID(),
    submissionId: paid.id,
    provider: "sandbox",
    providerSessionId: `sbx_demo_${paid.id.slice(0, 8)}`,
    providerPaymentId: `sbx_pi_demo_${paid.id.slice(0, 8)}`,
    amountMinor: paid.amountMinor,
    currency: paid.currency,
    status: "success",
    createdAt: new Date(now - 175 * 60_000),
    completedAt: new Date(now - 170 * 60_000),
  });
  await db
    .insert(promoCodeUses)
    .values({ promoCodeId: indie.id, submissionId: covered.id, discountMinor: covered.discountMinor, usedAt: covered.createdAt });

  // Two weeks of numbers for the two active games (a gentle curve with some noise, never the same twice a week).
  const daily = [];
  for (let d = 13; d >= 0; d--) {
    const day = new Date(now - d * DAY).toISOString().slice(0, 10);
    for (const [i, id] of gameIds.slice(0, 2).entries()) {
      const views = 40 + ((d * 17 + i * 29) % 35) + (13 - d) * (i === 0 ? 6 : 3);
      daily.push({
        featuredGameId: id,
        day,
        views,
        storeClicks: Math.round(views * 0.18) + (d % 3),
        trailerClicks: Math.round(views * 0.3) + (d % 4),
        campaignClicks: Math.round(views * 0.05),
      });
    }
  }
  await db.insert(featuredGameDaily).values(daily);
  await db.insert(studioMailConsent).values({ companyId: company.id, agreed: true }).onConflictDoNothing();
  log.info("demo featured games seeded", { games: GAMES.map((g) => `/games/${g.slug}`), promoCodes: Object.values(DEMO_PROMO_CODES) });
  return true;
}
