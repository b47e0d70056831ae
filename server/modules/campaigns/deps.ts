import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { SecretBox } from "#server/platform/secret-box";
import type { Storage } from "#server/platform/storage";
import type { ChannelPageLookup } from "#server/platform/youtube-channel";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";

/** Markdown to sanitised HTML (the forum's renderer: a game's long description is rendered as a post is). */
export type RenderMarkdown = (md: string) => Promise<{ html: string }>;

/** What the campaign operations need; each operation takes the part it uses. `now` is injectable for tests. */
export type CampaignsDeps = {
  db: Database;
  events: EventBus;
  /** Seals campaign keys at rest and fingerprints them (server/platform/secret-box.ts). */
  keys: SecretBox;
  storage: Storage;
  mailer: Mailer;
  renderMarkdown: RenderMarkdown;
  baseUrl: string;
  /** YouTube's public channel pages, read to verify that a channel is the creator's. */
  channelPages: ChannelPageLookup;
  /** Counts channel verification attempts (per creator) and key previews (per company). */
  rateLimiter: RateLimiter;
  now: () => Date;
  log: Logger;
};

export { parseInput } from "#server/modules/validate";

/** Rows per page of the company's and the team's lists. */
export { CAMPAIGNS_PAGE_SIZE } from "#shared/campaigns";
/** Keys inserted per statement when a bulk upload is saved (three array parameters per statement). */
export const KEY_INSERT_BATCH = 10_000;
/** Fingerprints looked up per statement when a preview checks the company's pools. */
export const FINGERPRINT_LOOKUP_BATCH = 5_000;
/** Channel verification attempts per creator: a few a minute (a retry after editing the description), some a day. */
export const VERIFY_RATE = [
  { limit: 5, windowSeconds: 10 * 60 },
  { limit: 20, windowSeconds: 24 * 3600 },
];
/** Key previews per company, counted before the file is parsed (the page states the figure). */
export const PREVIEW_RATE = { limit: KEY_UPLOAD_LIMITS.previewsPerHour, windowSeconds: 3600 };
