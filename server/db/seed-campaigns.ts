import { eq, sql } from "drizzle-orm";
import { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { createSecretBox } from "#server/platform/secret-box";
import type { Storage } from "#server/platform/storage";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "#server/modules/campaigns";
import { addCoverage } from "#server/modules/campaigns/creator-keys";
import { approveRequests, rejectRequests } from "#server/modules/campaigns/decide-requests";
import { changeCampaignStatus } from "#server/modules/campaigns/change-campaign-status";
import { createCampaign } from "#server/modules/campaigns/create-campaign";
import { createGame } from "#server/modules/campaigns/create-game";
import { previewKeyUpload, saveKeyUpload } from "#server/modules/campaigns/key-upload";
import { requestKey } from "#server/modules/campaigns/request-key";
import { saveChannels } from "#server/modules/campaigns/save-channels";
import { postRenderer } from "#server/modules/forum/render-post";
import type { Database } from "./client";
import { gamePieces, storeDemoArt } from "./demo-art";
import { campaigns, companyGames, companyProfiles, creatorChannels, profiles, users } from "./schema";

const DAY = 86_400_000;

/**
 * The verified demo company (Estudio Brisa) has two games and three campaigns — active with
 * auto-approval, active with manual approval and pending requests, finished — with keys in Europe and North
 * America; the demo creators have channels, requests in every state, claimed keys and some coverage. Everything
 * goes through the campaign operations, as a person would do it. Only when the demo company exists and has no
 * games yet (also on a database seeded before campaigns existed). True when anything was created.
 */
export async function seedDemoCampaigns(db: Database, log: Logger, opts: { gameKeysSecret: string; storage: Storage }): Promise<boolean> {
  const [company] = await db
    .select({
      id: companyProfiles.id,
      slug: companyProfiles.slug,
      name: companyProfiles.companyName,
      username: profiles.username,
      email: users.email,
    })
    .from(companyProfiles)
    .innerJoin(profiles, eq(profiles.id, companyProfiles.id))
    .innerJoin(users, eq(users.id, companyProfiles.id))
    .where(eq(companyProfiles.slug, "estudio-brisa"))
    .limit(1);
  if (!company) return false;
  const [{ games }] = await db.select({ games: sql<number>`count(*)::int` }).from(companyGames);
  if (games > 0) return false;

  let now = new Date();
  const deps: CampaignsDeps = {
    db,
    // Nobody listens: the demo's past decisions send no notifications or mail.
    events: new EventBus(log),
    keys: createSecretBox(opts.gameKeysSecret, "campaign-keys"),
    storage: opts.storage,
    mailer: undefined as unknown as Mailer,
    renderMarkdown: postRenderer(db),
    baseUrl: "",
    // The demo verifies no channel through YouTube: its channels are marked below.
    channelPages: () => Promise.reject(new Error("no channel pages in the demo seed")),
    rateLimiter: new RateLimiter(db),
    now: () => now,
    log,
  };
  const studio: NonNullable<Actor> = {
    userId: company.id,
    email: company.email,
    emailVerified: true,
    username: company.username,
    avatarUrl: null,
    profileRole: "company",
    roles: [],
    company: { slug: company.slug, companyName: company.name, verified: true },
    sessionId: null,
  };
  const creator = async (username: string): Promise<NonNullable<Actor>> => {
    const [p] = await db
      .select({ id: profiles.id, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(profiles.username, username));
    return { ...studio, userId: p.id, email: p.email, username, profileRole: "creator", company: null };
  };
  const [lucia, pete, rober, maya] = await Promise.all(["lucia_juega", "pixel_pete", "rober_retro", "maya_plays"].map(creator));

  await saveChannels(deps, lucia, {
    channels: [
      { kind: "youtube", url: "https://www.youtube.com/@luciajuega", subscribers: 24_000, averageViews: 3_100, languages: ["es"] },
      { kind: "twitch", url: "https://www.twitch.tv/luciajuega", subscribers: 6_500, averageViews: 420, languages: ["es", "en"] },
    ],
  });
  await saveChannels(deps, pete, {
    channels: [{ kind: "youtube", url: "https://www.youtube.com/@pixelpete", subscribers: 8_200, averageViews: 1_250, languages: ["en"] }],
  });
  await saveChannels(deps, rober, {
    channels: [
      { kind: "youtube", url: "https://www.youtube.com/@roberretro", subscribers: 52_000, averageViews: 9_000, languages: ["es"] },
    ],
  });
  await saveChannels(deps, maya, {
    channels: [
      { kind: "tiktok", url: "https://www.tiktok.com/@mayaplays", subscribers: 120_000, averageViews: 15_000, languages: ["en"] },
      { kind: "youtube", url: "https://www.youtube.com/@mayaplays", subscribers: 3_000, averageViews: 500, languages: ["en"] },
    ],
  });
  // Only a verified or team-checked channel counts for auto-approval. The demo creators' channels are
  // theirs, so they are marked: YouTube channels verified by their code (Lucía's also checked by the team), the
  // others checked by the team. Their codes stay as made, so the onboarding page shows them.
  const mark = (url: string, set: { verifiedAt?: Date; checkedAt?: Date }) =>
    db.update(creatorChannels).set(set).where(eq(creatorChannels.url, url));
  await mark("https://www.youtube.com/@luciajuega", { verifiedAt: now, checkedAt: now });
  await mark("https://www.twitch.tv/luciajuega", { checkedAt: now });
  await mark("https://www.youtube.com/@pixelpete", { verifiedAt: now });
  await mark("https://www.youtube.com/@roberretro", { checkedAt: now });
  await mark("https://www.tiktok.com/@mayaplays", { checkedAt: now });
  await mark("https://www.youtube.com/@mayaplays", { verifiedAt: now });

  const faro = await createGame(deps, studio, {
    name: "Faro de Niebla",
    slug: "faro-de-niebla",
    shortDescription:
      "Una aventura corta sobre una farera que guía barcos perdidos en la niebla. / A short adventure about a lighthouse keeper guiding lost ships.",
    descriptionMd:
      "**Faro de Niebla** es una aventura narrativa de unas tres horas.\n\n- Guía barcos con la luz del faro\n- Habla con la tripulación por radio\n- Descubre qué esconde la niebla\n\n*A three-hour narrative adventure, in Spanish and English.*",
    platforms: ["pc", "switch"],
    genres: ["adventure", "narrative"],
    storeLinks: [{ store: "steam", url: "https://store.steampowered.com/app/000000/Faro_de_Niebla/" }],
    trailerUrl: "https://www.youtube.com/watch?v=faroDemo001",
    releaseStatus: "released",
  });
  const huerto = await createGame(deps, studio, {
    name: "Huerto Lunar",
    slug: "huerto-lunar",
    shortDescription: "Cultiva un huerto en la Luna con tus vecinos robots. / Grow a garden on the Moon with your robot neighbours.",
    descriptionMd: "Un juego tranquilo de cultivo en acceso anticipado. *A cozy farming game in early access.*",
    platforms: ["pc"],
    genres: ["cozy", "simulation"],
    storeLinks: [{ store: "itch", url: "https://estudiobrisa.itch.io/huerto-lunar" }],
    releaseStatus: "early_access",
  });

  // Their covers, drawn for the demo (server/db/demo-art); a studio would upload them on the game's form.
  const art = await storeDemoArt(deps.storage, [
    ...gamePieces("faro-de-niebla", { featured: false }),
    ...gamePieces("huerto-lunar", { featured: false }),
  ]);
  for (const g of [faro, huerto])
    await db
      .update(companyGames)
      .set({ coverUrl: art[`${g.slug}-cover`]! })
      .where(eq(companyGames.id, g.id));

  const keys = (prefix: string, region: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `${prefix}-${region}-${String(1000 + i)}-${(i * 7919 + 4099).toString(36).toUpperCase().padStart(4, "0")},${region}`,
    );
  const upload = async (campaignId: string, lines: string[]) => {
    const preview = await previewKeyUpload(deps, studio, { campaignId, text: lines.join("\n") });
    if (preview.uploadId) await saveKeyUpload(deps, studio, { campaignId, uploadId: preview.uploadId });
  };
  const campaign = async (
    gameId: string,
    opts: { description: string; start: number; end: number; autoApprove: boolean; min: [number, number] },
  ) => {
    const { id } = await createCampaign(deps, studio, {
      gameId,
      description: opts.description,
      startsAt: new Date(now.getTime() + opts.start * DAY).toISOString(),
      endsAt: new Date(now.getTime() + opts.end * DAY).toISOString(),
      autoApprove: opts.autoApprove,
      minSubscribers: opts.min[0],
      minAverageViews: opts.min[1],
      platforms: ["pc"],
      regions: ["europe", "north_america"],
      languages: [],
      coverageDays: 21,
    });
    return id;
  };

  // 3. Finished: the launch campaign, two months ago (claims and coverage dated then).
  const today = now;
  now = new Date(today.getTime() - 60 * DAY);
  const launch = await campaign(faro.id, {
    description: "Campaña de lanzamiento de Faro de Niebla. / Launch campaign for Faro de Niebla.",
    start: 0,
    end: 30,
    autoApprove: false,
    min: [0, 0],
  });
  await upload(launch, [...keys("FARO", "EU", 5), ...keys("FARO", "NA", 5)]);
  await changeCampaignStatus(deps, studio, { campaignId: launch, status: "active" });
  const launchRequests = [];
  for (const [who, region] of [
    [lucia, "europe"],
    [pete, "north_america"],
    [rober, "europe"],
  ] as const) {
    launchRequests.push((await requestKey(deps, who, { campaignId: launch, platform: "pc", region, message: null })).requestId);
  }
  await approveRequests(deps, studio, { requestIds: launchRequests });
  now = new Date(today.getTime() - 50 * DAY);
  await addCoverage(deps, lucia, { requestId: launchRequests[0], url: "https://www.youtube.com/watch?v=faroLucia01" });
  await addCoverage(deps, pete, { requestId: launchRequests[1], url: "https://pixelpete.example/reviews/faro-de-niebla" });
  now = new Date(today.getTime() - 30 * DAY);
  await changeCampaignStatus(deps, studio, { campaignId: launch, status: "finished" });
  now = today;

  // 1. Active with auto-approval (minimums: 1,000 subscribers, 200 average views).
  const auto = await campaign(faro.id, {
    description:
      "Claves para creadores que cubran la versión de PC. Aprobación automática. / Keys for creators covering the PC version. Approved at once.",
    start: -5,
    end: 25,
    autoApprove: true,
    min: [1_000, 200],
  });
  await upload(auto, [...keys("NIEBLA", "EU", 12), ...keys("NIEBLA", "NA", 12)]);
  await changeCampaignStatus(deps, studio, { campaignId: auto, status: "active" });
  await requestKey(deps, lucia, { campaignId: auto, platform: "pc", region: "europe", message: "Lo jugaré en directo el jueves." });
  await requestKey(deps, maya, { campaignId: auto, platform: "pc", region: "north_america", message: null });

  // 2. Active with manual approval: requests waiting, one approved, one rejected.
  const manual = await campaign(huerto.id, {
    description: "Acceso anticipado de Huerto Lunar: buscamos opiniones sinceras. / Early access keys: we want honest feedback.",
    start: -2,
    end: 40,
    autoApprove: false,
    min: [0, 0],
  });
  await upload(manual, [...keys("HUERTO", "EU", 8), ...keys("HUERTO", "NA", 8)]);
  await changeCampaignStatus(deps, studio, { campaignId: manual, status: "active" });
  const approved = await requestKey(deps, lucia, {
    campaignId: manual,
    platform: "pc",
    region: "europe",
    message: "Me encantan los juegos de cultivo.",
  });
  const rejected = await requestKey(deps, rober, {
    campaignId: manual,
    platform: "pc",
    region: "europe",
    message: "Canal retro, pero me interesa.",
  });
  await requestKey(deps, pete, {
    campaignId: manual,
    platform: "pc",
    region: "north_america",
    message: "Short video planned for launch week.",
  });
  await requestKey(deps, maya, { campaignId: manual, platform: "pc", region: "north_america", message: "Cozy games are my thing!" });
  await approveRequests(deps, studio, { requestIds: [approved.requestId] });
  await rejectRequests(deps, studio, {
    requestIds: [rejected.requestId],
    reason: "Buscamos canales de juegos tranquilos para esta campaña. / We are looking for cozy-game channels this time.",
  });
  const [finished] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, launch));
  log.info("demo campaigns seeded", { games: 2, campaigns: 3, launch: finished.status });
  return true;
}
