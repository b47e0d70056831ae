import { spawnSync } from "node:child_process";
// @ts-expect-error plain ESM script without types
import { buildIsStale } from "../../scripts/start.mjs";

/** Integration tests drive the real React Router build; build it once if the sources changed. */
export default function setup() {
  if (buildIsStale()) {
    // vitest sets NODE_ENV=test; a build under it would bundle React's development code.
    const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (r.status !== 0) throw new Error("build failed");
  }
}
