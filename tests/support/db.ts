import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL at TEST_DATABASE_URL when the `data-pg` project runs (TEST_DB=postgres). Dropped on close.
 * Both start from the copy the global set-up migrated once (database-templates.ts).
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === "postgres") {
    if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const template = inject("databaseTemplates").pgTemplate;
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ url: dbUrl.toString(), poolSize: 20 });
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        // A plain drop once the pool's connections are gone (terminating them by force raises errors in
        // clients that are still closing); force only as a last resort.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(attempt < 50 ? `drop database if exists ${name}` : `drop database if exists ${name} with (force)`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        await c.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject("databaseTemplates").pgliteSnapshot)]);
  const handle = await openDatabase({ memory: true, loadDataDir: snapshot });
  // Already migrated: this only reads the journal (and applies a migration newer than the snapshot, if any).
  await handle.migrate();
  return handle;
}

export const onPostgres = () => process.env.TEST_DB === "postgres";
