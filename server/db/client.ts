import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { migrationsFolder } from "#server/paths";
import { statementCounter } from "./statement-count";
import { connectionProblem } from "./connection-problem";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export interface DatabaseHandle {
  kind: "pglite" | "postgresql";
  db: Database;
  /** Raw SQL, for pg-boss and for the few statements drizzle cannot express. */
  query: SqlRunner;
  migrate(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests start every file from one migrated copy). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  memory?: boolean;
  /** In memory only: start from this PGlite data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
};

/** PGlite under `<dataDir>/pglite` when no URL is given, PostgreSQL through a pool otherwise. */
export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection can fail (PostgreSQL restarted, a network cut). Without a listener that error
    // would end the process; the pool drops the client and opens a new one on the next query.
    pool.on("error", (err) =>
      process.stderr.write(JSON.stringify({ level: "warn", msg: "idle database connection failed", err: String(err) }) + "\n"),
    );
    const db = drizzlePg({ client: pool, schema, logger: statementCounter }) as unknown as Database;
    // A first query of our own, so a missing database or a wrong password is told plainly at start.
    await pool.query("select 1").catch(async (err) => {
      await pool.end().catch(() => {});
      throw connectionProblem(err, opts.url!);
    });
    return {
      kind: "postgresql",
      db,
      query: (text, values) => pool.query(text, values as any[]),
      migrate: () =>
        migratePg(db as any, { migrationsFolder }).catch((err) => {
          throw connectionProblem(err, opts.url!);
        }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // Search drops accents with the unaccent extension (decision 0015); PGlite loads contrib extensions on request.
  const extensions = { unaccent };
  if (opts.memory) client = new PGlite({ extensions, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  else {
    const dir = join(opts.dataDir ?? "./data", "pglite");
    // PGlite does not create missing parent directories.
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, logger: statementCounter }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    // pg-boss sends several statements in one string without parameters: those go through the simple protocol.
    query: async (text, values) => {
      if (values?.length) return client.query(text, values as any[]);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: () => migratePglite(db as any, { migrationsFolder }),
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}
