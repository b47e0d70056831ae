import type PgBoss from "pg-boss";
import type { CharacterDeps } from "#server/modules/character/deps";
import { renderAvatar, type RenderOutcome } from "./render-avatar";
import { RENDER_JOB } from "./renders";

/**
 * Jobs taken per fetch, and renders drawn at once among them: two keep both cores busy (sharp draws off the
 * main thread). pg-boss waits out its polling interval after each fetch; a full batch wakes the worker again at
 * once (more are likely waiting), so a long queue moves at full speed and an idle one is polled rarely.
 */
const RENDER_BATCH = 16;
const RENDER_CONCURRENCY = 2;

/** The render worker of each job queue, woken when a render is sent instead of at its next poll. */
const workers = new WeakMap<PgBoss, string>();

/** Runs the handler over the jobs, `limit` at a time. */
async function eachLimited<T>(list: readonly T[], limit: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < list.length) await run(list[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, lane));
}

/**
 * Registers the render queue's worker on pg-boss (the character area's `start`). Each job renders one avatar;
 * the handler records its own failure on the render, so pg-boss never retries a job by itself (an admin
 * requeues it).
 */
export async function registerRenderJob(deps: CharacterDeps, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = deps.jobs?.boss;
  if (!boss) return;
  await boss.createQueue(RENDER_JOB);
  const id: string = await boss.work<{ renderId: string }>(
    RENDER_JOB,
    { batchSize: RENDER_BATCH, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 },
    async (jobs) => {
      await eachLimited(jobs, RENDER_CONCURRENCY, (job) => renderAvatar(deps, job.data));
      if (jobs.length === RENDER_BATCH) boss.notifyWorker(id);
    },
  );
  workers.set(boss, id);
}

/**
 * Hands a pending render to the queue (and wakes this process's worker), or renders it at once when this
 * process has no job worker (tests, a site started with JOBS=false).
 */
export async function dispatchRender(deps: CharacterDeps, renderId: string): Promise<RenderOutcome | "queued"> {
  const boss = deps.jobs?.boss;
  if (boss) {
    await boss.send(RENDER_JOB, { renderId }, { retryLimit: 0 });
    const worker = workers.get(boss);
    if (worker) boss.notifyWorker(worker);
    return "queued";
  }
  return renderAvatar(deps, { renderId });
}
