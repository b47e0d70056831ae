import { defineConfig } from "@playwright/test";
import e2e from "./playwright.config";

/**
 * `npm run screenshots`: every page of tests/e2e/site-pages.ts, phone (390 px) and desktop (1280 px), both
 * languages and both themes, written to screenshots/<lang>-<theme>-<width>/<who>-<page>.png (not committed).
 * The end-to-end set-up (the production build on its own demo database, Debian's Chromium) on its own port.
 */
const PORT = Number(process.env.E2E_PORT ?? 4395);
const server = e2e.webServer as Exclude<typeof e2e.webServer, unknown[] | undefined>;

export default defineConfig({
  ...e2e,
  testDir: "tests/screenshots",
  testMatch: /\.shots\.ts$/,
  timeout: 180_000,
  outputDir: "test-results/screenshots",
  use: { ...e2e.use, baseURL: `http://localhost:${PORT}` },
  webServer: { ...server, url: `http://localhost:${PORT}/api/health`, env: { E2E_PORT: String(PORT) } },
});
