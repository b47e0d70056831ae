// `npm run screenshots`: builds when the build is older than the sources, then writes the screenshots
// (playwright.screenshots.config.ts says which and where).
import { spawnSync } from "node:child_process";
import { buildIsStale } from "./start.mjs";

if (buildIsStale()) {
  console.log("building…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync("npx", ["playwright", "test", "--config", "playwright.screenshots.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
});
if (r.status === 0) console.log("screenshots written to screenshots/<lang>-<theme>-<width>/");
process.exit(r.status ?? 1);
