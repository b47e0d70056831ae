import type { CharacterDeps } from "../deps";
import { renderAvatar, type RenderOutcome } from "./render-avatar";
import { RENDER_JOB } from "./renders";

/** Renders taken at once by one worker: two keep both cores busy (sharp renders off the main thread). */
const RENDER_BATCH = 2;

/**
 * Registers the render queue's worker on pg-boss (the character area's `start`). Each job renders one avatar;
 * the handler records its own failure on the render, so pg-boss never retries a job by itself (an admin
 * requeues it).
 */
export async function registerRenderJob(deps: CharacterDeps, opts: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  const boss = deps.jobs?.boss;
  if (!boss) return;
  await boss.createQueue(RENDER_JOB);
  await boss.work<{ renderId: string }>(
    RENDER_JOB,
    { batchSize: RENDER_BATCH, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1 },
    async (jobs) => {
      await Promise.all(jobs.map((job) => renderAvatar(deps, job.data)));
    },
  );
}

/**
 * Hands a pending render to the queue, or renders it at once when this process has no job worker (tests, a
 * site started with JOBS=false).
 */
export async function dispatchRender(deps: CharacterDeps, renderId: string): Promise<RenderOutcome | "queued"> {
  const boss = deps.jobs?.boss;
  if (boss) {
    await boss.send(RENDER_JOB, { renderId }, { retryLimit: 0 });
    return "queued";
  }
  return renderAvatar(deps, { renderId });
}
