// Page cost: for each page of the mix, requests per second, latency, the server's CPU per request
// (and, on PostgreSQL, its database backends' CPU), the HTML's raw and compressed size, the SQL statements, the
// ratio to the node:http baseline of the same run, and a CPU profile summary per page.
// Run by `npm run bench` and `npm run bench -- pages`; the soak (bench/soak.mjs) uses the same page mix.
import { request } from "node:http";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  BENCH_ACCOUNT,
  DATABASE,
  RESULTS_DIR,
  assertMostlyOk,
  formatTable,
  machineInfo,
  measure,
  round,
  startBaselineServer,
  startServer,
} from "./lib.mjs";
import { freshStorage, seed, signIn } from "./forum.mjs";
import { databaseName, processCommand, startCpuMeter } from "./proc-cpu.mjs";
import { profilePages } from "./page-profiles.mjs";

/** What a browser sends: the load is measured with compression, as pages are served. */
export const BROWSER_HEADERS = { "accept-language": "en", accept: "text/html", "accept-encoding": "gzip, deflate, br" };

/**
 * The same requests without compression (`accept-encoding: identity`), measured in slices alternating with the
 * compressed ones at the top connection count: compressed ÷ uncompressed CPU per request is what compressing a
 * page costs (decision 0029). A ratio within one run holds on a busy machine better than either figure.
 */
export const UNCOMPRESSED = { "accept-encoding": "identity" };

/** The goal: the compressed member thread page costs at most this many times the uncompressed one. */
export const COMPRESSION_GOAL = { page: "thread-member", maxRatio: 1.3 };

/**
 * The page mix. `as`: who asks (visitor, the seeded forum member, or the bench admin). `path` may be a key of the
 * forum seed's paths ({ forumPath, thread20 }).
 */
export const PAGES = [
  { name: "home", path: "/en/", as: "visitor" },
  { name: "forum", seedPath: "forumPath", as: "visitor" },
  { name: "thread-visitor", seedPath: "thread20", as: "visitor" },
  { name: "thread-member", seedPath: "thread20", as: "member" },
  { name: "leaderboard", path: "/en/leaderboard", as: "visitor" },
  { name: "account", path: "/en/account", as: "member" },
  { name: "admin-audit", path: "/en/admin/audit", as: "admin" },
  // Featured games: the public list and a game's page.
  { name: "featured-games", path: "/en/featured-games", as: "visitor" },
  { name: "game-page", path: "/en/games/bench-game-1", as: "visitor" },
  // Videos, the podcast, jobs and contact (the demo's items, bench/seed-forum.ts).
  { name: "videos", path: "/en/videos", as: "visitor" },
  { name: "video-page", path: "/en/videos/hollow-pines-first-look", as: "visitor" },
  { name: "podcast", path: "/en/podcast", as: "visitor" },
  { name: "jobs", path: "/en/jobs", as: "visitor" },
  { name: "job-page", path: "/en/jobs/6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b11", as: "visitor" },
  { name: "contact", path: "/en/contact", as: "visitor" },
  { name: "wiki-database", path: "/en/resources/database", as: "visitor" },
  // An episode room with its script, versions, schedule, chat and links (the demo's), and the team's tab.
  { name: "episode-room", path: "/en/episode-panel/3c9f0d4e-8a27-4b1f-b6e2-5d7a9c1e2f30", as: "admin" },
  { name: "admin-episode-rooms", path: "/en/admin/episode-rooms", as: "admin" },
];

/**
 * Server environment for every page-cost run: page cache off (each request renders), the SQL statement header,
 * load shedding off (a 503 would be a cheap answer counted as a page), no demo data.
 */
export const PAGE_SERVER_ENV = {
  PAGE_CACHE_SECONDS: "0",
  SQL_STATEMENTS_HEADER: "true",
  OVERLOAD_LAG_MS: "0",
  OVERLOAD_MAX_REQUESTS: "0",
  // Only the bench's own data, on PGlite as on PostgreSQL (freshStorage sets it for PostgreSQL only).
  SEED_DEMO: "false",
};

/** Fresh storage with the forum seed (bench/seed-forum.ts); answers { storage, paths }. */
export async function seededStorage(label, onCleanup) {
  const storage = await freshStorage(label, "pages");
  onCleanup(storage.drop);
  process.stderr.write(`pages bench (${label}): seeding ${DATABASE}\n`);
  const paths = await seed(storage.seedArgs);
  return { storage, paths };
}

/** Cookies per role on a running server. */
export async function signInAll(baseUrl) {
  return { visitor: null, member: await signIn(baseUrl), admin: await signIn(baseUrl, BENCH_ACCOUNT) };
}

/** Each page's path and request headers (cookie included) for the given cookies. */
export function resolvePages(paths, cookies) {
  return PAGES.map((p) => ({
    ...p,
    path: p.path ?? paths[p.seedPath],
    headers: { ...BROWSER_HEADERS, ...(cookies[p.as] ? { cookie: cookies[p.as] } : {}) },
  }));
}

/** One GET with the given accept-encoding: status, transfer bytes, decompressed bytes, X-Sql-Statements. */
function fetchEncoded(url, headers, encoding) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, "accept-encoding": encoding } }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"] ?? "identity";
        const raw = enc === "br" ? brotliDecompressSync(body) : enc === "gzip" ? gunzipSync(body) : body;
        resolve({
          status: res.statusCode,
          encoding: enc,
          transfer: body.length,
          raw: raw.length,
          statements: res.headers["x-sql-statements"],
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Raw and compressed sizes of one page (checked to be a 200 in each encoding) and its SQL statements. */
export async function pageSizes(url, headers) {
  const out = {};
  for (const encoding of ["identity", "gzip", "br"]) {
    const r = await fetchEncoded(url, headers, encoding);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status} (accept-encoding ${encoding})`);
    if (encoding !== "identity" && r.encoding !== encoding) throw new Error(`${url}: asked for ${encoding}, got ${r.encoding}`);
    out[encoding] = r;
  }
  return {
    htmlBytes: out.identity.raw,
    gzipBytes: out.gzip.transfer,
    brBytes: out.br.transfer,
    sqlStatements: out.identity.statements == null ? null : Number(out.identity.statements),
  };
}

/** One measured autocannon run with the server's (and its database backends') CPU around it. */
export async function measureWithCpu({ url, headers, connections, duration, pid, database }) {
  const meter = await startCpuMeter({ pid, database });
  const stats = await measure({ url, headers, connections, duration });
  const cpu = await meter.stop();
  const n = stats.requests || 1;
  return {
    ...stats,
    cpuNodeMsPerReq: round(cpu.nodeMs / n, 2),
    cpuDbMsPerReq: cpu.dbMs == null ? null : round(cpu.dbMs / n, 2),
    cpuTotalMsPerReq: round((cpu.nodeMs + (cpu.dbMs ?? 0)) / n, 2),
    cpuNodeShareOfWall: round(cpu.nodeMs / cpu.wallMs, 3), // 1.0 = one core busy the whole run
    dbBackends: cpu.dbBackends,
  };
}

/** Slices per variant in the compression comparison: compressed, uncompressed, compressed… each `duration / 4`. */
export const COMPRESSION_SLICES = 4;

/**
 * Compressed ÷ uncompressed CPU per request at the top connection count, measured in alternating slices
 * (compressed, uncompressed, compressed…, `COMPRESSION_SLICES` of each, `duration / 4` seconds each) so that
 * both variants see the same load from the rest of the machine; each variant's CPU and responses are summed
 * over its slices.
 */
async function compressionCost({ url, headers, connections, duration, pid, database, name }) {
  const variants = { compressed: headers, uncompressed: { ...headers, ...UNCOMPRESSED } };
  const sums = {};
  for (let i = 0; i < COMPRESSION_SLICES; i++)
    for (const [variant, h] of Object.entries(variants)) {
      const r = await measureWithCpu({ url, headers: h, connections, duration: duration / 4, pid, database });
      assertMostlyOk({ target: `${name} (${variant})`, ...r }, url);
      const sum = (sums[variant] ??= { requests: 0, nodeMs: 0, dbMs: 0, seconds: 0, latencyP50Ms: [] });
      sum.requests += r.requests;
      sum.nodeMs += r.cpuNodeMsPerReq * r.requests;
      sum.dbMs += (r.cpuDbMsPerReq ?? 0) * r.requests;
      sum.seconds += duration / 4;
      sum.latencyP50Ms.push(r.latencyP50Ms);
    }
  const per = (v) => ({
    requests: sums[v].requests,
    rps: round(sums[v].requests / sums[v].seconds, 1),
    cpuNodeMsPerReq: round(sums[v].nodeMs / sums[v].requests, 2),
    cpuTotalMsPerReq: round((sums[v].nodeMs + sums[v].dbMs) / sums[v].requests, 2),
    latencyP50MsPerSlice: sums[v].latencyP50Ms,
  });
  const c = per("compressed");
  const u = per("uncompressed");
  const ratio = (a, b) => (a != null && b ? round(a / b, 2) : null);
  return {
    connections,
    slices: COMPRESSION_SLICES,
    sliceSeconds: duration / 4,
    compressed: c,
    uncompressed: u,
    cpuNodeMsPerReq: c.cpuNodeMsPerReq,
    cpuNodeMsPerReqUncompressed: u.cpuNodeMsPerReq,
    cpuNodeRatio: ratio(c.cpuNodeMsPerReq, u.cpuNodeMsPerReq),
    cpuTotalMsPerReq: c.cpuTotalMsPerReq,
    cpuTotalMsPerReqUncompressed: u.cpuTotalMsPerReq,
    cpuTotalRatio: ratio(c.cpuTotalMsPerReq, u.cpuTotalMsPerReq),
  };
}

/** The suite: baseline, each page at 1 and 10 connections with CPU, then a CPU profile per page. */
export async function runPagesSuite({ timing, onCleanup, profiles = true }) {
  const { connections, duration, warmup } = timing;
  const { storage, paths } = await seededStorage("set", onCleanup);
  const benchDb = storage.env.DATABASE_URL ? { url: process.env.DATABASE_URL, name: databaseName(storage.env.DATABASE_URL) } : null;

  // The node:http ceiling, in the same run.
  const baseline = await startBaselineServer();
  onCleanup(baseline.close);
  const baselineRows = [];
  await measure({ url: baseline.url, connections: Math.max(...connections), duration: warmup });
  for (const c of connections) {
    process.stderr.write(`  baseline: ${c} connection(s), ${duration} s\n`);
    baselineRows.push({ connections: c, ...(await measure({ url: baseline.url, connections: c, duration })) });
  }
  await baseline.close();

  const server = await startServer({ dataDir: storage.dataDir, env: { ...storage.env, ...PAGE_SERVER_ENV } });
  const rows = [];
  const top = Math.max(...connections);
  try {
    const command = processCommand(server.pid);
    if (!command?.includes("build/server/main.js")) throw new Error(`server pid ${server.pid} is not the server: ${command}`);
    // BENCH_PAGES=thread-member,home measures only these pages (the profiles follow BENCH_PROFILE_PAGES).
    const only = process.env.BENCH_PAGES?.split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const pages = resolvePages(paths, await signInAll(server.baseUrl)).filter((p) => !only || only.includes(p.name));
    for (const page of pages) {
      const url = new URL(page.path, server.baseUrl).href;
      const sizes = await pageSizes(url, page.headers);
      process.stderr.write(`  ${page.name}: warm-up ${warmup} s (${page.path}, ${page.as})\n`);
      assertMostlyOk(
        { target: page.name, ...(await measure({ url, headers: page.headers, connections: Math.max(...connections), duration: warmup })) },
        url,
      );
      const byConnections = {};
      for (const c of connections) {
        process.stderr.write(`  ${page.name}: ${c} connection(s), ${duration} s\n`);
        const r = await measureWithCpu({ url, headers: page.headers, connections: c, duration, pid: server.pid, database: benchDb });
        assertMostlyOk({ target: page.name, ...r }, url);
        byConnections[c] = r;
      }
      // The same page with and without compression, in alternating slices.
      process.stderr.write(`  ${page.name}: compressed and uncompressed, ${COMPRESSION_SLICES} × 2 slices of ${duration / 4} s\n`);
      const compression = await compressionCost({
        url,
        headers: page.headers,
        connections: top,
        duration,
        pid: server.pid,
        database: benchDb,
        name: page.name,
      });
      rows.push({
        page: page.name,
        path: page.path,
        as: page.as,
        ...sizes,
        runs: byConnections,
        compression,
      });
    }
  } finally {
    await server.stop();
  }

  const baseRps = baselineRows.find((r) => r.connections === top)?.rps;
  for (const row of rows) row.rpsShareOfBaseline = baseRps ? Number((row.runs[top].rps / baseRps).toPrecision(3)) : null;

  const profileResults = profiles ? await profilePages({ storage, paths, onCleanup }) : [];
  return { baseline: baselineRows, rows, profiles: profileResults, paths };
}

/** `npm run bench -- profiles`: the CPU profiles only (BENCH_PROFILE_PAGES picks pages), no measured runs. */
export async function runProfilesOnly({ onCleanup }) {
  const { storage, paths } = await seededStorage("set", onCleanup);
  for (const p of await profilePages({ storage, paths, onCleanup })) {
    console.log(`${p.page}: ${p.jsMsPerReq} ms JS + ${p.gcMsPerReq} ms GC per request (${p.file})`);
  }
}

/** `npm run bench -- pages`: run, print the table, write bench/results/pages(-pg).json. */
export async function runPages({ onCleanup, duration, warmup, connections = [1, 10] }) {
  const name = `pages${DATABASE === "postgresql" ? "-pg" : ""}`;
  const suite = await runPagesSuite({ timing: { connections, duration, warmup }, onCleanup, profiles: !process.env.BENCH_NO_PROFILES });
  const result = {
    name,
    date: new Date().toISOString(),
    ...machineInfo(),
    duration,
    warmupSeconds: warmup,
    requestHeaders: BROWSER_HEADERS,
    uncompressedHeaders: UNCOMPRESSED,
    serverEnv: PAGE_SERVER_ENV,
    ...suite,
  };
  const top = Math.max(...connections);
  const lo = Math.min(...connections);
  const kb = (b) => round(b / 1024, 1);
  const base = suite.baseline.find((r) => r.connections === top);
  const base1 = suite.baseline.find((r) => r.connections === lo);
  console.log(
    `\nPage cost (${duration} s per run, ${DATABASE}, page cache off; baseline node:http ${Math.round(base.rps)} req/s at ${top} ` +
      `connections, p50 ${base1.latencyP50Ms} ms at ${lo})\n`,
  );
  console.log(
    formatTable(
      [
        "page",
        `rps@${top}`,
        "×baseline",
        `p50@${lo} ms`,
        `p99@${top} ms`,
        "CPU ms/req node",
        "CPU ms/req db",
        "HTML KB",
        "gzip KB",
        "br KB",
        "SQL",
      ],
      suite.rows.map((r) => [
        r.page,
        Math.round(r.runs[top].rps),
        r.rpsShareOfBaseline,
        r.runs[lo].latencyP50Ms,
        r.runs[top].latencyP99Ms,
        r.runs[top].cpuNodeMsPerReq,
        r.runs[top].cpuDbMsPerReq,
        kb(r.htmlBytes),
        kb(r.gzipBytes),
        kb(r.brBytes),
        r.sqlStatements,
      ]),
    ),
  );
  console.log(
    `\nCompression (${top} connections, ${COMPRESSION_SLICES} alternating slices of ${duration / 4} s each; compressed = ` +
      `accept-encoding "${BROWSER_HEADERS["accept-encoding"]}", i.e. brotli; uncompressed = "${UNCOMPRESSED["accept-encoding"]}"):`,
  );
  console.log(
    formatTable(
      ["page", "CPU ms/req node br", "uncompressed", "×", "node+db br", "uncompressed", "×", "HTML KB", "br KB", "gzip KB"],
      suite.rows.map((r) => [
        r.page,
        r.compression.cpuNodeMsPerReq,
        r.compression.cpuNodeMsPerReqUncompressed,
        r.compression.cpuNodeRatio,
        r.compression.cpuTotalMsPerReq,
        r.compression.cpuTotalMsPerReqUncompressed,
        r.compression.cpuTotalRatio,
        kb(r.htmlBytes),
        kb(r.brBytes),
        kb(r.gzipBytes),
      ]),
    ),
  );
  const goalRow = suite.rows.find((r) => r.page === COMPRESSION_GOAL.page);
  if (goalRow) {
    const ratio = goalRow.compression.cpuNodeRatio;
    result.compressionGoal = { ...COMPRESSION_GOAL, cpuNodeRatio: ratio, met: ratio != null && ratio <= COMPRESSION_GOAL.maxRatio };
    console.log(
      `goal: ${COMPRESSION_GOAL.page} compressed ≤ ${COMPRESSION_GOAL.maxRatio}× uncompressed (server CPU): ${ratio}×, ` +
        `${result.compressionGoal.met ? "met" : "NOT met"}`,
    );
  }
  if (suite.profiles.length) {
    console.log("\nCPU profiles (bench/results/profiles/<page>.txt):");
    console.log(
      formatTable(
        ["page", "requests", "JS ms/req", "GC ms/req", "top package", "share"],
        suite.profiles.map((p) => [
          p.page,
          p.requests,
          p.jsMsPerReq,
          p.gcMsPerReq,
          p.topPackages[0]?.package,
          p.topPackages[0] ? `${p.topPackages[0].share}%` : null,
        ]),
      ),
    );
  }
  await compareWithBefore(suite.rows, top);
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);
}

/** The performance goals are relative to the figures before the work (bench/results/issue13-before(-pg).json): print the change. */
export async function compareWithBefore(rows, top) {
  const file = path.join(RESULTS_DIR, `issue13-before${DATABASE === "postgresql" ? "-pg" : ""}.json`);
  const before = JSON.parse(await readFile(file, "utf8").catch(() => "null"));
  if (!before) return;
  const ratio = (now, then) => (now != null && then ? round(now / then, 2) : null);
  console.log(`\nAgainst ${path.basename(file)} (${before.date}); now ÷ before:`);
  console.log(
    formatTable(
      ["page", "CPU ms/req node+db", "before", "÷", "HTML KB", "before", "÷", "×baseline ÷"],
      rows.map((r) => {
        const b = before.rows.find((x) => x.page === r.page);
        const cpu = r.runs[top].cpuTotalMsPerReq;
        const cpuBefore = b?.runs[top]?.cpuTotalMsPerReq;
        return [
          r.page,
          cpu,
          cpuBefore ?? null,
          ratio(cpu, cpuBefore),
          round(r.htmlBytes / 1024, 1),
          b ? round(b.htmlBytes / 1024, 1) : null,
          ratio(r.htmlBytes, b?.htmlBytes),
          ratio(r.rpsShareOfBaseline, b?.rpsShareOfBaseline),
        ];
      }),
    ),
  );
}
