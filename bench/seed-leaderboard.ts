/**
 * The leaderboard page benchmark's data, written before the server starts:
 *
 *   tsx bench/seed-leaderboard.ts --data-dir <dir> | --url <postgres url>  [--members 100000 --rows 1000000]
 *
 * The members of bench/leaderboard-data.ts, and a member who can sign in, ranked far outside the top 100 (the
 * page then also counts the people above them). Prints the member's rank data as JSON.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/client";
import { ensureGamificationDefaults } from "#server/modules/gamification";
import { createUser, ensureRoles } from "#server/db/factories";
import { seedLeaderboardMembers } from "./leaderboard-data";

export const LEADERBOARD_MEMBER = { email: "bench-ranked@bench.test", password: "bench-ranked-password-2026" };

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    url: { type: "string" },
    members: { type: "string", default: "100000" },
    rows: { type: "string", default: "1000000" },
  },
});
const database = await openDatabase({ url: values.url, dataDir: values["data-dir"] });
await database.migrate();
await ensureRoles(database.db);
await ensureGamificationDefaults(database.db);
const q = (text: string, params: unknown[] = []) => database.query(text, params);

const started = Date.now();
await seedLeaderboardMembers(q, { members: Number(values.members), rows: Number(values.rows) });
process.stderr.write(`seeded ${values.members} members and ${values.rows} ledger rows in ${Math.round((Date.now() - started) / 1000)} s\n`);

// The signed-in viewer: the XP of the member at the middle of the table, this week too.
const viewer = await createUser(database.db, { ...LEADERBOARD_MEMBER, username: "bench_ranked" });
const middle =
  (
    (await q(
      `select xp from user_stats where xp > 0 order by xp desc offset (select count(*) / 2 from user_stats where xp > 0) limit 1`,
    )) as { rows: { xp: number }[] }
  ).rows[0]?.xp ?? 1;
await q(`insert into xp_ledger (user_id, reason, amount, source_kind, source_id) values ($1, 'post_create', $2, 'post', 'bench-viewer')`, [
  viewer.id,
  middle,
]);
await q(
  `insert into user_stats (user_id, xp, level, peak_level) values ($1, $2, (select max(level) from levels where xp_required <= $2), 1)`,
  [viewer.id, middle],
);
for (const period of ["week", "month"]) {
  await q(
    `insert into xp_period_totals (period, starts_on, user_id, xp) values ($1, date_trunc($1, now() at time zone 'UTC')::date, $2, $3)`,
    [period, viewer.id, middle],
  );
}
process.stdout.write(`${JSON.stringify({ viewerXp: middle })}\n`);
await database.close();
