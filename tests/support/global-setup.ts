import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDatabaseTemplates } from "./database-templates";
// @ts-expect-error plain ESM script without types
import { buildIsStale } from "#scripts/start.mjs";

/**
 * Integration tests drive the real React Router build; build it once if the sources changed. Two test runs
 * started together (the PGlite and PostgreSQL projects, two terminals) would write build/ at the same time:
 * where `flock` exists, builds take turns on one lock file.
 */
export default async function setup(project: TestProject) {
  project.provide("databaseTemplates", await prepareDatabaseTemplates(project.name === "data-pg"));
  if (!buildIsStale()) return;
  // vitest sets NODE_ENV=test; a build under it would bundle React's development code.
  const env = { ...process.env, NODE_ENV: "production" };
  const hasFlock = spawnSync("flock", ["--version"], { stdio: "ignore" }).status === 0;
  const r = hasFlock
    ? spawnSync("flock", [join(tmpdir(), "build.lock"), "npm", "run", "build"], { stdio: "inherit", env })
    : spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (r.status !== 0) throw new Error("build failed");
}
