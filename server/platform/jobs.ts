import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#server/db/client";
import type { Logger } from "./logger";

export type Jobs = {
  boss: PgBoss | null;
  /** Registers a recurring job (cron in UTC) and its handler. */
  every(name: string, cron: string, handler: () => Promise<unknown>): Promise<void>;
  /** Registers the handler of one-off jobs of this name (queued with `send`). */
  work<T extends object>(name: string, handler: (data: T) => Promise<unknown>): Promise<void>;
  /**
   * Queues a one-off job, retried by pg-boss when its handler throws (`retryLimit` times, `retryDelaySeconds`
   * apart, doubling). With jobs off (tests, JOBS=false) the handler runs at once and its error is thrown.
   */
  send<T extends object>(
    name: string,
    data: T,
    opts?: { retryLimit?: number; retryDelaySeconds?: number; startAfterSeconds?: number },
  ): Promise<void>;
  stop(): Promise<void>;
};

/** pg-boss in the same process, on the same database handle (PGlite through executeSql, or the pg pool). */
export async function startJobs(database: DatabaseHandle, log: Logger, enabled: boolean): Promise<Jobs> {
  if (!enabled) {
    const handlers = new Map<string, (data: never) => Promise<unknown>>();
    return {
      boss: null,
      every: async () => {},
      work: async (name, handler) => void handlers.set(name, handler as (data: never) => Promise<unknown>),
      send: async (name, data) => {
        const handler = handlers.get(name);
        if (!handler) throw new Error(`no handler for job ${name}`);
        await handler(data as never);
      },
      stop: async () => {},
    };
  }
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.query(text, values) },
    schema: "pgboss",
    // PGlite serialises every query; a slower poll keeps the queue from competing with page requests.
    ...(database.kind === "pglite" ? { superviseIntervalSeconds: 60 } : {}),
  });
  boss.on("error", (err) => log.error("jobs error", { err }));
  await boss.start();
  return {
    boss,
    async every(name, cron, handler) {
      await boss.createQueue(name);
      await boss.schedule(name, cron);
      await boss.work(name, { pollingIntervalSeconds: database.kind === "pglite" ? 30 : 5 }, async () => {
        await handler();
      });
    },
    async work(name, handler) {
      await boss.createQueue(name);
      await boss.work(name, { pollingIntervalSeconds: database.kind === "pglite" ? 2 : 1 }, async (batch) => {
        for (const job of batch) await handler(job.data as never);
      });
    },
    async send(name, data, opts = {}) {
      await boss.send(name, data, {
        retryLimit: opts.retryLimit ?? 5,
        retryDelay: opts.retryDelaySeconds ?? 5,
        retryBackoff: true,
        ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
