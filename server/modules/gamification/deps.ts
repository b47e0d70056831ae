import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Jobs } from "#server/platform/jobs";
import type { Logger } from "#server/platform/logger";
import type { SettingsStore, SettingValue } from "#server/modules/site/settings";
import type { AwardModifier } from "./pipeline";

/**
 * What the gamification area needs. `jobs` runs the background work (granting a new achievement to everyone
 * who qualifies); without a job worker that work runs at once. `modifiers` is the award pipeline's list,
 * shared with the module's `registerModifier`. `now` is injectable for tests.
 */
export type GamificationDeps = {
  db: Database;
  settings: SettingsStore;
  events: EventBus;
  jobs?: Jobs | null;
  modifiers: AwardModifier[];
  now: () => Date;
  log: Logger;
};

export type GamificationSettings = SettingValue<"gamification_settings">;

/** A transaction handle (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** SPEC §9: the leaderboard shows the top 100 by XP, in pages of 25. */
export { LEADERBOARD_PAGE_SIZE, LEADERBOARD_SIZE } from "#shared/page-sizes";

export { parseInput } from "#server/modules/validate";
