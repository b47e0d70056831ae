// A CPU profile of each page of the page-cost mix. For each page, a server is started with
// `node --cpu-prof`, sent PROFILE.warmup requests (not summarised), then PROFILE.requests requests (the window
// summarised), and stopped with SIGTERM: the server's shutdown ends with process.exit(0), and Node writes the
// .cpuprofile on exit. V8's profile timestamps are on the same monotonic clock as process.hrtime here, so the
// summary keeps only the samples of the measured window (start-up, sign-in and warm-up left out).
// Writes bench/results/profiles/<page>.txt (committed) and <page>.cpuprofile (ignored by git).
import autocannon from "autocannon";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { DATABASE, RESULTS_DIR, startServer } from "./lib.mjs";
import { PAGE_SERVER_ENV, resolvePages, signInAll } from "./pages.mjs";
import { formatSummary, summarise } from "./profile-summary.mjs";

// 1,000 warm-up requests: code that the JIT optimises late (the old React Router matcher took about 1,000)
// would otherwise look costlier in the profile than in the measured runs.
export const PROFILE = { warmup: 1000, requests: 1000, connections: 2 };
export const PROFILES_DIR = path.join(RESULTS_DIR, "profiles");

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function send(url, headers, amount) {
  let bad = 0;
  const instance = autocannon({ url, headers, connections: PROFILE.connections, amount, pipelining: 1 });
  instance.on("response", (_c, status) => {
    if (status !== 200) bad++;
  });
  const r = await instance;
  if (bad + r.errors > amount / 10) throw new Error(`profile run of ${url}: ${bad} non-200 answers and ${r.errors} errors`);
}

/** Profile every page; answers [{ page, requests, jsMsPerReq, gcMsPerReq, topPackages, file }]. */
export async function profilePages({ storage, paths, onCleanup }) {
  await mkdir(PROFILES_DIR, { recursive: true });
  const out = [];
  // Page names only: the cookies differ per server, the paths and roles do not.
  const only = process.env.BENCH_PROFILE_PAGES?.split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  for (const { name } of resolvePages(paths, {}).filter((p) => !only || only.includes(p.name))) {
    const profileName = `${name}${DATABASE === "postgresql" ? "-pg" : ""}`;
    const raw = path.join(PROFILES_DIR, `${profileName}.cpuprofile`);
    await rm(raw, { force: true });
    const server = await startServer({
      dataDir: storage.dataDir,
      env: { ...storage.env, ...PAGE_SERVER_ENV },
      nodeArgs: ["--cpu-prof", "--cpu-prof-dir", PROFILES_DIR, "--cpu-prof-name", `${profileName}.cpuprofile`],
    });
    onCleanup(server.stop);
    let from;
    let to;
    try {
      const page = resolvePages(paths, await signInAll(server.baseUrl)).find((p) => p.name === name);
      const url = new URL(page.path, server.baseUrl).href;
      process.stderr.write(`  profile ${name}: ${PROFILE.warmup} warm-up + ${PROFILE.requests} requests\n`);
      await send(url, page.headers, PROFILE.warmup);
      from = nowUs();
      await send(url, page.headers, PROFILE.requests);
      to = nowUs();
    } finally {
      await server.stop();
    }
    let profile;
    try {
      profile = JSON.parse(await readFile(raw, "utf8"));
    } catch (err) {
      throw new Error(`the server wrote no CPU profile at ${raw} (${err.code ?? err.message})`);
    }
    const summary = summarise(profile, { from, to, top: 25 });
    const title =
      `CPU profile of ${name} (${DATABASE}, page cache off): ${PROFILE.requests} requests at ${PROFILE.connections} connections ` +
      `after ${PROFILE.warmup} warm-up requests (left out). ${new Date().toISOString()}\n` +
      `Again from the raw profile: node bench/profile-summary.mjs bench/results/profiles/${profileName}.cpuprofile --from ${from} --to ${to}`;
    const txt = path.join(PROFILES_DIR, `${profileName}.txt`);
    await writeFile(txt, formatSummary(summary, { title, requests: PROFILE.requests }));
    out.push({
      page: name,
      requests: PROFILE.requests,
      jsMsPerReq: Math.round((summary.activeMs / PROFILE.requests) * 100) / 100,
      gcMsPerReq: Math.round((summary.gcMs / PROFILE.requests) * 100) / 100,
      topPackages: summary.packages.slice(0, 8),
      topFunctions: summary.functions.slice(0, 10),
      file: path.relative(path.dirname(RESULTS_DIR), txt),
    });
  }
  return out;
}
