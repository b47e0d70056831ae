// CPU time of the server process and of the PostgreSQL backends serving it, read from /proc (Linux only).
//
//   const meter = await startCpuMeter({ pid, database });   // before the measured run
//   ...load...
//   const { nodeMs, dbMs, dbBackends } = await meter.stop(); // after it
//
// utime + stime (fields 14 and 15 of /proc/<pid>/stat, in clock ticks; all threads of the process, so worker
// threads count too) are converted to ms with `getconf CLK_TCK`. With PostgreSQL, the backends are the pids of
// pg_stat_activity whose datname is the bench database (client backends: the server's connections, not
// autovacuum workers); the list is polled during the run, so a backend that
// connects during the run counts from its first tick (it did not exist before), and one that exits keeps the
// last value read.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";

const POLL_MS = 500;

let ticksPerSecond;
/** Clock ticks per second (`getconf CLK_TCK`, almost always 100). */
export function clockTicks() {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  return ticksPerSecond;
}

/** utime + stime of a process in ms, or null when it is gone (or /proc is not there). */
export function processCpuMs(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: split after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state), so utime (14) and stime (15) are fields[11] and fields[12].
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
}

/** The command line of a process, to check that a pid is the server and not a wrapper. */
export function processCommand(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
  } catch {
    return null;
  }
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status), or null. */
export function processRssBytes(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The database's name in a postgres:// URL, or null for PGlite (no URL). */
export function databaseName(url) {
  return url ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;
}

/**
 * Start measuring. `database`: { url, name } of the bench database when the server uses PostgreSQL (the
 * monitoring connection goes to `url`'s server but reads pg_stat_activity for `name`), or null.
 */
export async function startCpuMeter({ pid, database = null }) {
  const nodeStart = processCpuMs(pid);
  if (nodeStart == null) throw new Error(`cannot read /proc/${pid}/stat`);
  let client = null;
  /** pid -> { start, last } in ms: start is 0 for a backend first seen during the run. */
  const backends = new Map();
  let polling = null;
  let timer = null;
  const poll = async (first) => {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
      [database.name],
    );
    for (const { pid: backend } of rows) {
      const now = processCpuMs(backend);
      if (now == null) continue;
      const known = backends.get(backend);
      if (known) known.last = now;
      else backends.set(backend, { start: first ? now : 0, last: now });
    }
    // Also refresh the ones that left pg_stat_activity but may still be exiting.
    for (const [backend, known] of backends) known.last = processCpuMs(backend) ?? known.last;
  };
  if (database) {
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await poll(true);
    const loop = () => {
      timer = setTimeout(() => {
        polling = poll(false).then(loop, loop);
      }, POLL_MS);
    };
    loop();
  }
  const startedAt = performance.now();
  return {
    async stop() {
      const nodeEnd = processCpuMs(pid);
      const wallMs = performance.now() - startedAt;
      let dbMs = null;
      if (client) {
        clearTimeout(timer);
        await polling;
        await poll(false);
        await client.end();
        dbMs = 0;
        for (const { start, last } of backends.values()) dbMs += last - start;
      }
      return { nodeMs: nodeEnd - nodeStart, dbMs, dbBackends: client ? backends.size : null, wallMs };
    },
  };
}
