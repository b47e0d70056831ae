// Bundles server/main.ts into build/server/main.js; npm packages stay external (installed alongside).
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
};

await build({
  ...common,
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  // The React Router build is loaded at run time from build/server/index.js, never bundled twice.
  external: ["./index.js"],
});
// The image worker thread (server/platform/images/pool.ts starts it from beside main.js).
await build({ ...common, entryPoints: ["server/platform/images/worker.ts"], outfile: "build/server/image-worker.js" });
// The demo's artwork, drawn once here so that seeding a demo database (one per end-to-end worker) only copies it.
await build({ ...common, entryPoints: ["server/db/demo-art/prerender.ts"], outfile: "build/demo-art/prerender.js" });
const { drawn } = await import(new URL("../build/demo-art/prerender.js", import.meta.url).href);
console.log(`demo art drawn into build/demo-art (${await drawn} pictures)`);
console.log("server bundle written to build/server/main.js (image worker: build/server/image-worker.js)");
