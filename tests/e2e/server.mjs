// Starts the production build for the end-to-end tests on a temporary data directory (removed on exit).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.E2E_PORT ?? "4391";
// One directory per port, emptied at every start: Playwright may stop this script before it can clean up.
const dataDir = join(tmpdir(), `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const child = spawn(process.execPath, ["build/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    BASE_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill("SIGTERM"));
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
