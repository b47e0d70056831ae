import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import pg from "pg";
import { openDatabase } from "#server/db/client";
import { migrationsFolder } from "#server/paths";

/**
 * Migrating a database costs seconds (PGlite's initdb alone is most of a test file's set-up on a two-core
 * machine). The global set-up migrates once per run, and every test file starts from a copy:
 * - PGlite: a dump of a migrated data directory, kept in node_modules/.cache between runs and named by a hash
 *   of the migrations and the PGlite version, so a new migration makes a new one;
 * - PostgreSQL: a migrated template database of the same name, copied by `create database … template`.
 */
export type DatabaseTemplates = { pgliteSnapshot: string; pgTemplate: string | null };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const CACHE_DIR = resolve("node_modules/.cache/nexo-tests");

function migrationsHash(): string {
  const hash = createHash("sha256");
  const pglite = JSON.parse(readFileSync(resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  hash.update(pglite.version);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else hash.update(name.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

async function pgliteSnapshot(hash: string): Promise<string> {
  const file = join(CACHE_DIR, `pglite-${hash}.tar`);
  if (existsSync(file)) return file;
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  const dump = await handle.dump!();
  await handle.close();
  mkdirSync(CACHE_DIR, { recursive: true });
  // Written aside and renamed: a run started beside this one never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

async function pgTemplate(url: string, hash: string): Promise<string> {
  const name = `t_template_${hash}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return name;
    // Built under another name and renamed when complete, so a half-migrated template is never copied.
    const building = `${name}_${process.pid}`;
    await admin.query(`create database ${building}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${building}`;
    const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (err) {
      // Another run finished the same template first.
      if ((err as { code?: string }).code !== "42P04") throw err;
      await admin.query(`drop database ${building}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

export async function prepareDatabaseTemplates(withPostgres: boolean): Promise<DatabaseTemplates> {
  const hash = migrationsHash();
  const url = process.env.TEST_DATABASE_URL;
  return {
    pgliteSnapshot: await pgliteSnapshot(hash),
    pgTemplate: withPostgres && url ? await pgTemplate(url, hash) : null,
  };
}
