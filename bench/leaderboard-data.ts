/**
 * The leaderboard benchmarks' members: `members` members, a ledger of `rows` rows over the last 60
 * days with a long tail (a few members with much XP, most with little), the stats and the week/month totals
 * that follow from it, and a few thousand unlocked achievements. Set-based SQL, so 100,000 members and
 * 1,000,000 rows take about a minute on PostgreSQL. Used by bench/gamification-leaderboard.ts (the queries)
 * and bench/seed-leaderboard.ts (the page).
 */
type Query = (text: string, params?: unknown[]) => Promise<unknown>;

export async function seedLeaderboardMembers(q: Query, { members, rows }: { members: number; rows: number }) {
  await q(
    `insert into users (id, name, email, email_verified) select 'u' || i, 'm' || i, 'm' || i || '@bench.test', true from generate_series(1, ${members}) i`,
  );
  await q(`insert into profiles (id, username) select 'u' || i, 'member_' || i from generate_series(1, ${members}) i`);
  await q(
    `insert into xp_ledger (user_id, reason, amount, source_kind, source_id, created_at)
     select 'u' || (1 + floor(${members} * power(random(), 3)))::int, 'post_create', 1 + floor(random() * 10)::int, 'post', 'p' || i,
            now() - random() * interval '60 days'
     from generate_series(1, ${rows}) i`,
  );
  await q(
    `insert into user_stats (user_id, xp, level, peak_level) select id, 0, 1, 1 from profiles where id like 'u%' on conflict do nothing`,
  );
  await q(
    `update user_stats s set xp = l.total from (select user_id, sum(amount)::int as total from xp_ledger group by user_id) l where l.user_id = s.user_id`,
  );
  await q(
    `update user_stats s set level = (select max(level) from levels where xp_required <= s.xp), peak_level = (select max(level) from levels where xp_required <= s.xp)`,
  );
  await q(
    `insert into xp_period_totals (period, starts_on, user_id, xp)
     select 'week', (date_trunc('week', created_at at time zone 'UTC'))::date, user_id, sum(amount) from xp_ledger group by 2, 3
     union all
     select 'month', (date_trunc('month', created_at at time zone 'UTC'))::date, user_id, sum(amount) from xp_ledger group by 2, 3`,
  );
  // The side panel's card 3 reads the newest unlocks: give the most active members their level badges.
  await q(
    `insert into user_achievements (user_id, achievement_id, created_at)
     select s.user_id, a.id, now() - random() * interval '60 days'
     from user_stats s join achievements a on a.type = 'level' and a.threshold <= s.level
     on conflict do nothing`,
  );
  await q("vacuum analyze");
}
