/**
 * The leaderboard's queries on 100,000 members (decision 0017), on PostgreSQL:
 *
 *   tsx bench/gamification-leaderboard.ts --url postgres://postgres@127.0.0.1:5432/test [--members 100000 --rows 1000000]
 *
 * Creates a database `bench_gamification_<pid>` beside the given one, migrates it, writes the members with
 * bench/leaderboard-data.ts, then prints EXPLAIN ANALYZE of each leaderboard statement, the median time of the `leaderboard` read (all time,
 * month, week, for a viewer far outside the top 100), and — for comparison — the week summed from the ledger
 * through its created_at index. Drops the database at the end.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "#server/db/client";
import { ensureGamificationDefaults } from "#server/modules/gamification";
import { leaderboard } from "#server/modules/gamification/leaderboard";
import { monthStart, weekStart } from "#server/modules/gamification/periods";
import { testActor } from "#tests/support/actors";
import { seedLeaderboardMembers } from "./leaderboard-data";

const { values } = parseArgs({
  options: { url: { type: "string" }, members: { type: "string", default: "100000" }, rows: { type: "string", default: "1000000" } },
});
if (!values.url) throw new Error("--url postgres://… is required");
const members = Number(values.members);
const ledgerRows = Number(values.rows);
const name = `bench_gamification_${process.pid}`;
const admin = new pg.Client({ connectionString: values.url });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 4 });
const q = (text: string, params: unknown[] = []) => database.query(text, params);
const now = new Date();
try {
  await database.migrate();
  await ensureGamificationDefaults(database.db);
  const t0 = Date.now();
  await seedLeaderboardMembers(q, { members, rows: ledgerRows });
  process.stderr.write(`seeded ${members} members, ${ledgerRows} ledger rows in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

  const week = weekStart(now);
  const month = monthStart(now);
  const [{ id: far }] = (await q(`select user_id as id from user_stats where xp > 0 order by xp asc limit 1 offset 10`)).rows;
  const [{ xp: farXp }] = (await q(`select xp from user_stats where user_id = $1`, [far])).rows;
  const [{ xp: farWeek }] = (
    await q(`select coalesce((select xp from xp_period_totals where period = 'week' and starts_on = $1 and user_id = $2), 1) as xp`, [
      week,
      far,
    ])
  ).rows;
  const explain = async (label: string, text: string, params: unknown[]) => {
    const plan = (await q(`explain (analyze, buffers) ${text}`, params)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    const ms = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
    console.log(`\n### ${label}: ${ms} ms\n${plan}`);
  };
  const levelOf = `(select coalesce(max(l.level), 1) from levels l where l.xp_required <= s.xp)`;
  await explain(
    "all time: top 100",
    `select s.user_id, s.xp, p.username, ${levelOf} from user_stats s join profiles p on p.id = s.user_id where s.xp > 0 order by s.xp desc, s.user_id limit 100`,
    [],
  );
  await explain("all time: a viewer's rank", `select count(*) from user_stats where xp > $1`, [farXp]);
  await explain(
    "this week: top 100 (period totals)",
    `select t.user_id, t.xp, p.username, ${levelOf} from xp_period_totals t join profiles p on p.id = t.user_id left join user_stats s on s.user_id = t.user_id where t.period = 'week' and t.starts_on = $1 and t.xp > 0 order by t.xp desc, t.user_id limit 100`,
    [week],
  );
  await explain(
    "this week: a viewer's rank (period totals)",
    `select count(*) from xp_period_totals where period = 'week' and starts_on = $1 and xp > $2`,
    [week, farWeek],
  );
  await explain(
    "this month: top 100 (period totals)",
    `select t.user_id, t.xp from xp_period_totals t where t.period = 'month' and t.starts_on = $1 and t.xp > 0 order by t.xp desc, t.user_id limit 100`,
    [month],
  );
  await explain(
    "for comparison — this week summed from the ledger (created_at index)",
    `select user_id, sum(amount) as xp from xp_ledger where created_at >= $1::date group by user_id having sum(amount) > 0 order by 2 desc, 1 limit 100`,
    [week],
  );

  const viewer = testActor({ userId: far });
  const deps = { db: database.db, now: () => now };
  console.log("\n### leaderboard() for a viewer outside the top 100 (median of 30, after 5 warm-up calls)");
  for (const period of ["all", "month", "week"] as const) {
    for (let i = 0; i < 5; i++) await leaderboard(deps, viewer, { period });
    const times: number[] = [];
    let me = null;
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      me = (await leaderboard(deps, viewer, { period })).me;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`${period}: p50 ${times[15].toFixed(2)} ms, p90 ${times[27].toFixed(2)} ms; viewer rank ${me?.rank}`);
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
