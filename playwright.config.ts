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

/**
 * The default context is reused from test to test in a worker, as Playwright's UI mode does: between tests
 * Playwright closes extra pages, sends the first page to about:blank, clears cookies, storage and the HTTP cache,
 * and removes the test's routes, init scripts, bindings and clock (fixtures.ts resets the extra headers). A test
 * that needs other options (test.use) gets a context made for them. What it saves is the renderer: a new
 * context's first page cost about 1.5 s of Chromium time on a 2-core machine, a reused one about 0.3 s
 * (docs/decisions/0031-reused-test-contexts.md).
 */
process.env.PW_TEST_REUSE_CONTEXT ??= "1";
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
    // No smooth scrolling and no page-enter animation (both are under prefers-reduced-motion: no-preference), so
    // nothing a test presses or measures is still moving. Contexts made by the fixtures (newContext, sharedPage)
    // start from the same; a test about motion itself asks for "no-preference".
    contextOptions: { reducedMotion: "reduce" },
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
