import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/icon-sprite";

/**
 * `unit`: every test, data-layer ones on PGlite. `data-pg`: the data-layer tests (*.db.test.ts) again on the
 * PostgreSQL at TEST_DATABASE_URL (each file gets its own fresh database).
 */
export default defineConfig({
  // Components import the icon sprite's address (virtual:icon-sprite).
  plugins: [iconSprite()],
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
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
