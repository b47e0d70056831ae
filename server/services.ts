import { openDatabase, type DatabaseHandle } from "./db/client";
import { seedDemoData } from "./db/seed";
import type { Env } from "./env";
import { createAuth } from "./platform/auth";
import { startJobs } from "./platform/jobs";
import type { Logger } from "./platform/logger";
import { Mailer } from "./platform/mail";
import { LocalStorage, type Storage } from "./platform/storage";
import { openS3Storage } from "./platform/storage-s3";
import { closeImagePool } from "./platform/images";
import { RateLimiter } from "./platform/rate-limit";
import { bootstrapAdmin } from "./modules/accounts/bootstrap-admin";
import { SettingsStore } from "./modules/site/settings";
import { ensureRoles } from "#server/db/factories";
import { EventBus } from "./platform/events";
import { createInProcessRealtime, createPostgresRealtime } from "./platform/realtime";
import type { AnyArea, AreaContext, AreaServices, Platform } from "./modules/area";
import { AREAS } from "./modules/areas";

/**
 * Everything a loader, action, API route or job needs, built once at start: the platform (database, settings,
 * jobs, mail, files, events, live messages) and every area's service by its name (`server/modules/areas.ts`).
 */
export type Services = Platform & AreaServices & { close(): Promise<void> };

export async function createServices(env: Env, log: Logger, opts: { database?: DatabaseHandle } = {}): Promise<Services> {
  const database = opts.database ?? (await openDatabase({ url: env.databaseUrl, dataDir: env.dataDir, poolSize: env.databasePoolSize }));
  await database.migrate();
  log.info("database ready", { kind: database.kind });
  const db = database.db;
  await ensureRoles(db);
  // Every stored file: the S3-compatible bucket when the four S3_ settings are given (env.ts refuses some of them
  // without the others), else the local disk.
  const s3 = env.s3 ? await openS3Storage(env.s3) : undefined;
  const storage: Storage = s3 ?? new LocalStorage(env.uploadsDir);
  log.info(
    "storage ready",
    env.s3 ? { kind: "s3", endpoint: env.s3.endpoint, bucket: env.s3.bucket } : { kind: "local", dir: env.uploadsDir },
  );
  if (env.seedDemo && (await seedDemoData(db, log, { gameKeysSecret: env.gameKeysSecret, storage })))
    log.info("demo data created on the empty database");

  const rateLimiter = new RateLimiter(db);
  const jobs = await startJobs(database, log, env.jobs);
  await jobs.every("rate-limits.purge", "*/15 * * * *", () => rateLimiter.purgeExpired());

  const mailer = new Mailer(db, env, log);
  await jobs.every("mail.retry", "*/5 * * * *", () => mailer.retryFailed());
  const auth = createAuth(env, { db, mailer, log });
  if (env.bootstrapAdmin) await bootstrapAdmin({ db, log }, env.bootstrapAdmin);

  const events = new EventBus(log.child({ area: "events" }));
  // On PostgreSQL every instance LISTENs, so a message published on one reaches sockets open on another.
  const realtimeLog = log.child({ area: "realtime" });
  const realtime =
    database.kind === "postgresql" && env.databaseUrl
      ? await createPostgresRealtime({ url: env.databaseUrl, query: database.query, log: realtimeLog })
      : createInProcessRealtime(realtimeLog);
  const platform: Platform = {
    env,
    log,
    database,
    db,
    settings: new SettingsStore(db),
    rateLimiter,
    auth,
    mailer,
    storage,
    jobs,
    events,
    realtime,
  };

  // Each area's service, in the list's order; then their jobs and listeners, once every service exists.
  const services = {} as AreaServices;
  const ctx: AreaContext = { ...platform, now: () => new Date(), services, areas: AREAS };
  const made: { area: AnyArea; deps: unknown }[] = [];
  for (const area of AREAS as readonly AnyArea[]) {
    const deps = area.deps ? area.deps(ctx) : ctx;
    (services as unknown as Record<string, unknown>)[area.name] = area.service(deps, ctx);
    made.push({ area, deps });
  }
  for (const { area, deps } of made) await area.start?.(deps, services[area.name as keyof AreaServices], ctx);

  return {
    ...platform,
    ...services,
    async close() {
      await realtime.close();
      for (const { area } of made)
        await area
          .stop?.(services[area.name as keyof AreaServices])
          .catch((err: unknown) => log.error("area did not stop cleanly", { area: area.name, err }));
      // The image workers (platform/images): a job still running is failed, not waited for.
      await closeImagePool();
      await jobs.stop().catch((err) => log.error("jobs did not stop cleanly", { err }));
      await database.close();
      s3?.close();
    },
  };
}
