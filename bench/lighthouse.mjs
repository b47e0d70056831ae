#!/usr/bin/env node
// Lighthouse audit of the home page and a forum thread page, each in both languages (`npm run lighthouse`).
// Builds if needed, starts the production server, audits each URL with the mobile preset
// (simulated throttling), prints a table and writes bench/results/lighthouse.json.
// Low scores are a measurement, not a failure: exit code stays 0 (warnings are printed).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { BENCH_ACCOUNT, RESULTS_DIR, ensureBuild, exitOnError, formatTable, machineInfo, startServer, withCleanup } from "./lib.mjs";

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const CHROME_PATH = CHROMIUM_PATH;
// "--headless=new" is the flag chrome-launcher expects for the current headless mode.
const CHROME_FLAGS = CHROMIUM_FLAGS.map((f) => (f === "--headless" ? "--headless=new" : f));

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** Below these scores (0-100) a warning is printed; the run still exits 0. */
const THRESHOLDS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };
/** Issue 4: a thread page scores at least 90 for performance, 100 for accessibility and SEO (mobile). */
const THREAD_THRESHOLDS = { performance: 90, accessibility: 100, "best-practices": 95, seo: 100 };

/** A demo thread with several replies, likes and a tag (server/db/seed-forum.ts). */
const DEMO_THREAD = "/community/charla-general/cual-es-el-mejor-indie-de-2025";

/** Pages to audit (paths on the app server), each with its thresholds; `forum` pages need the forum enabled. */
const PAGES = [
  { path: "/es/", thresholds: THRESHOLDS },
  { path: "/en/", thresholds: THRESHOLDS },
  { path: `/es${DEMO_THREAD}`, thresholds: THREAD_THRESHOLDS, forum: true },
  { path: `/en${DEMO_THREAD}`, thresholds: THREAD_THRESHOLDS, forum: true },
];

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
  await ensureBuild();
  const server = await startServer();
  onCleanup(server.stop);

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
    let lhr = await audit(url, chrome.port);
    if (lhr.runtimeError) {
      // Trace recording is occasionally flaky (e.g. NO_NAVSTART); Lighthouse itself says to re-run.
      process.stderr.write(`lighthouse: ${pagePath} failed (${lhr.runtimeError.code}), retrying once\n`);
      lhr = await audit(url, chrome.port);
    }
    assertMobilePreset(lhr);
    lighthouseVersion = lhr.lighthouseVersion;

    const page = summarize(pagePath, lhr, thresholds);
    if (page.error) runtimeFailure = true;
    pages.push(page);
  }

  const result = {
    date: new Date().toISOString(),
    ...machineInfo(),
    lighthouseVersion,
    formFactor: "mobile",
    throttlingMethod: "simulate",
    pages,
  };

  printReport(pages);

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, "lighthouse.json");
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
      ["page", ...CATEGORIES],
      pages.map((p) => [p.path, ...CATEGORIES.map((c) => p.scores[c])]),
    ),
  );

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
  }
  if (warnings.length) console.log(`\n${warnings.join("\n")}`);
}
