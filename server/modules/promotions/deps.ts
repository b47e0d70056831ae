import type { Database } from "#server/db/client";
import type { Jobs } from "#server/platform/jobs";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { Payments } from "#server/platform/payments/types";
import type { Storage } from "#server/platform/storage";
import type { EventBus } from "#server/platform/events";
import type { SettingsStore } from "#server/modules/site/settings";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { OembedLookup } from "#server/platform/youtube-oembed";

/** Markdown to sanitised HTML (the forum's renderer: a featured game's details page is rendered as a post is). */
export type RenderMarkdown = (md: string) => Promise<{ html: string }>;

/** What the featured-games operations need; each operation takes the part it uses. `now` is injectable for tests. */
export type PromotionsDeps = {
  db: Database;
  events: EventBus;
  settings: SettingsStore;
  storage: Storage;
  mailer: Mailer;
  jobs: Jobs;
  rateLimiter: RateLimiter;
  /** Stripe, the sandbox, or payments off (production without Stripe's keys). */
  payments: Payments;
  oembed: OembedLookup;
  renderMarkdown: RenderMarkdown;
  /** Signs and checks the unsubscribe links of promotional email (a secret derived from AUTH_SECRET). */
  linkSecret: string;
  siteName: string;
  baseUrl: string;
  now: () => Date;
  log: Logger;
};

export { parseInput } from "#server/modules/validate";

/**
 * How long an open checkout holds one use of its promo code (Stripe's shortest session life): a code with uses
 * left for 10 payers never lets an 11th pay the discounted price. The sandbox's sessions expire after it too.
 */
export const CHECKOUT_TTL_MINUTES = 30;
