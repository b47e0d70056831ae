import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { SecretBox } from "#server/platform/secret-box";
import type { Storage } from "#server/platform/storage";

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
