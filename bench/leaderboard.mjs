// The leaderboard page's benchmark: /en/leaderboard rendered on the server (page cache off) with
// 100,000 ranked members and 1,000,000 ledger rows, for a visitor (all time and this week) and for a signed-in
// member ranked far outside the top 100 (the page then counts the people above them). Goal: p50 < 50 ms on
// PostgreSQL. Run by `npm run bench` and `npm run bench -- leaderboard`.
import { startServer } from "./lib.mjs";
import { freshStorage, measureTarget, seed, signIn } from "./forum.mjs";

const MEMBER = { email: "bench-ranked@bench.test", password: "bench-ranked-password-2026" };
export const LEADERBOARD_SET = { members: 100_000, rows: 1_000_000 };
export const LEADERBOARD_GOAL_P50_MS = 50;

export async function runLeaderboardSuite({ timing, onCleanup, set = LEADERBOARD_SET }) {
  const storage = await freshStorage("set", "leaderboard");
  onCleanup(storage.drop);
  process.stderr.write(`leaderboard bench: seeding ${set.members} members\n`);
  await seed([...storage.seedArgs, "--members", String(set.members), "--rows", String(set.rows)], "bench/seed-leaderboard.ts");
  const server = await startServer({
    dataDir: storage.dataDir,
    env: { ...storage.env, PAGE_CACHE_SECONDS: "0", SQL_STATEMENTS_HEADER: "true" },
  });
  const rows = [];
  const statements = [];
  try {
    const url = (p) => new URL(p, server.baseUrl).href;
    const cookie = await signIn(server.baseUrl, MEMBER);
    for (const [path, headers] of [
      ["/en/leaderboard", {}],
      ["/en/leaderboard", { cookie }],
      ["/en/leaderboard?period=week", {}],
    ]) {
      const res = await fetch(url(path), { headers });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      if (!html.includes("member_")) throw new Error(`${path} lists no seeded member`);
      statements.push({ path, signedIn: Boolean(headers.cookie), statements: Number(res.headers.get("x-sql-statements")) });
    }
    await measureTarget(rows, "leaderboard-ssr", url("/en/leaderboard"), {}, timing);
    await measureTarget(rows, "leaderboard-week-ssr", url("/en/leaderboard?period=week"), {}, timing);
    await measureTarget(rows, "leaderboard-ssr-ranked-member", url("/en/leaderboard"), { cookie }, timing);
  } finally {
    await server.stop();
  }
  const p50 = Math.max(...rows.filter((r) => r.connections === 1).map((r) => r.latencyP50Ms));
  return { set, rows, statements, goal: { p50Ms: LEADERBOARD_GOAL_P50_MS, worstP50At1: p50, met: p50 < LEADERBOARD_GOAL_P50_MS } };
}
