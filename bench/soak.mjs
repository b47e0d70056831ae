// Soak: SOAK_SECONDS (default 600) at 10 connections over the page mix of bench/pages.mjs (each
// connection cycles through the pages, visitor, member and admin), page cache off. Every 10 s the server's heap
// is read after a forced full GC, over the Chrome DevTools protocol (the server runs with --inspect on a free
// local port): HeapProfiler.collectGarbage, then Runtime.getHeapUsage. RSS comes from /proc/<pid>/status.
// Writes bench/results/soak(-pg).json. Run by `npm run bench -- soak` (not part of the plain `npm run bench`).
import autocannon from "autocannon";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import WebSocket from "ws";
import { DATABASE, RESULTS_DIR, getFreePort, machineInfo, round, startServer } from "./lib.mjs";
import { PAGE_SERVER_ENV, resolvePages, seededStorage, signInAll } from "./pages.mjs";
import { processRssBytes } from "./proc-cpu.mjs";

const SAMPLE_EVERY_S = 10;
const MB = 1024 * 1024;

/** A minimal DevTools protocol client: send(method, params) answers the result. */
async function devtools(inspectPort) {
  const list = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(list[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString());
    const p = pending.get(msg.id);
    if (!p) return; // events
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
    else p.resolve(msg.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject, method }));
    },
    close: () => ws.close(),
  };
}

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Least-squares slope of y over x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return null;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return den ? num / den : null;
}

/**
 * The verdict from the samples: the warm-up is the first minute (a quarter of the run when shorter than 4
 * minutes); "after warm-up" is the window of the same length right after it, "last" the last window.
 */
export function analyse(samples, seconds) {
  const warm = Math.min(60, seconds / 4);
  const after = samples.filter((s) => s.t >= warm && s.t < 2 * warm).map((s) => s.heapUsedMB);
  const last = samples.filter((s) => s.t > seconds - warm).map((s) => s.heapUsedMB);
  const afterMedian = median(after);
  const lastMedian = median(last);
  const perMinute = slope(samples.filter((s) => s.t >= warm).map((s) => ({ x: s.t / 60, y: s.heapUsedMB })));
  const growth = afterMedian == null || lastMedian == null ? null : lastMedian - afterMedian;
  const allowed = afterMedian == null ? null : Math.max(0.05 * afterMedian, 3);
  return {
    warmupSeconds: warm,
    heapAfterWarmupMedianMB: round(afterMedian, 2),
    heapLastMinuteMedianMB: round(lastMedian, 2),
    growthMB: round(growth, 2),
    allowedGrowthMB: round(allowed, 2),
    slopeMBPerMinute: round(perMinute, 3),
    rssAfterWarmupMedianMB: round(median(samples.filter((s) => s.t >= warm && s.t < 2 * warm).map((s) => s.rssMB)), 1),
    rssLastMinuteMedianMB: round(median(samples.filter((s) => s.t > seconds - warm).map((s) => s.rssMB)), 1),
    verdict: growth == null ? "not enough samples" : growth <= allowed ? "no growth" : "GROWTH",
  };
}

export async function runSoak({ onCleanup }) {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  if (!(seconds >= 20)) throw new Error(`SOAK_SECONDS must be at least 20, got ${process.env.SOAK_SECONDS}`);
  const connections = 10;
  const { storage, paths } = await seededStorage("soak", onCleanup);
  const inspectPort = await getFreePort();
  const server = await startServer({
    dataDir: storage.dataDir,
    env: { ...storage.env, ...PAGE_SERVER_ENV },
    nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
  });
  onCleanup(server.stop);
  const cdp = await devtools(inspectPort);
  onCleanup(cdp.close);
  const pages = resolvePages(paths, await signInAll(server.baseUrl));
  const requests = pages.map((p) => ({ method: "GET", path: p.path, headers: p.headers }));

  const samples = [];
  const sample = async (t) => {
    await cdp.send("HeapProfiler.collectGarbage");
    const heap = await cdp.send("Runtime.getHeapUsage");
    const s = {
      t: round(t, 1),
      heapUsedMB: round(heap.usedSize / MB, 2),
      heapTotalMB: round(heap.totalSize / MB, 2),
      rssMB: round(processRssBytes(server.pid) / MB, 1),
    };
    samples.push(s);
    process.stderr.write(`  soak ${s.t} s: heap ${s.heapUsedMB} MB (of ${s.heapTotalMB}), rss ${s.rssMB} MB\n`);
  };

  process.stderr.write(`soak: ${seconds} s at ${connections} connections over ${pages.length} pages (${DATABASE})\n`);
  await sample(0);
  const statusCodes = {};
  const started = performance.now();
  const load = autocannon({ url: server.baseUrl, connections, duration: seconds, requests, pipelining: 1, timeout: 30 });
  load.on("response", (_c, status) => (statusCodes[status] = (statusCodes[status] ?? 0) + 1));
  let stop = false;
  const sampler = (async () => {
    for (let k = 1; !stop; k++) {
      const wait = started + k * SAMPLE_EVERY_S * 1000 - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stop || performance.now() - started > seconds * 1000 - 1000) break;
      await sample((performance.now() - started) / 1000);
    }
  })();
  const result = await load;
  stop = true;
  await sampler;
  await sample((performance.now() - started) / 1000); // the end of the run
  cdp.close(); // an open DevTools session would hold the server's exit
  await server.stop();

  const responses = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const name = `soak${DATABASE === "postgresql" ? "-pg" : ""}`;
  const analysis = analyse(samples, seconds);
  const out = {
    name,
    date: new Date().toISOString(),
    ...machineInfo(),
    seconds,
    connections,
    sampleEverySeconds: SAMPLE_EVERY_S,
    pages: pages.map((p) => ({ name: p.name, path: p.path, as: p.as })),
    serverEnv: PAGE_SERVER_ENV,
    load: { responses, rps: round(responses / seconds, 1), statusCodes, errors: result.errors, timeouts: result.timeouts },
    ...analysis,
    samples,
  };
  console.log(
    `\nSoak ${seconds} s at ${connections} connections: ${responses} responses (${out.load.rps}/s), ${result.errors} errors\n` +
      `heap after warm-up ${analysis.heapAfterWarmupMedianMB} MB, last minute ${analysis.heapLastMinuteMedianMB} MB ` +
      `(growth ${analysis.growthMB} MB, allowed ${analysis.allowedGrowthMB}), slope ${analysis.slopeMBPerMinute} MB/min, ` +
      `rss ${analysis.rssAfterWarmupMedianMB} → ${analysis.rssLastMinuteMedianMB} MB: ${analysis.verdict}`,
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), file) || file}`);
}
