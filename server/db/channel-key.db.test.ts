import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelKey } from "#shared/channel-key";
import { SAME_CHANNEL } from "#tests/support/channel-spellings";
import { testDatabase } from "#tests/support/db";
import { createUser } from "#server/db/factories";
import { migrationsFolder } from "#server/paths";
import type { DatabaseHandle } from "./client";

/**
 * Migration 0013 backfills `creator_channels.channel_key` in SQL: the SQL must give the key
 * `#shared/channel-key` gives, and where a channel was declared more than once the oldest declaration keeps it.
 * Both are read from the migration file itself.
 */
const MIGRATION = readFileSync(join(migrationsFolder, "0013_channel_ownership.sql"), "utf8");
const statements = MIGRATION.split("--> statement-breakpoint").map((s) => s.trim());

describe("migration 0013: channel keys", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("computes in SQL the key the application computes, for every spelling", async () => {
    const keyed = MIGRATION.slice(MIGRATION.indexOf("WITH parts AS ("), MIGRATION.indexOf("UPDATE", MIGRATION.indexOf("WITH parts AS (")));
    const urls = [
      ...Object.values(SAME_CHANNEL).flat(),
      "https://www.youtube.com/watch?v=abc",
      "https://www.youtube.com",
      "https://www.youtube.com/channel/UCabcd1234",
      "https://user:pw@www.twitch.tv/x",
      "https://example.org/A/B/",
      "https://ÉXAMPLE.org/Ñu",
    ];
    const values = urls.map((_, i) => `(${i + 1}::text, $${i + 1}::text)`).join(", ");
    const sql = keyed.replace('FROM "creator_channels"', `FROM (VALUES ${values}) AS given(id, url)`) + "SELECT id, channel_key FROM keyed";
    const { rows } = await database.query(sql, urls);
    const byId = new Map(rows.map((r: { id: string; channel_key: string | null }) => [Number(r.id), r.channel_key]));
    urls.forEach((url, i) => expect(byId.get(i + 1), url).toBe(channelKey(url)));
  });

  it("keeps the oldest declaration of a channel: deletes a same-account repeat, flags and unkeys another account's", async () => {
    const db = database.db;
    const [a, b, c] = [await createUser(db), await createUser(db), await createUser(db)];
    // The table as it was before 0013.
    await database.query(`alter table creator_channels drop constraint creator_channels_verified_key_check`);
    await database.query(`drop index creator_channels_key_idx`);
    await database.query(`alter table creator_channels drop column channel_key, drop column verify_code, drop column verified_at`);
    await database.query(`create unique index creator_channels_user_url_idx on creator_channels (user_id, url)`);
    const rows: [string, string, string, string, string | null][] = [
      // id, user, url, created, checked
      ["a1", a.id, "https://www.youtube.com/@Shared", "2026-01-01", "2026-01-05"],
      ["a2", a.id, "https://m.youtube.com/c/shared/", "2026-01-02", null],
      ["b1", b.id, "https://youtube.com/@shared", "2026-01-03", "2026-01-06"],
      ["c1", c.id, "https://www.youtube.com/user/SHARED", "2026-01-04", null],
      ["b2", b.id, "https://www.twitch.tv/b-own", "2026-01-03", null],
      ["c2", c.id, "https://www.youtube.com/@c-own", "2025-12-01", null],
    ];
    for (const [id, user, url, created, checked] of rows)
      await database.query(
        `insert into creator_channels (id, user_id, kind, url, created_at, updated_at, checked_at) values ($1, $2, 'youtube', $3, $4, $4, $5)`,
        [id, user, url, created, checked],
      );
    for (const s of statements.slice(1)) await database.query(s);

    const { rows: after } = await database.query(
      `select id, channel_key, verify_code, checked_at, flagged_at, flag_reason from creator_channels order by id`,
    );
    expect(after.map((r: { id: string }) => r.id)).toEqual(["a1", "b1", "b2", "c1", "c2"]);
    const row = (id: string) => after.find((r: { id: string }) => r.id === id);
    expect(row("a1")).toMatchObject({ channel_key: "youtube:@shared", flagged_at: null });
    expect(row("a1").checked_at).not.toBeNull();
    for (const id of ["b1", "c1"]) {
      expect(row(id)).toMatchObject({ channel_key: null, checked_at: null, flag_reason: expect.stringContaining("another account") });
      expect(row(id).flagged_at).not.toBeNull();
    }
    expect(row("b2")).toMatchObject({ channel_key: "twitch:b-own", flagged_at: null });
    expect(row("c2")).toMatchObject({ channel_key: "youtube:@c-own", flagged_at: null });
    for (const r of after) expect(r.verify_code).toMatch(/^nexo-[0-9a-f]{8}$/);
    expect(new Set(after.map((r: { verify_code: string }) => r.verify_code)).size).toBe(after.length);
    // The index now holds: the channel cannot be keyed twice.
    await expect(database.query(`update creator_channels set channel_key = 'youtube:@shared' where id = 'b1'`)).rejects.toThrow();
  });
});
