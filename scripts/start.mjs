// `npm start`: builds when the build is missing or older than the sources, then runs the production server.
import { spawnSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const output = "build/server/main.js";

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".") || /\.test\.tsx?$/.test(name)) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

export function buildIsStale() {
  if (!existsSync(output) || !existsSync("build/server/index.js")) return true;
  const built = statSync(output).mtimeMs;
  return ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"].some(
    (p) => existsSync(p) && newestMtime(p) > built,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  if (buildIsStale()) {
    console.log("building…");
    const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const child = spawn(process.execPath, [output], { stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code) => process.exit(code ?? 0));
}
