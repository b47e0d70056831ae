import { eq } from "drizzle-orm";
import { createCompany } from "#server/db/factories";
import { creatorChannels } from "#server/db/schema";
import type { Database } from "#server/db/client";
import { EventBus } from "#server/platform/events";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { createSecretBox } from "#server/platform/secret-box";
import { RateLimiter } from "#server/platform/rate-limit";
import { LocalStorage } from "#server/platform/storage";
import { createChannelPageLookup, type ChannelPageLookup } from "#server/platform/youtube-channel";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "#server/modules/campaigns";
import { createCampaign } from "#server/modules/campaigns/create-campaign";
import { createGame } from "#server/modules/campaigns/create-game";
import { changeCampaignStatus } from "#server/modules/campaigns/change-campaign-status";
import { previewKeyUpload, saveKeyUpload } from "#server/modules/campaigns/key-upload";
import { saveChannels } from "#server/modules/campaigns/save-channels";
import { renderPlain } from "#server/modules/forum/render-plain";
import { testActor } from "./actors";
import { member } from "./forum-kit";

/** Helpers for the campaigns' data-layer tests (not a test file itself). */
export const TEST_KEYS_SECRET = "campaign-keys-test-secret-0123456789abcdef";
const DAY = 86_400_000;

export function campaignsDeps(
  db: Database,
  clock: { now: () => Date },
  opts: { events?: EventBus; channelPages?: ChannelPageLookup } = {},
): CampaignsDeps {
  const log = createLogger("silent");
  return {
    db,
    events: opts.events ?? new EventBus(log),
    keys: createSecretBox(TEST_KEYS_SECRET, "campaign-keys"),
    storage: new LocalStorage("/tmp/campaigns-kit-uploads"),
    mailer: undefined as unknown as Mailer,
    renderMarkdown: renderPlain,
    baseUrl: "http://localhost:3999",
    channelPages: opts.channelPages ?? createChannelPageLookup("http://127.0.0.1:9/"),
    rateLimiter: new RateLimiter(db, () => clock.now().getTime()),
    now: clock.now,
    log,
  };
}

/** A company account (verified unless said otherwise), as an actor. */
export async function companyActor(db: Database, opts: { verified?: boolean; name?: string } = {}): Promise<NonNullable<Actor>> {
  const verified = opts.verified ?? true;
  const u = await createCompany(db, { verified, companyName: opts.name });
  return testActor({
    userId: u.id,
    username: u.username,
    email: u.email,
    profileRole: "company",
    company: { slug: u.slug, companyName: opts.name ?? u.slug, verified },
  });
}

/**
 * A creator with one YouTube channel stating these figures; `verified` marks it verified (as its code on its
 * page would), so that its figures count for auto-approval.
 */
export async function creatorWithChannel(
  deps: CampaignsDeps,
  now: Date,
  figures: { subscribers?: number; averageViews?: number; username?: string; verified?: boolean } = {},
): Promise<NonNullable<Actor>> {
  const actor = await member(deps.db, now, { username: figures.username, role: "creator" });
  await saveChannels(deps, actor, {
    channels: [
      {
        kind: "youtube",
        url: `https://www.youtube.com/@${actor.username}`,
        subscribers: figures.subscribers ?? 10_000,
        averageViews: figures.averageViews ?? 2_000,
        languages: ["es"],
      },
    ],
  });
  if (figures.verified) await deps.db.update(creatorChannels).set({ verifiedAt: now }).where(eq(creatorChannels.userId, actor.userId));
  return actor;
}

/** A game and an active campaign of `company`, open now for 30 days, in Europe and North America on PC. */
export async function activeCampaign(
  deps: CampaignsDeps,
  company: NonNullable<Actor>,
  opts: { autoApprove?: boolean; minSubscribers?: number; minAverageViews?: number; name?: string; keys?: string[] } = {},
) {
  const now = deps.now();
  const slug = `game-${Math.random().toString(36).slice(2, 10)}`;
  const game = await createGame(deps, company, {
    name: opts.name ?? "Lumen Drift",
    slug,
    shortDescription: "A short game about light.",
    platforms: ["pc"],
    genres: ["puzzle"],
    releaseStatus: "released",
  });
  const { id } = await createCampaign(deps, company, {
    gameId: game.id,
    startsAt: new Date(now.getTime() - DAY).toISOString(),
    endsAt: new Date(now.getTime() + 30 * DAY).toISOString(),
    autoApprove: opts.autoApprove ?? false,
    minSubscribers: opts.minSubscribers ?? 0,
    minAverageViews: opts.minAverageViews ?? 0,
    platforms: ["pc"],
    regions: ["europe", "north_america"],
    coverageDays: 14,
  });
  if (opts.keys?.length) await addKeys(deps, company, id, opts.keys.join("\n"));
  await changeCampaignStatus(deps, company, { campaignId: id, status: "active" });
  return { campaignId: id, gameId: game.id };
}

/** Uploads keys through the preview and saves them. */
export async function addKeys(deps: CampaignsDeps, company: NonNullable<Actor>, campaignId: string, text: string) {
  const preview = await previewKeyUpload(deps, company, { campaignId, text });
  if (!preview.uploadId) return { preview, saved: 0 };
  const { saved } = await saveKeyUpload(deps, company, { campaignId, uploadId: preview.uploadId });
  return { preview, saved };
}

export const keysFor = (prefix: string, n: number, region?: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(5, "0")}-KEY${region ? `,${region}` : ""}`);

/** A member of the site's team (a Moderator), as an actor: who pauses a campaign and lifts the pause. */
export async function teamActor(db: Database, now: Date, username: string): Promise<NonNullable<Actor>> {
  return { ...(await member(db, now, { username })), roles: ["Moderator"], profileRole: null };
}

/**
 * The people of a pause test: a verified company, a team member, and `creators` creators whose channels count
 * for auto-approval when `verified`.
 */
export async function pauseCast(
  db: Database,
  clock: { now: () => Date },
  opts: { company: string; team: string; creators: number; verified?: boolean },
) {
  const deps = campaignsDeps(db, clock);
  const company = await companyActor(db, { name: opts.company });
  const team = await teamActor(db, clock.now(), opts.team);
  const creators: NonNullable<Actor>[] = [];
  for (let i = 0; i < opts.creators; i++)
    creators.push(await creatorWithChannel(deps, clock.now(), { subscribers: 50_000, averageViews: 9_000, verified: opts.verified }));
  return { deps, company, team, creators };
}
