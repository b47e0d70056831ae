import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

/**
 * `npm run screenshots`: every page of tests/e2e/site-pages.ts, phone (390 px) and desktop (1280 px), both
 * languages and both themes, written to screenshots/<lang>-<theme>-<width>/<who>-<page>.png (not committed).
 * Runs the production build on its own demo database, like the end-to-end tests.
 */
const PORT = Number(process.env.E2E_PORT ?? 4395);

export default defineConfig({
  testDir: "tests/screenshots",
  testMatch: /\.shots\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [["list"]],
  outputDir: "test-results/screenshots",
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: "off",
  },
  webServer: {
    command: `node tests/e2e/server.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
