import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Jobs } from "#server/platform/jobs";
import type { Logger } from "#server/platform/logger";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { Realtime } from "#server/platform/realtime";
import type { Storage } from "#server/platform/storage";
import type { SettingsStore, SettingValue } from "#server/modules/site/settings";

/**
 * What the role-play operations need; each takes the part it uses. `jobs` runs avatar renders and the arena's
 * matchmaking (without a worker, a render runs at once). `now` is injectable for tests.
 */
export type CharacterDeps = {
  db: Database;
  settings: SettingsStore;
  storage: Storage;
  events: EventBus;
  realtime: Realtime;
  rateLimiter: RateLimiter;
  jobs?: Jobs | null;
  now: () => Date;
  log: Logger;
};

export type CharacterSettings = SettingValue<"character_settings">;

/** A transaction handle (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export { parseInput } from "#server/modules/validate";
