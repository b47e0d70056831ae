import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL at TEST_DATABASE_URL when the `data-pg` project runs (TEST_DB=postgres). Dropped on close.
 */
export async function testDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === "postgres") {
    if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
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
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  return handle;
}

export const onPostgres = () => process.env.TEST_DB === "postgres";
