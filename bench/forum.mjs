// The forum's benchmark: thread and forum pages rendered on the server, the SQL statements one
// thread page runs, the anonymous page cache, and (with `large`) the same pages on 100,000 threads and
// 1,000,000 posts. Run by `npm run bench` (small) and `npm run bench -- forum-large`.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DATABASE, ROOT, assertMostlyOk, measure, startServer } from "./lib.mjs";

const BENCH_MEMBER = { email: "bench-member@bench.test", password: "bench-member-password-2026" };
const LARGE = { threads: 100_000, posts: 1_000_000 };

/** A fresh place for the data: a temporary PGlite directory, or a new database beside DATABASE_URL's. */
export async function freshStorage(label, area = "forum") {
  if (DATABASE === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${area}-${label}-`));
    return { dataDir, env: {}, seedArgs: ["--data-dir", dataDir], drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const admin = new URL(process.env.DATABASE_URL);
  const name = `bench_${area}_${label}_${process.pid}`;
  const run = async (text) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name}`);
  await run(`create database ${name}`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${area}-${label}-`));
  return {
    dataDir,
    env: { DATABASE_URL: url.href, SEED_DEMO: "false" },
    seedArgs: ["--url", url.href],
    drop: async () => {
      await run(`drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a bench seed script (tsx) and answers the JSON it prints last. */
export function seed(args, script = "bench/seed-forum.ts") {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1))) : reject(new Error(`bench seed failed (exit ${code})`)),
    );
  });
}

export async function signIn(baseUrl, account = BENCH_MEMBER) {
  const origin = `http://localhost:${new URL(baseUrl).port}`;
  const attempt = () =>
    fetch(new URL("/api/auth/sign-in/email", baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify(account),
    });
  let res = await attempt();
  // Runs that start one server per page sign in many times a minute: wait as the sign-in limit asks.
  for (let tries = 0; res.status === 429 && tries < 5; tries++) {
    const wait = Number(res.headers.get("retry-after") ?? (await res.json()).error?.details?.retryAfterSeconds ?? 2);
    await new Promise((r) => setTimeout(r, (wait + 0.5) * 1000));
    res = await attempt();
  }
  if (!res.ok) throw new Error(`${account.email} sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** How many SQL statements one request ran (the server's X-Sql-Statements), and how many posts it showed. */
async function statements(baseUrl, pathAndQuery, cookie) {
  const res = await fetch(new URL(pathAndQuery, baseUrl), { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${pathAndQuery} answered ${res.status}`);
  return {
    path: pathAndQuery,
    signedIn: Boolean(cookie),
    statements: Number(res.headers.get("x-sql-statements")),
    posts: (html.match(/id="post-\d+"/g) ?? []).length,
  };
}

export async function measureTarget(rows, name, url, headers, { connections, duration, warmup }) {
  process.stderr.write(`  ${name}: warm-up ${warmup} s (${url})\n`);
  assertMostlyOk({ target: name, ...(await measure({ url, headers, connections: Math.max(...connections), duration: warmup })) }, url);
  for (const c of connections) {
    process.stderr.write(`  ${name}: ${c} connection(s), ${duration} s\n`);
    const { pathname, search } = new URL(url);
    const row = { target: name, path: pathname + search, ...(await measure({ url, headers, connections: c, duration })) };
    assertMostlyOk(row, url);
    rows.push(row);
  }
}

/** Seeds, then measures the rendered pages (cache off) and the anonymous cache. Returns rows and statement counts. */
async function runOne(label, seedExtra, timing, onCleanup, { cached = true, signedIn = true } = {}) {
  const storage = await freshStorage(label);
  onCleanup(storage.drop);
  process.stderr.write(`forum bench (${label}): seeding ${DATABASE}\n`);
  const paths = await seed([...storage.seedArgs, ...seedExtra]);
  const rows = [];

  // Rendered on every request: the page cache off.
  const server = await startServer({
    dataDir: storage.dataDir,
    env: { ...storage.env, PAGE_CACHE_SECONDS: "0", SQL_STATEMENTS_HEADER: "true" },
  });
  let counts;
  try {
    const url = (p) => new URL(p, server.baseUrl).href;
    const cookie = await signIn(server.baseUrl);
    counts = [
      await statements(server.baseUrl, paths.thread20),
      await statements(server.baseUrl, paths.thread100),
      await statements(server.baseUrl, `${paths.thread100}?page=5`),
      await statements(server.baseUrl, paths.thread20, cookie),
      await statements(server.baseUrl, paths.thread100, cookie),
      await statements(server.baseUrl, `${paths.thread100}?page=5`, cookie),
      await statements(server.baseUrl, paths.forumPath),
    ];
    await measureTarget(rows, "forum-ssr", url(paths.forumPath), {}, timing);
    await measureTarget(rows, "thread-ssr", url(paths.thread20), {}, timing);
    if (signedIn) await measureTarget(rows, "thread-ssr-member", url(paths.thread20), { cookie }, timing);
  } finally {
    await server.stop();
  }

  if (cached) {
    const cachedServer = await startServer({ dataDir: storage.dataDir, env: storage.env });
    try {
      await measureTarget(rows, "thread-cached", new URL(paths.thread20, cachedServer.baseUrl).href, {}, timing);
    } finally {
      await cachedServer.stop();
    }
  }
  return { rows, statements: counts, paths };
}

export async function runForumSuite({ large, timing, onCleanup }) {
  const small = await runOne("small", [], timing, onCleanup);
  const result = { rows: small.rows, statements: small.statements, ratios: {} };
  if (large) {
    const big = await runOne("large", ["--threads", String(LARGE.threads), "--posts", String(LARGE.posts)], timing, onCleanup, {
      cached: false,
      signedIn: false,
    });
    result.large = { ...LARGE, rows: big.rows, statements: big.statements };
    for (const target of ["forum-ssr", "thread-ssr"]) {
      for (const connections of timing.connections) {
        const a = small.rows.find((r) => r.target === target && r.connections === connections);
        const b = big.rows.find((r) => r.target === target && r.connections === connections);
        if (a && b) result.ratios[`${target} large/small p50 @${connections}`] = Math.round((b.latencyP50Ms / a.latencyP50Ms) * 100) / 100;
      }
    }
  }
  return result;
}
