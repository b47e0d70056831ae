import type { CharacterDeps } from "#server/modules/character/deps";
import { matchmake } from "./matchmake";

/** How often waiting entries are looked at again (a gap widens and a wait runs out between joins too). */
export const MATCHMAKING_INTERVAL_MS = 5000;

/**
 * Runs matchmaking every few seconds in a process with a job worker (pg-boss's cron counts minutes, too slow for
 * a queue that gives up after a minute). Each instance may run it: the runs share the queue through row locks.
 * Answers the function that stops it.
 */
export function startMatchmakingTimer(
  deps: Pick<CharacterDeps, "db" | "settings" | "now" | "events" | "realtime" | "log" | "jobs">,
): () => Promise<void> {
  if (!deps.jobs?.boss) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = matchmake(deps)
      .catch((err: unknown) => deps.log.error("arena matchmaking failed", { err }))
      .finally(() => (running = null));
  }, MATCHMAKING_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
