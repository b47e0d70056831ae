// `npm test`: typecheck and lint side by side, the build, unit and integration tests on PGlite beside the
// data-layer tests on PostgreSQL (when TEST_DATABASE_URL is set), then end-to-end tests in Chromium against the
// production build. Prints the time of every step and of the whole suite (docs/testing.md has the budget).
import { spawn } from "node:child_process";
import { availableParallelism, totalmem } from "node:os";
import { buildIsStale } from "./start.mjs";

// End-to-end specs run on two workers, each with its own server (playwright.config.ts), where the machine has
// the cores and memory for two browsers and two servers; E2E_WORKERS set by hand wins.
process.env.E2E_WORKERS ??= availableParallelism() >= 2 && totalmem() >= 6 * 1024 ** 3 ? "2" : "1";

/** Each entry is one step, or a list of steps run side by side (their output printed whole as each ends). */
const plan = [
  [
    ["typecheck", "npm", ["run", "typecheck"]],
    ["lint", "npm", ["run", "lint"]],
  ],
  ["build", "npm", ["run", "build"], () => buildIsStale()],
  // The PostgreSQL run waits on the database much of its time: it fills the cores the PGlite run leaves idle.
  [
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
  ],
  [`end-to-end (Chromium, ${process.env.E2E_WORKERS} worker(s))`, "npx", ["playwright", "test"]],
];

const suiteStarted = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const timings = [];

function run([name, cmd, args], { buffered }) {
  // The build is always a production build (React's development code must never be served or measured).
  const env = name === "build" ? { ...process.env, NODE_ENV: "production" } : process.env;
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env });
    let output = "";
    if (buffered) for (const s of [child.stdout, child.stderr]) s.on("data", (d) => (output += d));
    child.on("close", (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (buffered) process.stdout.write(`\n▶ ${name}\n${output}`);
      timings.push([name, seconds]);
      console.log(code === 0 ? `✔ ${name} (${seconds.toFixed(1)} s)` : `✖ ${name} failed after ${seconds.toFixed(1)} s`);
      resolve(code ?? 1);
    });
  });
}

for (const entry of plan) {
  const steps = (typeof entry[0] === "string" ? [entry] : entry).filter(([, , , when]) => !when || when());
  if (steps.length === 0) continue;
  if (steps.length === 1) console.log(`\n▶ ${steps[0][0]}`);
  else console.log(`\n▶ ${steps.map((s) => s[0]).join(" and ")}, side by side`);
  const codes = await Promise.all(steps.map((s) => run(s, { buffered: steps.length > 1 })));
  if (codes.some((c) => c !== 0)) {
    console.error(`✖ the suite stopped after ${minutes(Date.now() - suiteStarted)}`);
    process.exit(1);
  }
}
console.log("\nStep times:");
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(48)} ${(seconds / 60).toFixed(1).padStart(5)} min`);
console.log(`\nThe whole suite took ${minutes(Date.now() - suiteStarted)} (budget: 20 min, docs/testing.md).`);
