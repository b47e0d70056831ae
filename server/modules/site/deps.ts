import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { Storage } from "#server/platform/storage";
import type { SettingsStore } from "./settings";

/** What the site area's operations need; each takes the part it uses. `now` is injectable for tests. */
export type SiteDeps = {
  db: Database;
  settings: SettingsStore;
  storage: Storage;
  events: EventBus;
  rateLimiter: RateLimiter;
  now: () => Date;
};

export { parseInput } from "#server/modules/validate";

/** An event stays on the side panel and the home page this long after it starts (it is live meanwhile). */
export const ANNOUNCEMENT_SHOWN_AFTER_START_MS = 3 * 60 * 60 * 1000;
/** The stored banner: 1280×720 WebP (16:9, the card's shape), at most this many bytes. */
export const BANNER_WIDTH = 1280;
export const BANNER_HEIGHT = 720;
export const BANNER_STORED_MAX_BYTES = 1024 * 1024;
/** Missing-translation reports per client and minute (one page may miss a few keys at once). */
export const I18N_MISSING_RATE = { limit: 60, windowSeconds: 60 };
/** Rows of the admin's missing-translation list (the most reported first). */
export const I18N_MISSING_LIST_MAX = 200;
