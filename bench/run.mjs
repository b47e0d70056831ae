#!/usr/bin/env node
// HTTP throughput/latency benchmark (`npm run bench [-- <name>]`).
// Builds if needed, starts the production server, runs autocannon against each target
// at 1 and 10 connections, prints a table and writes bench/results/<name>.json.
import { spawnSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  BENCH_ACCOUNT,
  DATABASE,
  RESULTS_DIR,
  assertMostlyOk,
  ensureBuild,
  exitOnError,
  formatTable,
  machineInfo,
  measure,
  round,
  startBaselineServer,
  startServer,
  withCleanup,
} from "./lib.mjs";
import { runForumSuite } from "./forum.mjs";
import { runLeaderboardSuite } from "./leaderboard.mjs";
import { runOverloadSuite } from "./overload.mjs";
import { runPages, runProfilesOnly } from "./pages.mjs";
import { runPagesAb } from "./pages-ab.mjs";
import { runSoak } from "./soak.mjs";

const CONNECTIONS = [1, 10];
const WARMUP_SECONDS = 2;
const DURATION = parseDuration(process.env.BENCH_DURATION ?? "10");
const NAME = parseName(process.argv[2] ?? "foundation");
/**
 * `forum` and `forum-large` run only the forum suite, `leaderboard` only the leaderboard page, `overload` only
 * the overload run, `pages` only the page cost, `profiles` only its CPU profiles, `soak` only the soak, `keys` only the bulk key upload,
 * `pages-ab` the page cost of this build beside another checkout's (BENCH_AB_BEFORE), in alternating slices,
 * `analytics` only the admin analytics tab on 5,000,000 page views (PostgreSQL only, not in the plain run), `avatars`
 * only the avatar render queue (500 renders, not in the plain run);
 * with no name, the foundation targets, the forum suite, the leaderboard, the overload run, the page cost, then the
 * key upload (the soak takes 10 minutes: on its own).
 */
const SUITES = ["forum", "forum-large", "leaderboard", "overload", "pages", "profiles", "soak", "keys", "analytics", "avatars", "pages-ab"];
const SUITE_ONLY = SUITES.includes(NAME);
const RUN_ALL = process.argv[2] === undefined;

/**
 * Targets, measured in this order. Each is { name, path | url, headers?, setup? }:
 * - `path` is resolved against the app server, `url` is used as is.
 * - `setup(ctx)` (optional, async) runs right before the target is measured and returns
 *   fields to merge into the target (e.g. a path discovered at runtime, or a url).
 *   ctx = { baseUrl, onCleanup(fn) }; register teardown with onCleanup.
 * To add a target (e.g. a thread page), append an object here; the row, table and
 * JSON output follow automatically.
 */
const TARGETS = [
  {
    // Upper bound for this machine: same Node, same load generator, no framework.
    name: "baseline",
    async setup({ onCleanup }) {
      const baseline = await startBaselineServer();
      onCleanup(baseline.close);
      return { url: baseline.url };
    },
  },
  {
    // One hashed build asset, to measure the static file middleware.
    name: "static",
    async setup({ baseUrl }) {
      return { path: await findAssetPath(baseUrl) };
    },
  },
  { name: "health", path: "/api/health" },
  {
    // Anonymous first visit: explicit language, no cookies (autocannon sends none).
    name: "home-ssr",
    path: "/en/",
    headers: { "accept-language": "en" },
  },
  // The sign-in page: what every visitor meets before an account (no session lookup).
  { name: "login-ssr", path: "/en/auth/login" },
  {
    // A signed-in page: session, profile, roles and company are read for every request (the auth context).
    name: "dashboard-ssr",
    path: "/en/dashboard",
    async setup({ baseUrl }) {
      return { headers: { cookie: await signInBenchAccount(baseUrl) } };
    },
  },
  {
    // Forum search for a visitor: full-text match, ranking and highlighted snippets over the demo threads.
    name: "search-ssr",
    path: "/en/search?q=juego",
    async setup({ baseUrl }) {
      // The forum is off on a new site: the bench admin switches it on, as in /admin/settings.
      const cookie = await signInBenchAccount(baseUrl);
      const res = await fetch(new URL("/en/admin/settings", originOf(baseUrl)), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: originOf(baseUrl), cookie },
        body: new URLSearchParams({ intent: "flags", forum_enabled: "on" }),
      });
      if (!res.ok) throw new Error(`switching the forum on failed: ${res.status}`);
      const page = await fetch(new URL("/en/search?q=juego", baseUrl));
      if (!(await page.text()).includes("<mark")) throw new Error("search-ssr: the search page shows no highlighted results");
      return {};
    },
  },
];

await withCleanup(async (onCleanup) => {
  // The analytics bench calls the operations in-process: no build, no server.
  if (NAME === "analytics") return runAnalytics();
  // So does the avatar render queue (the real job handler on pg-boss).
  if (NAME === "avatars") return runAvatarRenders();
  await ensureBuild();
  if (!SUITE_ONLY) await runFoundation(onCleanup);
  if (RUN_ALL || NAME === "forum" || NAME === "forum-large") await runForum(onCleanup, NAME === "forum-large");
  if (RUN_ALL || NAME === "leaderboard") await runLeaderboard(onCleanup);
  if (RUN_ALL || NAME === "overload") await runOverload(onCleanup);
  if (RUN_ALL || NAME === "pages") await runPages({ onCleanup, duration: DURATION, warmup: WARMUP_SECONDS, connections: CONNECTIONS });
  if (NAME === "profiles") await runProfilesOnly({ onCleanup });
  if (NAME === "pages-ab") await runPagesAb({ onCleanup, duration: DURATION, warmup: WARMUP_SECONDS });
  if (NAME === "soak") await runSoak({ onCleanup });
  if (RUN_ALL || NAME === "keys") runKeyUpload();
}).catch(exitOnError);

/**
 * `npm run bench -- analytics`: 5,000,000 page views on PostgreSQL (DATABASE_URL), the rollup, and the admin
 * analytics tab's reads for 7, 30 and 90 days (bench/analytics.ts); the goal is a median under 100 ms each.
 */
function runAnalytics() {
  if (!process.env.DATABASE_URL) throw new Error("npm run bench -- analytics needs DATABASE_URL (PostgreSQL)");
  const out = path.join(RESULTS_DIR, "analytics-pg.json");
  const run = spawnSync("npx", ["tsx", "bench/analytics.ts", "--out", out, "--url", process.env.DATABASE_URL], { stdio: "inherit" });
  if (run.status !== 0) throw new Error(`bench/analytics.ts failed (${run.status})`);
}

/** `npm run bench -- avatars`: 500 avatars queued and rendered by the job handler (bench/avatar-render.ts), on PGlite or DATABASE_URL. */
function runAvatarRenders() {
  const out = path.join(RESULTS_DIR, `avatar-render${DATABASE === "postgresql" ? "-pg" : ""}.json`);
  const args = ["tsx", "bench/avatar-render.ts", "--out", out, ...(process.env.DATABASE_URL ? ["--url", process.env.DATABASE_URL] : [])];
  const run = spawnSync("npx", args, { stdio: "inherit" });
  if (run.status !== 0) throw new Error(`bench/avatar-render.ts failed (${run.status})`);
}

/** `npm run bench -- keys`: 100,000 keys previewed and saved (bench/key-upload.ts), on PGlite or DATABASE_URL. */
function runKeyUpload() {
  const out = path.join(RESULTS_DIR, `key-upload${DATABASE === "postgresql" ? "-pg" : ""}.json`);
  const args = ["tsx", "bench/key-upload.ts", "--out", out, ...(process.env.DATABASE_URL ? ["--url", process.env.DATABASE_URL] : [])];
  const run = spawnSync("npx", args, { stdio: "inherit" });
  if (run.status !== 0) throw new Error(`bench/key-upload.ts failed (${run.status})`);
}

async function runOverload(onCleanup) {
  const name = `overload${DATABASE === "postgresql" ? "-pg" : ""}`;
  const suite = await runOverloadSuite({ onCleanup });
  const result = { name, date: new Date().toISOString(), ...machineInfo(), ...suite };
  console.log(`\nOverload: ${suite.load.connections} signed-in connections for ${suite.load.seconds} s on a 20-post thread page`);
  console.log(
    formatTable(
      [
        "run",
        "responses",
        "admitted/s",
        "503 share",
        "admitted p50 ms",
        "admitted p99 ms",
        "first request on a new connection: admitted, p99 ms",
        "client loop p99/max ms",
        "errors",
        "normal again after ms",
        "visitors' pages: admitted/asked",
        "their pictures: 200/asked (statuses)",
      ],
      suite.rows.map((r) => [
        r.label,
        r.responses,
        r.admittedPerSecond,
        r.share503,
        r.admittedP50Ms,
        r.admittedP99Ms,
        `${r.firstRequestsAdmitted}, ${r.firstRequestP99Ms}`,
        `${r.clientLoopP99Ms}/${r.clientLoopMaxMs}`,
        r.errors,
        r.recoveryMs,
        `${r.visitors.pagesAdmitted}/${r.visitors.pages}`,
        `${r.visitors.pictures200}/${r.visitors.pictures} (${Object.entries(r.visitors.pictureStatusCodes)
          .map(([s, n]) => `${s}: ${n}`)
          .join(", ")})`,
      ]),
    ),
  );
  console.log(
    `goal: admitted p99 on open connections < ${suite.goal.p99Ms} ms, normal within ${suite.goal.recoveryMs} ms and every picture of an admitted page answered 200, in every run: ${suite.goal.met ? "met" : "NOT met"} (${suite.goal.runsMet} of ${suite.goal.runs} runs)`,
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);
}

async function runForum(onCleanup, large) {
  const timing = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP_SECONDS };
  const info = machineInfo();
  const name = `${large ? "forum-large" : "forum"}${DATABASE === "postgresql" ? "-pg" : ""}`;
  const suite = await runForumSuite({ large, timing, onCleanup });
  const result = { name, date: new Date().toISOString(), ...info, duration: DURATION, warmupSeconds: WARMUP_SECONDS, ...suite };
  printTable(suite.rows);
  if (suite.large) {
    console.log(`\nOn ${suite.large.threads} threads and ${suite.large.posts} posts:`);
    printTable(suite.large.rows);
  }
  console.log("\nSQL statements per page:");
  console.log(
    formatTable(
      ["path", "signed in", "posts shown", "statements"],
      suite.statements.map((s) => [s.path, s.signedIn ? "yes" : "no", s.posts, s.statements]),
    ),
  );
  for (const [k, v] of Object.entries(suite.ratios)) console.log(`${k}: ${v}`);
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);
}

async function runLeaderboard(onCleanup) {
  const timing = { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP_SECONDS };
  const name = `leaderboard${DATABASE === "postgresql" ? "-pg" : ""}`;
  const suite = await runLeaderboardSuite({ timing, onCleanup });
  const result = { name, date: new Date().toISOString(), ...machineInfo(), duration: DURATION, warmupSeconds: WARMUP_SECONDS, ...suite };
  console.log(`\nLeaderboard page on ${suite.set.members} members and ${suite.set.rows} ledger rows:`);
  printTable(suite.rows);
  console.log(
    formatTable(
      ["path", "signed in", "statements"],
      suite.statements.map((s) => [s.path, s.signedIn ? "yes" : "no", s.statements]),
    ),
  );
  console.log(
    `goal p50 < ${suite.goal.p50Ms} ms at 1 connection: worst ${suite.goal.worstP50At1} ms, ${suite.goal.met ? "met" : "NOT met"}`,
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);
}

async function runFoundation(onCleanup) {
  const server = await startServer();
  onCleanup(server.stop);

  const info = machineInfo();
  process.stderr.write(
    `bench "${NAME}": ${TARGETS.length} targets x ${CONNECTIONS.join("/")} connections, ` +
      `${DURATION} s each (+${WARMUP_SECONDS} s warm-up), node ${info.node}, ${info.database}\n`,
  );

  const rows = [];
  for (const target of TARGETS) {
    const resolved = { ...target, ...(await target.setup?.({ baseUrl: server.baseUrl, onCleanup })) };
    const url = resolved.url ?? new URL(resolved.path, server.baseUrl).href;
    const opts = { url, headers: resolved.headers ?? {} };

    // Warm-up (not recorded): JIT, caches, DB pool. Checked too, so a broken target fails fast.
    process.stderr.write(`  ${target.name}: warm-up ${WARMUP_SECONDS} s (${url})\n`);
    const warmup = await measure({ ...opts, connections: Math.max(...CONNECTIONS), duration: WARMUP_SECONDS });
    assertMostlyOk({ target: target.name, ...warmup }, url);

    for (const connections of CONNECTIONS) {
      process.stderr.write(`  ${target.name}: ${connections} connection(s), ${DURATION} s\n`);
      // Record the path, not the URL: the port changes on every run and would make diffs noisy.
      const { pathname, search } = new URL(url);
      const stats = await measure({ ...opts, connections, duration: DURATION });
      const row = { target: target.name, path: pathname + search, ...stats };
      rows.push(row);
      assertMostlyOk(row, url);
    }
  }

  const ratio = rpsRatio(rows, "home-ssr", "baseline", 10);
  const result = {
    name: NAME,
    date: new Date().toISOString(),
    ...info,
    duration: DURATION,
    warmupSeconds: WARMUP_SECONDS,
    rows,
    ratios: {},
  };
  if (ratio != null) result.ratios["home-ssr/baseline@10"] = ratio;

  printTable(rows);
  if (ratio != null) {
    console.log(`\nhome-ssr / baseline rps at 10 connections: ${ratio} (${round(ratio * 100, 1)} %)`);
  }

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${NAME}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);
}

// ---------------------------------------------------------------------------

/** rps(a) / rps(b) at the given connection count, or null if either row is missing. */
function rpsRatio(rows, a, b, connections) {
  const find = (name) => rows.find((r) => r.target === name && r.connections === connections);
  const ra = find(a);
  const rb = find(b);
  return ra && rb && rb.rps > 0 ? round(ra.rps / rb.rps, 3) : null;
}

function printTable(rows) {
  console.log(`\nResults (${DURATION} s per run)\n`);
  console.log(
    formatTable(
      ["target", "conns", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors"],
      rows.map((r) => [r.target, r.connections, Math.round(r.rps), r.latencyP50Ms, r.latencyP99Ms, r.non2xx, r.errors]),
    ),
  );
}

/** First /assets/*.js or *.css referenced by the home page HTML (document order). */
async function findAssetPath(baseUrl) {
  const res = await fetch(new URL("/en/", baseUrl), { headers: { "accept-language": "en" } });
  const html = await res.text();
  if (!res.ok) throw new Error(`static: GET /en/ answered ${res.status}, cannot discover an asset`);
  // Matches href="/assets/x.js", src='/assets/x.css', import("/assets/x.js"), absolute URLs too.
  const match = html.match(/\/assets\/[^"'`()\s<>?#]+\.(?:js|css)(?=["'`)?#\s>])/);
  if (!match) throw new Error("static: no /assets/*.js or *.css reference found in the /en/ HTML");
  return match[0];
}

function parseDuration(value) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    exitOnError(new Error(`BENCH_DURATION must be a positive number of seconds, got "${value}"`));
  }
  return n;
}

function parseName(value) {
  // The name becomes a file name: keep it simple and inside bench/results/.
  if (!/^[\w.-]+$/.test(value) || value.startsWith(".")) {
    exitOnError(new Error(`result name must match [A-Za-z0-9_.-]+, got "${value}"`));
  }
  return value;
}

// The server's BASE_URL is http://localhost:<port>; better-auth checks the origin against it.
function originOf(baseUrl) {
  return `http://localhost:${new URL(baseUrl).port}`;
}

/** The bench admin's session cookie. */
async function signInBenchAccount(baseUrl) {
  const res = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: originOf(baseUrl) },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
