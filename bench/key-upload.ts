/**
 * Bulk key upload: 100,000 keys with 1 % duplicate and 1 % invalid lines, previewed then saved, on
 * PGlite (a file-backed database in a temporary directory, as `npm start` runs) or on PostgreSQL with --url (in
 * a database `bench_keys_<pid>` created beside the given one and dropped at the end).
 *
 *   tsx bench/key-upload.ts [--keys 100000] [--url postgres://…] [--out bench/results/key-upload.json]
 *
 * Goal: preview and save in under 10 s together, with the preview's counts exact. Prints and writes the times.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "#server/db/client";
import { ensureRoles } from "#server/db/factories";
import { previewKeyUpload, saveKeyUpload } from "#server/modules/campaigns/key-upload";
import { activeCampaign, campaignsDeps, companyActor } from "#tests/support/campaigns-kit";

const { values } = parseArgs({
  options: {
    keys: { type: "string", default: "100000" },
    url: { type: "string" },
    out: { type: "string", default: "bench/results/key-upload.json" },
  },
});
const total = Number(values.keys);
const dataDir = values.url ? null : await mkdtemp(join(tmpdir(), "bench-keys-"));
const pgName = `bench_keys_${process.pid}`;
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
const database = await openDatabase(url ? { url } : { dataDir: dataDir! });
try {
  await database.migrate();
  await ensureRoles(database.db);
  const deps = campaignsDeps(database.db, { now: () => new Date() });
  const company = await companyActor(database.db, { name: `Bench ${process.pid}` });
  const { campaignId } = await activeCampaign(deps, company);

  // 98 % distinct valid keys, 1 % repeats of an earlier key, 1 % invalid lines; a region on every other key.
  const lines: string[] = [];
  let valid = 0;
  for (let i = 0; i < total; i++) {
    if (i % 100 === 50) lines.push(lines[i - 2]);
    else if (i % 100 === 99) lines.push(`bad key ${i}`);
    else {
      const key = `${process.pid.toString(36).toUpperCase()}-${i.toString(36).toUpperCase().padStart(5, "0")}-${(i * 7919).toString(36).toUpperCase()}`;
      lines.push(i % 2 ? `${key},${i % 4 === 1 ? "EU" : "NA"}` : key);
      valid++;
    }
  }
  const text = lines.join("\n");
  const expected = { detected: total, new: valid, duplicate: total - valid - Math.floor(total / 100), invalid: Math.floor(total / 100) };

  const t0 = performance.now();
  const preview = await previewKeyUpload(deps, company, { campaignId, text });
  const t1 = performance.now();
  const { saved } = await saveKeyUpload(deps, company, { campaignId, uploadId: preview.uploadId! });
  const t2 = performance.now();
  const exact = JSON.stringify(preview.counts) === JSON.stringify(expected) && saved === valid;
  const result = {
    name: "key-upload",
    date: new Date().toISOString(),
    database: database.kind,
    keys: total,
    bytes: Buffer.byteLength(text),
    counts: preview.counts,
    expected,
    saved,
    countsExact: exact,
    previewMs: Math.round(t1 - t0),
    saveMs: Math.round(t2 - t1),
    totalMs: Math.round(t2 - t0),
    goalMs: 10_000,
    goalMet: exact && t2 - t0 < 10_000,
  };
  console.log(JSON.stringify(result, null, 2));
  await writeFile(values.out!, `${JSON.stringify(result, null, 2)}\n`);
  if (!exact) process.exitCode = 1;
} finally {
  await database.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (url) await adminQuery(`drop database if exists ${pgName}`);
}
