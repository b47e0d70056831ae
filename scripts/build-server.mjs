// Bundles server/main.ts into build/server/main.js; npm packages stay external (installed alongside).
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  // The React Router build is loaded at run time from build/server/index.js, never bundled twice.
  external: ["./index.js"],
});
console.log("server bundle written to build/server/main.js");
