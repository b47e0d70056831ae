import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { onPostgres } from "#tests/support/db";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** The real process: migrations and seed at start, pg-boss running, health, then SIGTERM. */
async function runServer(extraEnv: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), "proc-test-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      BASE_URL: `http://127.0.0.1:${port}`,
      ...extraEnv,
    },
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  try {
    const deadline = Date.now() + 60_000;
    let health: Response | null = null;
    while (Date.now() < deadline) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (health?.ok) break;
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(health?.status, out).toBe(200);
    const home = await fetch(`http://127.0.0.1:${port}/es/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html lang="es"');
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const logs = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l));
    return logs;
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs in both projects: on PGlite in `unit`, on a fresh PostgreSQL database in `data-pg` (DATABASE_URL set).
 */
describe("the server process", () => {
  it("starts (migrations, demo data, jobs), logs JSON with request ids, and stops cleanly on SIGTERM", async () => {
    if (!onPostgres()) {
      const logs = await runServer({});
      const msgs = logs.map((l) => l.msg);
      expect(logs.find((l) => l.msg === "database ready")?.kind).toBe("pglite");
      expect(msgs).toContain("demo data seeded");
      expect(logs.find((l) => l.msg === "demo sign-in")?.admin?.email).toBe("admin@demo.nexoindie.test");
      expect(logs.find((l) => l.msg === "request" && l.path === "/es/")?.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(msgs.slice(-2)).toEqual(["shutting down", "stopped"]);
      return;
    }
    const pg = await import("pg");
    const name = `proc_${Date.now().toString(36)}`;
    const admin = new pg.default.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const logs = await runServer({ DATABASE_URL: url.toString(), SEED_DEMO: "true" });
      expect(logs.find((l) => l.msg === "database ready")?.kind).toBe("postgresql");
      expect(logs.map((l) => l.msg)).toContain("demo data seeded");
      expect(logs.map((l) => l.msg).slice(-2)).toEqual(["shutting down", "stopped"]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 90_000);
});
