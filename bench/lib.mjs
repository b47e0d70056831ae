// Shared helpers for bench/run.mjs and bench/lighthouse.mjs: build-if-needed, starting and
// stopping the built server, autocannon measurement, the baseline server, table formatting.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** Project root (bench/..), so the scripts work from any cwd. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const RESULTS_DIR = path.join(ROOT, "bench", "results");
export const SERVER_ENTRY = path.join(ROOT, "build", "server", "main.js");

/** Which database the server will use; mirrors the server's own rule (DATABASE_URL set => PostgreSQL). */
export const DATABASE = process.env.DATABASE_URL ? "postgresql" : "pglite";

const log = (msg) => process.stderr.write(`${msg}\n`);

// ---------------------------------------------------------------------------
// Build if needed
// ---------------------------------------------------------------------------

/** Newest mtime (ms) of any file under `dir`, skipping node_modules; 0 if `dir` does not exist. */
async function newestMtime(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (err.code === "ENOENT") return 0;
    throw err;
  }
  let newest = 0;
  for (const entry of entries) {
    if (entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      newest = Math.max(newest, await newestMtime(full));
    } else {
      // stat (not lstat) so a symlinked file counts with its target's mtime.
      const s = await stat(full).catch(() => null);
      if (s?.isFile()) newest = Math.max(newest, s.mtimeMs);
    }
  }
  return newest;
}

/** Why a rebuild is needed, or null when build/server/main.js is up to date. */
async function staleReason() {
  const entry = await stat(SERVER_ENTRY).catch(() => null);
  if (!entry) return "build/server/main.js is missing";
  const sources = Math.max(
    await newestMtime(path.join(ROOT, "app")),
    await newestMtime(path.join(ROOT, "server")),
    (await stat(path.join(ROOT, "package.json"))).mtimeMs,
  );
  return sources > entry.mtimeMs ? "sources are newer than build/server/main.js" : null;
}

/** Run `npm run build` when the server bundle is missing or older than app/, server/ or package.json. */
export async function ensureBuild() {
  const reason = await staleReason();
  if (!reason) {
    log("build: up to date");
    return;
  }
  log(`build: ${reason}; running npm run build`);
  // Build output goes to stderr so stdout stays a clean results table.
  const child = spawn("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  const code = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c, signal) => resolve(c ?? signal));
  });
  if (code !== 0) throw new Error(`npm run build failed (${code})`);
  if (!(await stat(SERVER_ENTRY).catch(() => null))) {
    throw new Error("npm run build succeeded but build/server/main.js was not produced");
  }
}

// ---------------------------------------------------------------------------
// Server lifecycle
// ---------------------------------------------------------------------------

/** Ask the OS for a free TCP port (tiny race before the server binds it; fine for a bench). */
export function getFreePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const OUTPUT_TAIL_CHARS = 20_000;

/**
 * Start `node build/server/main.js` on a free port with a fresh DATA_DIR and wait for
 * GET /api/health to answer 200. Returns { baseUrl, port, dataDir, stop, pid }.
 * `stop()` is idempotent: SIGTERM, wait up to 10 s, then SIGKILL; then removes DATA_DIR.
 */
export const BENCH_ACCOUNT = { email: "bench-admin@bench.test", password: "bench-admin-password-2026" };

/**
 * `opts.dataDir`: use (and keep) this data directory instead of a fresh temporary one, e.g. one a seed
 * script prepared. `opts.env`: more environment for the server (DATABASE_URL, PAGE_CACHE_SECONDS…).
 * `opts.nodeArgs`: node options before the entry (`--cpu-prof`, `--inspect=…`).
 */
export async function startServer(opts = {}) {
  const port = await getFreePort();
  const keepDataDir = Boolean(opts.dataDir);
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), "bench-data-")));
  const env = {
    ...process.env, // keeps PATH/HOME and passes DATABASE_URL through when it is set
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    // An account the signed-in targets use, on either database (created, or promoted, at start).
    ADMIN_EMAIL: BENCH_ACCOUNT.email,
    ADMIN_PASSWORD: BENCH_ACCOUNT.password,
    // A production build without Stripe's keys takes no payments unless told this is a test deployment; the
    // pages are measured as they were (the sandbox checkout offered).
    PAYMENTS_SANDBOX: "true",
    ...opts.env,
  };
  // Never hand the server an empty DATABASE_URL: empty means "use PGlite" here.
  if (!env.DATABASE_URL) delete env.DATABASE_URL;

  // `root`: another checkout's build (the A/B comparison starts a second server from it).
  const root = opts.root ?? ROOT;
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(root, "build", "server", "main.js")], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });

  // Keep a tail of the server's output for error messages; once it is up,
  // forward it live (at LOG_LEVEL=warn it is only warnings and errors).
  let tail = "";
  let forward = false;
  const onOutput = (chunk) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-OUTPUT_TAIL_CHARS);
    if (forward) process.stderr.write(text.replace(/^(?=.)/gm, "[server] "));
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);

  let exited = null; // { code, signal } once the process is gone
  const exitPromise = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.once("error", (err) => {
      // spawn itself failed (e.g. ENOENT); treat as an exit.
      tail += `\n${err.stack}`;
      exited = { code: null, signal: null };
      resolve(exited);
    });
  });

  // Last resort if the bench dies without running stop() (uncaught error, EPIPE...):
  // never leave an orphaned server holding the port, nor its DATA_DIR.
  const onProcessExit = () => {
    if (!exited) child.kill("SIGKILL");
    if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", onProcessExit);

  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    forward = false;
    process.off("exit", onProcessExit);
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => {
        log(`server did not exit within ${STOP_GRACE_MS / 1000} s of SIGTERM; sending SIGKILL`);
        child.kill("SIGKILL");
      }, STOP_GRACE_MS);
      await exitPromise;
      clearTimeout(timer);
    }
    if (!keepDataDir) await rm(dataDir, { recursive: true, force: true });
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(
      baseUrl,
      () => exited,
      () => tail,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  forward = true;
  log(`server: ready at ${baseUrl} (database: ${DATABASE}, DATA_DIR ${dataDir})`);
  // `pid` is the server itself: node is spawned directly, with no shell or npm in between.
  return { baseUrl, port, dataDir, stop, pid: child.pid };
}

/** Poll GET /api/health until 200; fail fast (with the server's output) if the process dies. */
async function waitForHealth(baseUrl, getExit, getTail) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = "no response yet";
  while (Date.now() < deadline) {
    const exit = getExit();
    if (exit) {
      throw new Error(
        `server exited before becoming healthy (code ${exit.code}, signal ${exit.signal}). Output:\n${getTail() || "(none)"}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer(); // drain so the socket is released
      if (res.status === 200) return;
      lastProblem = `GET /api/health answered ${res.status}`;
    } catch (err) {
      lastProblem = err.cause?.code ?? err.message; // ECONNREFUSED while it boots
    }
    await sleep(250);
  }
  throw new Error(`server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}). Output:\n${getTail() || "(none)"}`);
}

/**
 * Run `fn` with cleanup callbacks that always run (also on Ctrl-C / SIGTERM),
 * so the server is stopped and DATA_DIR removed whatever happens.
 */
export async function withCleanup(fn) {
  const cleanups = [];
  const runCleanups = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()();
      } catch (err) {
        log(`cleanup failed: ${err.message}`);
      }
    }
  };
  const onSignal = (signal) => {
    log(`\n${signal} received, cleaning up`);
    runCleanups().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await fn((cleanup) => cleanups.push(cleanup));
  } finally {
    await runCleanups();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** Turn a top-level failure into a clear one-line-ish message and exit code 1. */
export function exitOnError(err) {
  process.stderr.write(`\nERROR: ${err?.message ?? err}\n`);
  process.exit(1);
}

// ---------------------------------------------------------------------------
// Load generation
// ---------------------------------------------------------------------------

/**
 * One autocannon run, reduced to the numbers we record.
 * Latency percentiles are computed here from each 2xx response's time: autocannon's own
 * histogram has 1 ms resolution, which reports 0 ms for the sub-millisecond targets.
 */
export async function measure({ url, connections, duration, headers = {} }) {
  const latencies = new Samples();
  const instance = autocannon({ url, connections, duration, headers, pipelining: 1 });
  instance.on("response", (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const r = await instance;
  latencies.sort();
  return {
    connections,
    rps: round(r.requests.average, 1), // mean of the per-second samples
    latencyP50Ms: round(latencies.percentile(50), 3),
    latencyP99Ms: round(latencies.percentile(99), 3),
    requests: r["2xx"] + r.non2xx, // responses received
    non2xx: r.non2xx,
    errors: r.errors, // connection errors, timeouts included
    timeouts: r.timeouts,
    // e.g. { "200": 5123 }; tells a 404 from a 500 when a target fails.
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}

/** Growable Float64Array of samples: ~1M responses per run must stay cheap to record. */
class Samples {
  #data = new Float64Array(1 << 16);
  #length = 0;

  push(value) {
    if (this.#length === this.#data.length) {
      const bigger = new Float64Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
    }
    this.#data[this.#length++] = value;
  }

  sort() {
    this.#data = this.#data.subarray(0, this.#length).sort(); // typed arrays sort numerically
  }

  /** Nearest-rank percentile of sorted samples; null when there are none. */
  percentile(p) {
    if (this.#length === 0) return null;
    const rank = Math.max(1, Math.ceil((p / 100) * this.#length));
    return this.#data[rank - 1];
  }
}

/** A target answering mostly non-2xx (or erroring) measures the wrong thing: stop with a clear message. */
export function assertMostlyOk(row, url) {
  const bad = row.non2xx + row.errors;
  const total = row.requests + row.errors;
  if (total === 0 || bad * 2 > total) {
    throw new Error(
      `target "${row.target}" (${url}) at ${row.connections} connection(s): ` +
        `${row.non2xx} non-2xx responses and ${row.errors} errors out of ${total} requests ` +
        `(status codes ${JSON.stringify(row.statusCodes)}); ` +
        `check that the URL answers 200 (curl -i ${url})`,
    );
  }
}

/**
 * node:http hello world on a free port. It runs in a worker thread of the bench process:
 * same process, but its own event loop, so autocannon (main thread) does not steal its
 * CPU time and the comparison with the separate app server process stays fair.
 */
export async function startBaselineServer() {
  const worker = new Worker(
    `
    const http = require('node:http');
    const { parentPort } = require('node:worker_threads');
    const server = http.createServer((req, res) => res.end('hello world'));
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    `,
    { eval: true },
  );
  const port = await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`baseline server worker exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    // terminate() ends the thread, taking the server and its sockets with it.
    close: () => worker.terminate(),
  };
}

// ---------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------

/** Render rows (arrays of cells) as an aligned text table; numbers are right-aligned. */
export function formatTable(header, rows) {
  const cells = [header, ...rows].map((r) => r.map((c) => (c == null ? "-" : String(c))));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const numeric = header.map((_, i) => rows.every((r) => typeof r[i] === "number" || r[i] == null));
  const line = (r) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

export const round = (n, digits = 2) => (n == null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** Machine info recorded next to every result set. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    database: DATABASE,
    os: { platform: os.platform(), release: os.release() },
    cpus: { model: cpus[0]?.model?.trim() ?? "unknown", count: cpus.length },
  };
}
