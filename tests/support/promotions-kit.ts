import { randomUUID } from "node:crypto";
import type { Database, DatabaseHandle } from "#server/db/client";
import { featuredSubmissions, promoCodes } from "#server/db/schema";
import { EventBus } from "#server/platform/events";
import { startJobs, type Jobs } from "#server/platform/jobs";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { createSandboxProvider } from "#server/platform/payments/sandbox";
import type { PaymentProvider } from "#server/platform/payments/types";
import type { PromotionsDeps } from "#server/modules/promotions";
import { handleWebhook } from "#server/modules/promotions/handle-webhook";
import { PROMOTIONS_JOBS } from "#server/modules/promotions";
import type { DiscountType, FeatureType, SubmissionStatus } from "#shared/promotions";

/** Helpers for the featured games' data-layer tests (not a test file itself). */
export const TEST_WEBHOOK_SECRET = "whsec_test_sandbox_secret_0123456789";
export const TEST_BASE_URL = "http://localhost:3999";

/**
 * The promotions deps a payments test needs, on the sandbox provider (unless another is given), with jobs off
 * (a one-off job runs at once) and the sandbox's webhooks delivered straight to `handleWebhook`. Mail goes
 * through a real Mailer: to an SMTP server when `smtpUrl` is given, else to the outbox.
 */
export async function paymentsDeps(
  database: DatabaseHandle,
  clock: { now: () => Date },
  opts: { smtpUrl?: string; provider?: PaymentProvider } = {},
): Promise<PromotionsDeps & { jobs: Jobs; payments: PaymentProvider }> {
  const log = createLogger("silent");
  const jobs = await startJobs(database, log, false);
  const provider = opts.provider ?? createSandboxProvider({ baseUrl: TEST_BASE_URL, webhookSecret: TEST_WEBHOOK_SECRET, now: clock.now });
  const deps = {
    db: database.db,
    events: new EventBus(log),
    mailer: new Mailer(database.db, { smtpUrl: opts.smtpUrl, mailFrom: "Nexo Indie <no-reply@example.com>" }, log),
    jobs,
    payments: provider,
    siteName: "Nexo Indie",
    baseUrl: TEST_BASE_URL,
    now: clock.now,
    log,
    linkSecret: "promotions-kit-link-secret",
  } as unknown as PromotionsDeps & { jobs: Jobs; payments: PaymentProvider };
  if ("deliver" in provider) {
    (provider as { deliver: (body: string, sig: string) => Promise<void> }).deliver = async (body, sig) => {
      const result = await handleWebhook(deps, body, sig);
      if (result.status !== 200) throw new Error(`webhook answered ${result.status}`);
    };
  }
  await PROMOTIONS_JOBS.sandboxDelivery(deps, jobs);
  return deps;
}

/** A promo code row (upper case), usable unless said otherwise. */
export async function makePromoCode(
  db: Database,
  opts: {
    code?: string;
    discountType?: DiscountType;
    discountValue?: number;
    maxUses?: number;
    usesCount?: number;
    isActive?: boolean;
    expiresAt?: Date | null;
  } = {},
) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      id: randomUUID(),
      code: (opts.code ?? `CODE${randomUUID().slice(0, 8)}`).toUpperCase(),
      discountType: opts.discountType ?? "percentage",
      discountValue: opts.discountValue ?? 20,
      maxUses: opts.maxUses ?? 0,
      usesCount: opts.usesCount ?? 0,
      isActive: opts.isActive ?? true,
      expiresAt: opts.expiresAt ?? null,
    })
    .returning();
  return row;
}

/** A submission row as /collaborate leaves it (waiting for its payment unless said otherwise). */
export async function makeSubmission(
  db: Database,
  opts: {
    amountMinor?: number;
    priceMinor?: number;
    promoCodeId?: string | null;
    promoCode?: string | null;
    status?: SubmissionStatus;
    locale?: "es" | "en";
    gameName?: string;
    contactEmail?: string;
    featureType?: FeatureType;
    durationDays?: number;
    currency?: string;
    imageUrl?: string;
    screenshots?: string[];
  } = {},
) {
  const amountMinor = opts.amountMinor ?? 4900;
  const priceMinor = opts.priceMinor ?? amountMinor;
  const [row] = await db
    .insert(featuredSubmissions)
    .values({
      id: randomUUID(),
      contactName: "Ada Studio",
      contactEmail: opts.contactEmail ?? "ada@example.com",
      studioName: "Pine Studio",
      gameName: opts.gameName ?? "Hollow Pines",
      shortDescription: "A quiet game about a forest.",
      storeUrl: "https://store.steampowered.com/app/1",
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      imageUrl: opts.imageUrl ?? "/media/featured/test.webp",
      screenshots: opts.screenshots ?? [],
      releaseStatus: "released",
      featureType: opts.featureType ?? "homepage",
      promoCodeId: opts.promoCodeId ?? null,
      promoCode: opts.promoCode ?? null,
      priceMinor,
      discountMinor: priceMinor - amountMinor,
      amountMinor,
      currency: opts.currency ?? "EUR",
      durationDays: opts.durationDays ?? 14,
      status: opts.status ?? "pending_payment",
      locale: opts.locale ?? "en",
    })
    .returning();
  return row;
}
