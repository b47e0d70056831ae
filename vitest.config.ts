import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/icon-sprite";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer";

/**
 * `unit`: every test, data-layer ones on PGlite. `data-pg`: the data-layer tests (*.db.test.ts) again on the
 * PostgreSQL at TEST_DATABASE_URL (each file gets its own fresh database).
 */
export default defineConfig({
  // Components import the icon sprite's address (virtual:icon-sprite).
  plugins: [iconSprite()],
  resolve: { tsconfigPaths: true },
  // JSX compiled for React's production build, which the tests run (test.env below).
  oxc: { jsx: { runtime: "automatic", development: false } },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    // A worker runs many files one after another with the modules it already loaded (the server, React Router's
    // build, PGlite's WebAssembly): importing them again for every file was most of the suite's time. A test
    // file therefore leaves no global behind (vi.unstubAllGlobals, real timers, env restored): docs/testing.md.
    isolate: false,
    // Every core (vitest's default leaves one for itself, which is one worker of two here).
    maxWorkers: availableParallelism(),
    // The slowest files first, so that no core waits alone on one at the end.
    sequence: { sequencer: SlowFirstSequencer },
    // React's production build, the one the site serves: the development build's extra checks cost about a
    // third of every server render, and no test reads what they print (the build itself is always production).
    env: { NODE_ENV: "production" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "shared/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: { name: "data-pg", include: ["server/**/*.db.test.ts"], env: { TEST_DB: "postgres" } },
      },
    ],
  },
});
