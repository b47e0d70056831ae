// Page cost of two builds side by side: both servers run at once on one data set, and each page is measured in
// slices alternating between them (A, B, A, B…), so both see the same load from the rest of the machine. On a
// busy machine two separate runs differ by a third from one to the next; the ratio of alternating slices holds.
// `npm run bench -- pages-ab` with BENCH_AB_BEFORE=<another checkout with its build>; PostgreSQL only (both
// servers share the database). BENCH_PAGES picks pages as in the page-cost run.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { DATABASE, RESULTS_DIR, ROOT, assertMostlyOk, formatTable, machineInfo, measure, round, startServer } from "./lib.mjs";
import { PAGE_SERVER_ENV, measureWithCpu, pageSizes, resolvePages, seededStorage, signInAll } from "./pages.mjs";
import { databaseName } from "./proc-cpu.mjs";

/** Slices per server and page, each `duration / SLICES` seconds, at this many connections. */
const SLICES = 6;
const CONNECTIONS = 10;

export async function runPagesAb({ onCleanup, duration, warmup }) {
  const other = process.env.BENCH_AB_BEFORE;
  if (!other) throw new Error("BENCH_AB_BEFORE must name the checkout (with its build) to compare with");
  if (DATABASE !== "postgresql") throw new Error("the A/B page cost needs DATABASE_URL: both servers share one database");
  const { storage, paths } = await seededStorage("ab", onCleanup);
  const database = { url: process.env.DATABASE_URL, name: databaseName(storage.env.DATABASE_URL) };
  const env = { ...storage.env, ...PAGE_SERVER_ENV };
  const servers = {
    before: await startServer({ root: path.resolve(other), env }),
    after: await startServer({ env }),
  };
  for (const s of Object.values(servers)) onCleanup(s.stop);
  const only = process.env.BENCH_PAGES?.split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const pagesOf = async (s) => resolvePages(paths, await signInAll(s.baseUrl)).filter((p) => !only || only.includes(p.name));
  const pages = { before: await pagesOf(servers.before), after: await pagesOf(servers.after) };
  const rows = [];
  for (let i = 0; i < pages.after.length; i++) {
    const name = pages.after[i].name;
    const sums = {};
    const sizes = {};
    for (const side of ["before", "after"]) {
      const page = pages[side][i];
      const url = new URL(page.path, servers[side].baseUrl).href;
      sizes[side] = await pageSizes(url, page.headers);
      await measure({ url, headers: page.headers, connections: CONNECTIONS, duration: warmup });
    }
    process.stderr.write(`  ${name}: ${SLICES} × 2 alternating slices of ${round(duration / SLICES, 2)} s\n`);
    for (let slice = 0; slice < SLICES; slice++)
      for (const side of slice % 2 ? ["after", "before"] : ["before", "after"]) {
        const page = pages[side][i];
        const url = new URL(page.path, servers[side].baseUrl).href;
        const r = await measureWithCpu({
          url,
          headers: page.headers,
          connections: CONNECTIONS,
          duration: duration / SLICES,
          pid: servers[side].pid,
          database,
        });
        assertMostlyOk({ target: `${name} (${side})`, ...r }, url);
        const sum = (sums[side] ??= { requests: 0, nodeMs: 0, dbMs: 0 });
        sum.requests += r.requests;
        sum.nodeMs += r.cpuNodeMsPerReq * r.requests;
        sum.dbMs += (r.cpuDbMsPerReq ?? 0) * r.requests;
      }
    const per = (side) => ({
      requests: sums[side].requests,
      cpuNodeMsPerReq: round(sums[side].nodeMs / sums[side].requests, 2),
      cpuTotalMsPerReq: round((sums[side].nodeMs + sums[side].dbMs) / sums[side].requests, 2),
      htmlBytes: sizes[side].htmlBytes,
      sqlStatements: sizes[side].sqlStatements,
    });
    const before = per("before");
    const after = per("after");
    rows.push({ page: name, before, after, cpuTotalRatio: round(after.cpuTotalMsPerReq / before.cpuTotalMsPerReq, 3) });
  }
  console.log(
    `\nPage cost, ${path.basename(path.resolve(other))} (before) against ${path.basename(ROOT)} (after), ${CONNECTIONS} connections, ${SLICES} alternating slices each:`,
  );
  console.log(
    formatTable(
      ["page", "CPU ms/req before", "after", "÷", "node before", "after", "HTML KB before", "after", "SQL before", "after"],
      rows.map((r) => [
        r.page,
        r.before.cpuTotalMsPerReq,
        r.after.cpuTotalMsPerReq,
        r.cpuTotalRatio,
        r.before.cpuNodeMsPerReq,
        r.after.cpuNodeMsPerReq,
        round(r.before.htmlBytes / 1024, 1),
        round(r.after.htmlBytes / 1024, 1),
        r.before.sqlStatements,
        r.after.sqlStatements,
      ]),
    ),
  );
  const result = { name: "pages-ab-pg", date: new Date().toISOString(), ...machineInfo(), duration, before: other, rows };
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, process.env.BENCH_AB_NAME ? `${process.env.BENCH_AB_NAME}.json` : "pages-ab-pg.json");
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)}`);
}
