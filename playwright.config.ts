import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { E2E_BASE_PORT, PORT_STEP } from "./tests/e2e/port";

/**
 * End-to-end tests in Debian's Chromium against the production build, with its own temporary data
 * directory (see tests/e2e/server.mjs). Browsers cannot be downloaded here. E2E_WORKERS workers (one unless
 * set: `npm test` sets two where the machine allows), each with its own server (tests/e2e/port.ts), so specs
 * that change settings or rows never meet.
 */
const PORT = E2E_BASE_PORT;
const WORKERS = Math.max(1, Math.min(4, Number(process.env.E2E_WORKERS ?? 1)));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: "off",
  },
  webServer: Array.from({ length: WORKERS }, (_, i) => ({
    command: `node tests/e2e/server.mjs`,
    url: `http://localhost:${PORT + PORT_STEP * i}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT + PORT_STEP * i) },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
