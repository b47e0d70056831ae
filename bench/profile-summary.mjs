#!/usr/bin/env node
// Summarise a V8 .cpuprofile (node --cpu-prof): the top functions by self time and the self time by package.
//
//   node bench/profile-summary.mjs <file.cpuprofile> [--from <µs>] [--to <µs>] [--top 25]
//
// --from/--to keep only the samples taken in that window (V8's monotonic clock in µs, the profile's own
// timestamps; bench/pages.mjs passes the measured window so start-up and warm-up are left out).
// A sample's self time is the gap to the next sample. Packages: node_modules/<pkg> (scoped: @scope/pkg),
// "app (build/server/<file>)" for the project's own bundles, "node:internal" for Node's own JavaScript,
// "(wasm: PGlite)" for WebAssembly (PGlite's PostgreSQL), and
// the V8 pseudo-functions (garbage collector), (program), (idle) and (root). Shares are of the active time:
// (idle) and (program) are left out of the total, and so is the (garbage collector), which is shown apart.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXCLUDED = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

/** Which package a profile node's script belongs to. */
export function packageOf(url, functionName) {
  if (!url) return EXCLUDED.has(functionName) ? functionName : "(native)";
  const nm = url.lastIndexOf("/node_modules/");
  if (nm >= 0) {
    const parts = url.slice(nm + "/node_modules/".length).split("/");
    return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith("node:")) return "node:internal";
  // WebAssembly: in this server, PGlite's PostgreSQL (the only wasm module it loads).
  if (url.startsWith("wasm://")) return "(wasm: PGlite)";
  const build = url.indexOf("/build/server/");
  if (build >= 0) return `app (build/server/${url.slice(build + "/build/server/".length).split("/")[0]})`;
  if (url.includes("/build/")) return "app (build)";
  return "(other)";
}

/** Source maps of the app's bundles, loaded once per file (null when there is none). */
const sourceMaps = new Map();
function originalPosition(url, line, column) {
  if (!url.startsWith("file://") || !url.includes("/build/server/")) return null;
  const file = fileURLToPath(url);
  if (!sourceMaps.has(file)) {
    let map = null;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
    } catch {
      // no map beside this bundle
    }
    sourceMaps.set(file, map);
  }
  const entry = sourceMaps.get(file)?.findEntry(line, column);
  if (!entry?.originalSource) return null;
  const source = entry.originalSource.replace(/^.*?(?=(?:app|server|node_modules)\/)/, "");
  return `${source}:${entry.originalLine + 1}`;
}

/** Shorten a script URL for the table: relative to the project, or from node_modules/ on. */
function shortFile(url) {
  if (!url) return "";
  let p = url.startsWith("file://") ? fileURLToPath(url) : url;
  const nm = p.lastIndexOf("/node_modules/");
  if (nm >= 0) return p.slice(nm + 1);
  if (p.startsWith(ROOT)) p = path.relative(ROOT, p);
  else if (p.includes("/build/server/")) p = p.slice(p.indexOf("build/server/"));
  return p;
}

/** Self time per profile node id (µs), counting only samples inside [from, to]. */
function selfTimes(profile, from, to) {
  const self = new Map();
  const { samples = [], timeDeltas = [] } = profile;
  let t = profile.startTime;
  const times = samples.map((_, i) => (t += timeDeltas[i] ?? 0));
  const avg = samples.length > 1 ? (times.at(-1) - times[0]) / (samples.length - 1) : 0;
  let windowUs = 0;
  for (let i = 0; i < samples.length; i++) {
    if (times[i] < from || times[i] > to) continue;
    const dt = i + 1 < samples.length ? times[i + 1] - times[i] : avg;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
    windowUs += dt;
  }
  return { self, windowUs };
}

/** The summary as data: { windowMs, activeMs, gcMs, idleMs, programMs, functions[], packages[] }. */
export function summarise(profile, { from = -Infinity, to = Infinity, top = 25 } = {}) {
  const { self, windowUs } = selfTimes(profile, from, to);
  const byFunction = new Map();
  const byPackage = new Map();
  const special = { "(idle)": 0, "(program)": 0, "(garbage collector)": 0, "(root)": 0 };
  for (const node of profile.nodes) {
    const us = self.get(node.id);
    if (!us) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    if (name in special && !url) {
      special[name] += us;
      continue;
    }
    const pkg = packageOf(url, name);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const key = `${name}\u0000${url}\u0000${lineNumber}\u0000${columnNumber}`;
    const entry = byFunction.get(key) ?? {
      function: name,
      location: url ? `${shortFile(url)}:${lineNumber + 1}` : "",
      source: url ? originalPosition(url, lineNumber, columnNumber) : null,
      package: pkg,
      us: 0,
    };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const activeUs = [...byPackage.values()].reduce((a, b) => a + b, 0);
  const ms = (us) => Math.round(us / 100) / 10;
  const share = (us) => (activeUs ? Math.round((us / activeUs) * 1000) / 10 : 0);
  return {
    windowMs: ms(windowUs),
    activeMs: ms(activeUs),
    gcMs: ms(special["(garbage collector)"]),
    programMs: ms(special["(program)"]),
    idleMs: ms(special["(idle)"] + special["(root)"]),
    functions: [...byFunction.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map(({ us, ...f }) => ({ ...f, selfMs: ms(us), share: share(us) })),
    packages: [...byPackage.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ package: name, selfMs: ms(us), share: share(us) })),
  };
}

/** The summary as text (what bench/results/profiles/<page>.txt holds). */
export function formatSummary(s, { title = "", requests = null } = {}) {
  const perReq = (v) => (requests ? ` (${Math.round((v / requests) * 100) / 100} ms/request)` : "");
  const lines = [];
  if (title) lines.push(title, "");
  lines.push(
    `window ${s.windowMs} ms: JavaScript and native ${s.activeMs} ms${perReq(s.activeMs)}, garbage collector ${s.gcMs} ms${perReq(s.gcMs)},`,
    `(program) ${s.programMs} ms, idle ${s.idleMs} ms. Shares below are of the ${s.activeMs} ms (GC, program and idle left out).`,
    "",
    "Self time by package:",
  );
  const pw = Math.max(7, ...s.packages.map((p) => p.package.length));
  lines.push(`  ${"package".padEnd(pw)}  ${"self ms".padStart(9)}  ${"share".padStart(6)}`);
  for (const p of s.packages) {
    lines.push(`  ${p.package.padEnd(pw)}  ${String(p.selfMs).padStart(9)}  ${`${p.share}%`.padStart(6)}`);
  }
  lines.push("", `Top ${s.functions.length} functions by self time:`);
  s.functions.forEach((f, i) => {
    const where = [f.location, f.source && f.source !== f.location ? `(${f.source})` : ""].filter(Boolean).join(" ");
    lines.push(
      `  ${String(i + 1).padStart(2)}. ${String(f.selfMs).padStart(8)} ms ${`${f.share}%`.padStart(6)}  ${f.function}  [${f.package}]  ${where}`,
    );
  });
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { from: { type: "string" }, to: { type: "string" }, top: { type: "string", default: "25" } },
  });
  if (positionals.length !== 1) {
    process.stderr.write("usage: node bench/profile-summary.mjs <file.cpuprofile> [--from µs] [--to µs] [--top N]\n");
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
  const summary = summarise(profile, {
    from: values.from ? Number(values.from) : -Infinity,
    to: values.to ? Number(values.to) : Infinity,
    top: Number(values.top),
  });
  process.stdout.write(formatSummary(summary, { title: path.basename(positionals[0]) }));
}
