import type { GamificationDeps } from "./deps";
import { reconcile } from "./reconcile";
import { settleAll } from "./settle-all";

export const SETTLE_JOB = "gamification.settle";
export const RECONCILE_JOB = "gamification.reconcile";

/**
 * The area's background work on pg-boss: the daily reconcile (03:40 UTC) and the settle job that grants a
 * new or changed achievement (or a changed level table) to everyone who qualifies. The settle queue keeps at
 * most one job waiting ("stately"), so a burst of admin edits runs it once more, not once per edit.
 */
export async function registerGamificationJobs(deps: GamificationDeps, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const jobs = deps.jobs;
  if (!jobs?.boss) return;
  await jobs.every(RECONCILE_JOB, "40 3 * * *", () => reconcile(deps));
  await jobs.boss.createQueue(SETTLE_JOB, { name: SETTLE_JOB, policy: "stately" });
  await jobs.boss.work(SETTLE_JOB, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 }, async () => {
    await settleAll(deps);
  });
}

/** Asks for a settle run: queued on pg-boss when this process has a job worker, else run at once. */
export async function requestSettle(deps: GamificationDeps): Promise<"queued" | "done"> {
  const boss = deps.jobs?.boss;
  if (boss) {
    await boss.send(SETTLE_JOB, {});
    return "queued";
  }
  await settleAll(deps);
  return "done";
}
