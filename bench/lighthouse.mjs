#!/usr/bin/env node
// Lighthouse audit of the home page and a forum thread page, each in both languages (`npm run lighthouse`).
// Builds if needed, starts the production server, audits each URL with the mobile preset
// (simulated throttling) LIGHTHOUSE_RUNS times (default 3) and keeps the median run, prints a table
// and writes bench/results/lighthouse.json.
// LIGHTHOUSE_URL=http://127.0.0.1:4810 audits a server that is already running (no build, no start; it must
// have the bench admin account, see README). LIGHTHOUSE_PAGES=/en/,/es/ limits the pages (paths as listed).
// Low scores are a measurement, not a failure: exit code stays 0 (warnings are printed).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdir, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { BENCH_ACCOUNT, RESULTS_DIR, ensureBuild, exitOnError, formatTable, machineInfo, startServer, withCleanup } from "./lib.mjs";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const CHROME_PATH = CHROMIUM_PATH;
// "--headless=new" is the flag chrome-launcher expects for the current headless mode.
const CHROME_FLAGS = CHROMIUM_FLAGS.map((f) => (f === "--headless" ? "--headless=new" : f));

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Below these scores (0-100) a warning is printed; the run still exits 0. The same for home and thread. */
const THRESHOLDS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
const THREAD_THRESHOLDS = THRESHOLDS;
/** Above these times (ms) a warning is printed (the goal: both paints under 1.8 s on the simulated phone). */
const METRIC_LIMITS = { fcpMs: 1800, lcpMs: 1800 };

/** Audits per page; the median run by performance score is recorded (simulated throttling is noisy on a busy machine). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** An already running server to audit instead of building and starting one. */
const EXTERNAL_URL = process.env.LIGHTHOUSE_URL;
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
/**
 * Pages of data made beforehand on the server of LIGHTHOUSE_URL (a featured game's /games/{slug}),
 * comma-separated, audited with FEATURED_THRESHOLDS; with LIGHTHOUSE_OUT the results go to that file of
 * bench/results instead of lighthouse.json.
 */
const EXTRA = process.env.LIGHTHOUSE_EXTRA_PAGES?.split(",").filter(Boolean) ?? [];
const OUT_FILE = process.env.LIGHTHOUSE_OUT ?? "lighthouse.json";
/** The targets for a featured game's page. */
const FEATURED_THRESHOLDS = { performance: 90, accessibility: 100, "best-practices": 95, seo: 100 };

/** A demo thread with several replies, likes and a tag (server/db/seed-forum.ts). */
const DEMO_THREAD = "/community/charla-general/cual-es-el-mejor-indie-de-2025";

/** Pages to audit (paths on the app server), each with its thresholds; `forum` pages need the forum enabled. */
const PAGES = [
  { path: "/es/", thresholds: THRESHOLDS },
  { path: "/en/", thresholds: THRESHOLDS },
  { path: `/es${DEMO_THREAD}`, thresholds: THREAD_THRESHOLDS, forum: true },
  { path: `/en${DEMO_THREAD}`, thresholds: THREAD_THRESHOLDS, forum: true },
  ...EXTRA.map((p) => ({ path: p, thresholds: FEATURED_THRESHOLDS })),
].filter((p) => !ONLY || ONLY.includes(p.path));

// Lighthouse's default config is already mobile + simulated throttling; spelled out here so
// a future default change cannot silently change what we measure (checked after each run too).
const CONFIG = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: CATEGORIES,
    formFactor: "mobile",
    throttlingMethod: "simulate",
  },
};

// Audits with these modes carry no pass/fail signal.
const NEUTRAL_MODES = new Set(["notApplicable", "informative", "manual"]);

/** Offending items listed per failing audit. */
const MAX_EXAMPLES = 3;

// (Constants stay above the top-level await: declarations below it are not initialized yet.)

await withCleanup(async (onCleanup) => {
  let server;
  if (EXTERNAL_URL) {
    server = { baseUrl: EXTERNAL_URL };
  } else {
    await ensureBuild();
    server = await startServer();
    onCleanup(server.stop);
  }

  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
  });
  onCleanup(() => chrome.kill());

  if (PAGES.some((p) => p.forum)) await enableForum(server.baseUrl);

  const pages = [];
  let lighthouseVersion = null;
  let runtimeFailure = false;
  for (const { path: pagePath, thresholds } of PAGES) {
    const url = new URL(pagePath, server.baseUrl).href;
    await warmUp(url);
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      let lhr = await audit(url, chrome.port);
      if (lhr.runtimeError) {
        // Trace recording is occasionally flaky (e.g. NO_NAVSTART); Lighthouse itself says to re-run.
        process.stderr.write(`lighthouse: ${pagePath} failed (${lhr.runtimeError.code}), retrying once\n`);
        lhr = await audit(url, chrome.port);
      }
      assertMobilePreset(lhr);
      lighthouseVersion = lhr.lighthouseVersion;
      runs.push(lhr);
    }
    const lhr = medianRun(runs);

    const page = summarize(pagePath, lhr, thresholds);
    page.runs = runs.map((r) => ({ performance: scoreOf(r, "performance"), ...coreMetrics(r) }));
    page.initialJs = await initialJs(lhr);
    if (page.error) runtimeFailure = true;
    pages.push(page);
  }

  const result = {
    date: new Date().toISOString(),
    ...machineInfo(),
    lighthouseVersion,
    formFactor: "mobile",
    throttlingMethod: "simulate",
    runsPerPage: RUNS,
    metricLimits: METRIC_LIMITS,
    pages,
  };

  printReport(pages);

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, OUT_FILE);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file) || file}`);

  // A page that could not be audited at all (e.g. 500, load timeout) is a failure, unlike low scores.
  if (runtimeFailure) process.exitCode = 1;
}).catch(exitOnError);

// ---------------------------------------------------------------------------

async function audit(url, port) {
  process.stderr.write(`lighthouse: auditing ${new URL(url).pathname}\n`);
  const runnerResult = await lighthouse(url, { port, logLevel: "error" }, CONFIG);
  if (!runnerResult?.lhr) throw new Error(`lighthouse returned no result for ${url}`);
  return runnerResult.lhr;
}

/** The run whose performance score is the median (equal scores ordered by LCP, the slower first). */
function medianRun(runs) {
  const ok = runs.filter((r) => !r.runtimeError);
  if (!ok.length) return runs[runs.length - 1];
  const sorted = [...ok].sort(
    (a, b) =>
      (scoreOf(a, "performance") ?? 0) - (scoreOf(b, "performance") ?? 0) ||
      (b.audits["largest-contentful-paint"]?.numericValue ?? 0) - (a.audits["largest-contentful-paint"]?.numericValue ?? 0),
  );
  return sorted[Math.floor(sorted.length / 2)];
}

function scoreOf(lhr, category) {
  const score = lhr.categories[category]?.score;
  return score == null ? null : Math.round(score * 100);
}

function round(v) {
  return typeof v === "number" ? Math.round(v) : null;
}

/** The simulated (throttled) metrics that make up the performance score. */
function coreMetrics(lhr) {
  const value = (id) => lhr.audits[id]?.numericValue;
  return {
    fcpMs: round(value("first-contentful-paint")),
    lcpMs: round(value("largest-contentful-paint")),
    tbtMs: round(value("total-blocking-time")),
    cls: typeof value("cumulative-layout-shift") === "number" ? Number(value("cumulative-layout-shift").toFixed(3)) : null,
    speedIndexMs: round(value("speed-index")),
  };
}

/**
 * The LCP element and its simulated phases (TTFB, load delay, load time, render delay) from the
 * largest-contentful-paint-element audit; the lcp-breakdown insight gives the same split as observed
 * on this machine without throttling.
 */
function lcpDetails(lhr) {
  const tables = lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = {};
  for (const row of tables[1]?.items ?? []) phases[row.phase] = round(row.timing);
  const observed = {};
  for (const part of lhr.audits["lcp-breakdown-insight"]?.details?.items ?? []) {
    for (const row of part.type === "table" ? part.items : []) observed[row.subpart ?? row.label] = round(row.duration);
  }
  return {
    element: node ? { selector: node.selector, snippet: node.snippet, label: node.nodeLabel } : null,
    phasesMs: phases,
    observedPhasesMs: observed,
  };
}

/**
 * The JavaScript the page loads without any interaction: every script requested while Lighthouse watched the load
 * (it waits for the network and the main thread to go quiet), as gzip bytes (asked again of the server with
 * Accept-Encoding: gzip, as the issue's budget is gzipped), bytes as transferred to Lighthouse's Chromium (brotli,
 * with headers) and raw. `beforeLoadEvent` is the part that finished before the load event: with the scripts
 * loaded after the first paint (app/lib/paint-first.server.ts) it is none.
 */
async function initialJs(lhr) {
  const loadMs = lhr.audits.metrics?.details?.items?.[0]?.observedLoad;
  const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter((r) => r.resourceType === "Script");
  const gzip = new Map();
  for (const r of scripts) gzip.set(r.url, await gzipSize(r.url));
  const early = scripts.filter((r) => loadMs != null && r.networkEndTime <= loadMs);
  return {
    scripts: scripts.length,
    gzipBytes: scripts.reduce((sum, r) => sum + gzip.get(r.url), 0),
    transferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    rawBytes: scripts.reduce((sum, r) => sum + (r.resourceSize ?? 0), 0),
    beforeLoadEvent: { scripts: early.length, gzipBytes: early.reduce((sum, r) => sum + gzip.get(r.url), 0) },
  };
}

/** Bytes on the wire for `url` with Accept-Encoding: gzip (headers not counted). */
function gzipSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * A few plain requests first, so the audit sees the steady-state server (JIT-compiled,
 * caches and database warm) rather than the very first render after start-up.
 */
async function warmUp(url) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    // Auditing an error page would measure the wrong thing.
    if (res.status !== 200) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  }
}

/**
 * The forum is off by default: switch it on as the bench admin (the server creates that account from
 * ADMIN_EMAIL), then wait until the cached settings show it (they are cached up to 3 s).
 */
async function enableForum(baseUrl) {
  const origin = `http://localhost:${new URL(baseUrl).port}`;
  const signIn = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const res = await fetch(new URL("/api/v1/site/settings/forum_enabled", baseUrl), {
    method: "PUT",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ value: true }),
  });
  if (!res.ok) throw new Error(`enabling the forum failed: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 50; i++) {
    const flags = await (await fetch(new URL("/api/v1/site/flags", baseUrl))).json();
    if (flags.forum_enabled) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the forum flag did not take effect");
}

/** Fail loudly if the run did not use the mobile preset we mean to measure. */
function assertMobilePreset(lhr) {
  const s = lhr.configSettings;
  if (s.formFactor !== "mobile" || s.throttlingMethod !== "simulate" || !s.screenEmulation?.mobile) {
    throw new Error(
      `unexpected Lighthouse settings: formFactor=${s.formFactor}, throttlingMethod=${s.throttlingMethod}, ` +
        `screenEmulation.mobile=${s.screenEmulation?.mobile}`,
    );
  }
}

/** Scores as 0-100 integers and, per category under 100, the audits that cost points. */
function summarize(pagePath, lhr, thresholds) {
  const scores = {};
  const failingAudits = {};
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    scores[id] = category?.score == null ? null : Math.round(category.score * 100);
    if (scores[id] == null || scores[id] >= 100) continue;
    failingAudits[id] = category.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && !NEUTRAL_MODES.has(a.scoreDisplayMode))
      // score null + mode "error" means the audit itself crashed: worth seeing too.
      .filter((a) => (a.score != null && a.score < 1) || a.scoreDisplayMode === "error")
      .map((a) => ({
        id: a.id,
        title: a.title,
        score: a.score == null ? null : Math.round(a.score * 100),
        ...(a.displayValue ? { displayValue: a.displayValue } : {}),
        ...(a.errorMessage ? { error: a.errorMessage } : {}),
        ...examplesOf(a),
      }));
  }
  return {
    path: pagePath,
    thresholds,
    scores,
    metrics: coreMetrics(lhr),
    lcp: lcpDetails(lhr),
    failingAudits,
    // e.g. ERRORED_DOCUMENT_REQUEST when the page answered 500: scores are then meaningless.
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/**
 * A few offending items (element snippet, console message, URL...) so a warning is
 * actionable without re-running Lighthouse for the HTML report.
 */
function examplesOf(audit) {
  const items = audit.details?.items;
  if (!Array.isArray(items) || items.length === 0) return {};
  const examples = items
    .slice(0, MAX_EXAMPLES)
    .map((item) =>
      [item.node?.snippet ?? item.node?.selector, item.description, item.sourceLocation?.url ?? item.url]
        .filter((part) => typeof part === "string" && part)
        .join(" ")
        .slice(0, 200),
    )
    .filter(Boolean);
  return examples.length ? { examples, ...(items.length > MAX_EXAMPLES ? { more: items.length - MAX_EXAMPLES } : {}) } : {};
}

function printReport(pages) {
  console.log("\nLighthouse (mobile, simulated throttling)\n");
  console.log(
    formatTable(
      ["page", ...CATEGORIES, "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "JS gz KB"],
      pages.map((p) => [
        p.path,
        ...CATEGORIES.map((c) => p.scores[c]),
        p.metrics.fcpMs,
        p.metrics.lcpMs,
        p.metrics.tbtMs,
        p.metrics.cls,
        p.metrics.speedIndexMs,
        p.initialJs ? (p.initialJs.gzipBytes / 1024).toFixed(1) : null,
      ]),
    ),
  );
  console.log(`(median of ${RUNS} run${RUNS === 1 ? "" : "s"} by performance score)`);
  for (const p of pages) {
    const phases = Object.entries(p.lcp.phasesMs)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    console.log(`${p.path} LCP element: ${p.lcp.element?.selector ?? "?"} (${phases})`);
  }

  for (const page of pages) {
    if (page.error) console.log(`\nERROR ${page.path}: ${page.error}`);
    for (const [category, audits] of Object.entries(page.failingAudits)) {
      if (!audits.length) continue;
      console.log(`\n${page.path} ${category} (${page.scores[category]}): failing audits`);
      for (const a of audits.filter((x) => x.score != null)) {
        console.log(`  - ${a.id}: ${a.title} (${[`score ${a.score}`, a.displayValue].filter(Boolean).join(", ")})`);
        for (const example of a.examples ?? []) console.log(`      ${example}`);
      }
      // Audits that crashed inside Lighthouse say nothing about the page; one line is enough
      // (messages are in the JSON). They have no weight in the score when listed here.
      const errored = audits.filter((x) => x.score == null).map((x) => x.id);
      if (errored.length) console.log(`  (could not run: ${errored.join(", ")})`);
    }
  }

  const warnings = [];
  for (const page of pages) {
    for (const [category, min] of Object.entries(page.thresholds)) {
      const score = page.scores[category];
      if (score == null || score < min) {
        warnings.push(`WARNING: ${page.path} ${category} ${score ?? "n/a"} < ${min}`);
      }
    }
    for (const [metric, max] of Object.entries(METRIC_LIMITS)) {
      const value = page.metrics?.[metric];
      if (value == null || value >= max) warnings.push(`WARNING: ${page.path} ${metric} ${value ?? "n/a"} >= ${max}`);
    }
  }
  if (warnings.length) console.log(`\n${warnings.join("\n")}`);
}
