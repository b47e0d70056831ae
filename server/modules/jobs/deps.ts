import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { Storage } from "#server/platform/storage";
import type { SettingsStore } from "#server/modules/site/settings";

/** Markdown to sanitised HTML (the forum's renderer: an offer's description is rendered as a post is). */
export type RenderMarkdown = (md: string) => Promise<{ html: string }>;

/** What the jobs operations need; each operation takes the part it uses. `now` is injectable for tests. */
export type JobsDeps = {
  db: Database;
  settings: SettingsStore;
  storage: Storage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  renderMarkdown: RenderMarkdown;
  /** Signs the application form's spam-check ticket (AUTH_SECRET). */
  formSecret: string;
  /** The least time a person takes to fill the form (FORM_MIN_FILL_SECONDS). */
  formMinFillSeconds: number;
  siteName: string;
  baseUrl: string;
  now: () => Date;
  log: Logger;
};

/** Applications per client address per minute: the 6th in a minute is refused. */
export const APPLY_RATE_PER_CLIENT = { limit: 5, windowSeconds: 60 };
/** Applications deleted per run of the retention job (it runs daily; the rest go the next day). */
export const RETENTION_BATCH = 500;
/** A resume kept by token after a refused submit, removed by the retention job when left this long. */
export const KEPT_RESUME_MAX_AGE_MS = 24 * 3600 * 1000;

export { parseInput } from "#server/modules/validate";
