// `npm test`: typecheck, lint, unit and integration tests on PGlite, the data-layer tests again on
// PostgreSQL when TEST_DATABASE_URL is set, then end-to-end tests in Chromium against the production build.
import { spawnSync } from "node:child_process";
import { availableParallelism, totalmem } from "node:os";
import { buildIsStale } from "./start.mjs";

// End-to-end specs run on two workers, each with its own server (playwright.config.ts), where the machine has
// the cores and memory for two browsers and two servers; E2E_WORKERS set by hand wins.
process.env.E2E_WORKERS ??= availableParallelism() >= 2 && totalmem() >= 6 * 1024 ** 3 ? "2" : "1";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["build", "npm", ["run", "build"], () => buildIsStale()],
  ["unit and integration (PGlite)", "npx", ["vitest", "run", "--project", "unit"]],
  [
    "data layer on PostgreSQL",
    "npm",
    ["run", "test:pg"],
    () => {
      if (process.env.TEST_DATABASE_URL) return true;
      console.log("TEST_DATABASE_URL is not set: the PostgreSQL run of the data-layer tests is not part of this run.");
      return false;
    },
  ],
  [`end-to-end (Chromium, ${process.env.E2E_WORKERS} worker(s))`, "npx", ["playwright", "test"]],
];

const suiteStarted = Date.now();
const minutes = () => `${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min`;
for (const [name, cmd, args, when] of steps) {
  if (when && !when()) continue;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  // The build is always a production build (React's development code must never be served or measured).
  const env = name === "build" ? { ...process.env, NODE_ENV: "production" } : process.env;
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`✖ ${name} failed (the suite ran ${minutes()})`);
    process.exit(r.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
console.log(`\nThe whole suite took ${minutes()}.`);
