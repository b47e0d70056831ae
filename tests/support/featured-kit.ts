import { randomUUID } from "node:crypto";
import type { Database, DatabaseHandle } from "#server/db/client";
import { featuredGames, payments } from "#server/db/schema";
import type { PromotionsDeps } from "#server/modules/promotions";
import { renderPlain } from "#server/modules/forum/render-plain";
import { SettingsStore } from "#server/modules/site/settings";
import { LocalStorage } from "#server/platform/storage";
import type { FeatureType, ReleaseStatus, ScheduleStatus } from "#shared/promotions";
import { paymentsDeps } from "./promotions-kit";

/** Helpers for the review, schedule and public featured-games tests (not a test file itself). */
const DAY = 86_400_000;

/** The promotions deps of the review: the payments kit's (sandbox, jobs off, real Mailer) plus settings, storage and Markdown. */
export async function reviewDeps(
  database: DatabaseHandle,
  clock: { now: () => Date },
  opts: { smtpUrl?: string } = {},
): Promise<PromotionsDeps> {
  const deps = await paymentsDeps(database, clock, opts);
  return {
    ...deps,
    settings: new SettingsStore(database.db, 0),
    storage: new LocalStorage("/tmp/featured-kit-uploads"),
    renderMarkdown: renderPlain,
  };
}

/** A successful payment of a submission (as the webhook leaves it), refundable through the sandbox. */
export async function makeSuccessfulPayment(db: Database, submission: { id: string; amountMinor: number; currency: string }) {
  const [row] = await db
    .insert(payments)
    .values({
      id: randomUUID(),
      submissionId: submission.id,
      provider: "sandbox",
      providerSessionId: `cs_sandbox_${randomUUID()}`,
      providerPaymentId: `pi_sandbox_${randomUUID()}`,
      amountMinor: submission.amountMinor,
      currency: submission.currency,
      status: "success",
      completedAt: new Date(),
    })
    .returning();
  return row;
}

/** A featured game row (on show from a day ago for 30 days unless said otherwise). */
export async function makeFeaturedGame(
  db: Database,
  now: Date,
  opts: {
    slug?: string;
    gameName?: string;
    featureType?: FeatureType;
    scheduleStatus?: ScheduleStatus;
    visible?: boolean;
    startsAt?: Date;
    endsAt?: Date;
    releaseStatus?: ReleaseStatus;
    platforms?: string[];
    companyId?: string | null;
    detailsHtml?: string;
    youtubeVideoId?: string | null;
    capsuleUrl?: string | null;
    screenshots?: string[];
  } = {},
) {
  const slug = opts.slug ?? `game-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(featuredGames)
    .values({
      id: randomUUID(),
      slug,
      gameName: opts.gameName ?? `Game ${slug}`,
      studioName: "Pine Studio",
      shortDescription: "A quiet game about a forest.",
      detailsMd: "",
      detailsHtml: opts.detailsHtml ?? "<p>Details of the game.</p>",
      imageUrl: "/media/featured/test.webp",
      storeUrl: "https://store.steampowered.com/app/1",
      youtubeVideoId: opts.youtubeVideoId === undefined ? "dQw4w9WgXcQ" : opts.youtubeVideoId,
      releaseStatus: opts.releaseStatus ?? "released",
      platforms: opts.platforms ?? ["pc"],
      featureType: opts.featureType ?? "both",
      startsAt: opts.startsAt ?? new Date(now.getTime() - DAY),
      endsAt: opts.endsAt ?? new Date(now.getTime() + 30 * DAY),
      scheduleStatus: opts.scheduleStatus ?? "active",
      visible: opts.visible ?? true,
      companyId: opts.companyId ?? null,
      capsuleUrl: opts.capsuleUrl ?? null,
      screenshots: opts.screenshots ?? [],
    })
    .returning();
  return row;
}
