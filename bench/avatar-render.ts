/**
 * The avatar render queue: 500 avatars queued at once and rendered through the real job handler on pg-boss,
 * on PGlite (a file-backed database in a temporary directory, as `npm start` runs) or on PostgreSQL with --url
 * (in a database `bench_avatars_<pid>` created beside the given one and dropped at the end).
 *
 *   tsx bench/avatar-render.ts [--renders 500] [--url postgres://…] [--out bench/results/avatar-render.json]
 *
 * Each member gets a class and one catalogue item in every slot (so every layer is drawn). Goal: the 500
 * renders done in under 60 s on a 2-core machine. Prints and writes the total time and the time per render.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#server/db/client";
import { ensureRoles } from "#server/db/factories";
import { avatarRenders, characters, equipment, profiles, userItems, users } from "#server/db/schema";
import { ensureItemCatalogue, ITEM_CATALOGUE } from "#server/modules/character";
import type { CharacterDeps } from "#server/modules/character";
import { enqueueRender } from "#server/modules/character/avatar/enqueue-render";
import { registerRenderJob } from "#server/modules/character/avatar/render-job";
import { ensureGamificationDefaults } from "#server/modules/gamification";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import { startJobs } from "#server/platform/jobs";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import { createInProcessRealtime } from "#server/platform/realtime";
import { LocalStorage } from "#server/platform/storage";
import { CHARACTER_CLASSES, ITEM_SLOTS } from "#shared/character";

const { values } = parseArgs({
  options: {
    renders: { type: "string", default: "500" },
    url: { type: "string" },
    out: { type: "string", default: "bench/results/avatar-render.json" },
  },
});
const total = Number(values.renders);
const dataDir = values.url ? null : await mkdtemp(join(tmpdir(), "bench-avatars-"));
const uploads = await mkdtemp(join(tmpdir(), "bench-avatar-files-"));
const pgName = `bench_avatars_${process.pid}`;
const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: values.url });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
};
let url: string | null = null;
if (values.url) {
  await adminQuery(`create database ${pgName}`);
  const u = new URL(values.url);
  u.pathname = `/${pgName}`;
  url = u.href;
}
const database = await openDatabase(url ? { url, poolSize: 8 } : { dataDir: dataDir! });
const log = createLogger("error");
let jobs: Awaited<ReturnType<typeof startJobs>> | null = null;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
try {
  await database.migrate();
  const db = database.db;
  await ensureRoles(db);
  await ensureGamificationDefaults(db);
  await ensureItemCatalogue(db);

  // The members, each with a class and one item per slot, written in bulk.
  const people = Array.from({ length: total }, (_, i) => ({ id: randomUUID(), i }));
  for (let start = 0; start < people.length; start += 250) {
    const chunk = people.slice(start, start + 250);
    await db
      .insert(users)
      .values(chunk.map((p) => ({ id: p.id, name: `Bench ${p.i}`, email: `bench-avatar-${p.i}@example.test`, emailVerified: true })));
    await db.insert(profiles).values(chunk.map((p) => ({ id: p.id, username: `bench_avatar_${p.i}` })));
    await db
      .insert(characters)
      .values(chunk.map((p) => ({ userId: p.id, characterClass: CHARACTER_CLASSES[p.i % CHARACTER_CLASSES.length] })));
    const worn = chunk.flatMap((p) =>
      ITEM_SLOTS.map((slot, s) => {
        const options = ITEM_CATALOGUE.filter((item) => item.slot === slot);
        return { userId: p.id, slot, itemId: options[(p.i + s) % options.length]!.id };
      }),
    );
    await db.insert(userItems).values(worn.map((w) => ({ userId: w.userId, itemId: w.itemId, source: "grant" as const })));
    await db.insert(equipment).values(worn);
  }

  jobs = await startJobs(database, log, true);
  const deps: CharacterDeps = {
    db,
    settings: new SettingsStore(db),
    storage: new LocalStorage(uploads),
    events: new EventBus(log),
    realtime: createInProcessRealtime(log),
    rateLimiter: new RateLimiter(db),
    jobs,
    now: () => new Date(),
    log,
  };
  await registerRenderJob(deps);

  const t0 = performance.now();
  for (const p of people) await enqueueRender(deps, { userId: p.id, requestedBy: null });
  const queuedSeconds = (performance.now() - t0) / 1000;
  const ids = people.map((p) => p.id);
  for (;;) {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(avatarRenders)
      .where(and(inArray(avatarRenders.userId, ids), eq(avatarRenders.status, "pending")));
    if (n === 0) break;
    if ((performance.now() - t0) / 1000 > 600) throw new Error(`${n} renders still pending after 600 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const totalSeconds = (performance.now() - t0) / 1000;
  const rows = await db.select().from(avatarRenders).where(inArray(avatarRenders.userId, ids));
  const failed = rows.filter((r) => r.status !== "done");
  if (failed.length) throw new Error(`${failed.length} renders did not finish: ${failed[0]!.error}`);
  const perRender = rows.map((r) => r.finishedAt!.getTime() - r.startedAt!.getTime()).sort((a, b) => a - b);
  const result = {
    name: `avatar-render${values.url ? "-pg" : ""}`,
    date: new Date().toISOString(),
    database: values.url ? "postgresql" : "pglite",
    cpus: cpus().length,
    node: process.version,
    renders: total,
    goalSeconds: 60,
    totalSeconds: Number(totalSeconds.toFixed(2)),
    queuedSeconds: Number(queuedSeconds.toFixed(2)),
    rendersPerSecond: Number((total / totalSeconds).toFixed(1)),
    perRenderMs: {
      mean: Number((perRender.reduce((a, b) => a + b, 0) / perRender.length).toFixed(1)),
      p50: percentile(perRender, 50),
      p95: percentile(perRender, 95),
      max: perRender.at(-1),
    },
    wallMsPerRender: Number(((totalSeconds * 1000) / total).toFixed(1)),
  };
  console.log(
    `${total} avatars queued in ${result.queuedSeconds} s and rendered in ${result.totalSeconds} s in all (${result.rendersPerSecond}/s; ` +
      `per render ${result.perRenderMs.mean} ms mean, p95 ${result.perRenderMs.p95} ms; goal under 60 s)`,
  );
  await writeFile(values.out!, JSON.stringify(result, null, 2) + "\n");
  if (totalSeconds > 60) process.exitCode = 1;
} finally {
  await jobs?.stop().catch(() => {});
  await database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await rm(uploads, { recursive: true, force: true });
  if (values.url) await adminQuery(`drop database if exists ${pgName} with (force)`);
}
