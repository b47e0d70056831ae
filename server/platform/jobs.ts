import PgBoss from "pg-boss";
import type { DatabaseHandle } from "#server/db/client";
import type { Logger } from "./logger";

export type Jobs = {
  boss: PgBoss | null;
  /** Registers a recurring job (cron in UTC) and its handler. */
  every(name: string, cron: string, handler: () => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
};

/** pg-boss in the same process, on the same database handle (PGlite through executeSql, or the pg pool). */
export async function startJobs(database: DatabaseHandle, log: Logger, enabled: boolean): Promise<Jobs> {
  if (!enabled) {
    return { boss: null, every: async () => {}, stop: async () => {} };
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
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
    },
  };
}
