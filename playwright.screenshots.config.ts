import { defineConfig } from "@playwright/test";
import e2e from "./playwright.config";

/**
 * `npm run screenshots`: every page of tests/e2e/site-pages.ts, phone (390 px) and desktop (1280 px), both
 * languages and both themes, written to screenshots/<lang>-<theme>-<width>/<who>-<page>.png (not committed).
 * The end-to-end set-up (the production build on its own demo database, Debian's Chromium) on its own port.
 */
// Set before the workers start, so the fixtures (tests/e2e/port.ts) reach this server too.
process.env.E2E_PORT ??= "4395";
const PORT = Number(process.env.E2E_PORT);
const [server] = [e2e.webServer ?? []].flat();

export default defineConfig({
  ...e2e,
  testDir: "tests/screenshots",
  testMatch: /\.shots\.ts$/,
  timeout: 180_000,
  workers: 1,
  outputDir: "test-results/screenshots",
  use: { ...e2e.use, baseURL: `http://localhost:${PORT}` },
  webServer: { ...server, url: `http://localhost:${PORT}/api/health`, env: { E2E_PORT: String(PORT) } },
});
