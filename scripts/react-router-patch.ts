// React Router, patched by the build (decision 0032, which replaces the install-time patch of decision 0026): five
// exact text replacements in its built files that make the work it repeats on every server render proportional
// to the page instead of to the whole route table.
//
//   1. matchRoutesImpl skips, with a string comparison, each branch whose leading static segments differ from
//      the URL's (those branches could not match: their regular expressions require those segments). With the
//      pages mounted three times (/, /es, /en), a URL was tried against ~250 branches twice per request.
//   2. ServerRouter builds the server route tree once per build manifest instead of once per request.
//   3. createStaticRouter converts that tree to data routes once per tree instead of once per request, and the
//      request handler's map of route modules (what 2 is keyed on) is made once per build.
//
// The browser build gets them through the Vite plugin's transform. The server build leaves npm packages to Node,
// so the plugin writes a patched copy of the package, bundled with its own dependencies, to
// build/server/node_modules/react-router: Node resolves `react-router` there for everything under build/server
// (the React Router build and main.js, the request handler), one copy for both. node_modules stays as npm put it.
//
// A React Router whose version or text differs stops the build with a message saying so: the patch is never
// dropped without anyone knowing. REACT_ROUTER_UNPATCHED=1 builds without it, with a warning, on purpose only.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

export const MARKER = "/* nexo-indie patch (scripts/react-router-patch.ts) */";
/** What the install-time patch wrote (decision 0026): a node_modules installed before the build did this still has it. */
const INSTALL_TIME_MARKER = "/* nexo-indie patch (scripts/patch-react-router.mjs) */";
export const EXPECTED_VERSION = "7.18.4";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
export const INSTALLED = path.join(projectRoot, "node_modules", "react-router");

const MATCH_LOOP = `  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}`;
const MATCH_LOOP_PATCHED = `  let decoded = decodePath(pathname);
  ${MARKER}
  let segments = allowPartial ? null : decoded.split("/");
  for (let i = 0; matches == null && i < branches.length; ++i) {
    if (segments && !nexoLeadingSegmentsAllow(branches[i], segments)) continue;
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}
${MARKER}
var nexoLeadingSegments = new WeakMap();
function nexoLeadingSegmentsOf(branch) {
  let known = nexoLeadingSegments.get(branch);
  if (known) return known;
  let leading = [];
  collect: for (let meta of branch.routesMeta) {
    if (meta.relativePath.includes("//")) break;
    for (let segment of meta.relativePath.split("/")) {
      if (segment === "") continue;
      if (/[:*?]/.test(segment)) break collect;
      leading.push(meta.caseSensitive ? [segment, true] : [segment.toLowerCase(), false]);
    }
  }
  nexoLeadingSegments.set(branch, leading);
  return leading;
}
function nexoLeadingSegmentsAllow(branch, segments) {
  let leading = nexoLeadingSegmentsOf(branch);
  for (let i = 0; i < leading.length; i++) {
    let actual = segments[i + 1];
    if (actual === void 0) return false;
    let [expected, caseSensitive] = leading[i];
    if ((caseSensitive ? actual : actual.toLowerCase()) !== expected) return false;
  }
  return true;
}`;

const STATIC_ROUTER = `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`;
const STATIC_ROUTER_PATCHED = `${MARKER}
var nexoStaticDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let converted = nexoStaticDataRoutes.get(routes);
  if (!converted) {
    let manifest2 = {};
    converted = { manifest: manifest2, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2) };
    nexoStaticDataRoutes.set(routes, converted);
  }
  let manifest = converted.manifest;
  let dataRoutes = converted.dataRoutes;`;

const SERVER_ROUTES = `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`;
const SERVER_ROUTES_PATCHED = `  ${MARKER}
  let kept = nexoServerRoutes.get(manifest.routes);
  if (!kept || kept.routeModules !== routeModules || kept.future !== context.future || kept.isSpaMode !== context.isSpaMode) {
    kept = { routeModules, future: context.future, isSpaMode: context.isSpaMode, routes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) };
    nexoServerRoutes.set(manifest.routes, kept);
  }
  let routes = kept.routes;`;
const SERVER_ROUTER = "function ServerRouter({";
const SERVER_ROUTER_PATCHED = `${MARKER}
var nexoServerRoutes = new WeakMap();
function ServerRouter({`;

const ENTRY_MODULES = `function createEntryRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`;
const ENTRY_MODULES_PATCHED = `${MARKER}
var nexoEntryRouteModules = new WeakMap();
function createEntryRouteModules(manifest) {
  let kept = nexoEntryRouteModules.get(manifest);
  if (!kept) {
    kept = nexoBuildEntryRouteModules(manifest);
    nexoEntryRouteModules.set(manifest, kept);
  }
  return kept;
}
function nexoBuildEntryRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`;

/** [name, anchor, replacement]: each anchor is found exactly once in the package's build. */
export const CHANGES: [name: string, anchor: string, replacement: string][] = [
  ["matchRoutesImpl", MATCH_LOOP, MATCH_LOOP_PATCHED],
  ["createStaticRouter", STATIC_ROUTER, STATIC_ROUTER_PATCHED],
  ["ServerRouter routes", SERVER_ROUTES, SERVER_ROUTES_PATCHED],
  ["ServerRouter cache", SERVER_ROUTER, SERVER_ROUTER_PATCHED],
  ["createEntryRouteModules", ENTRY_MODULES, ENTRY_MODULES_PATCHED],
];

/** A module of React Router's build: what Node and Vite load (the react-server builds are not used). */
export const PATCHED_FILE =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/](development|production)[\\/](?!index-react-server)[^\\/]+\.mjs$/;

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/**
 * One file's text with every replacement whose anchor it holds; `applied` names them. A text already patched
 * (a node_modules patched at install) is counted as applied and left as it is.
 */
export function patchText(original: string): { text: string; applied: string[] } {
  let text = original.replaceAll(INSTALL_TIME_MARKER, MARKER);
  const applied: string[] = [];
  for (const [name, anchor, replacement] of CHANGES) {
    // A replacement may hold its anchor (ServerRouter's): look for the change made first.
    if (text.includes(replacement)) applied.push(name);
    else if (text.includes(anchor)) {
      text = text.replace(anchor, replacement);
      applied.push(name);
    }
  }
  return { text: applied.length ? text : original, applied };
}

/** The text as the package ships it: every replacement taken back out (the tests compare the two matchers). */
export function unpatchText(text: string): string {
  let next = text.replaceAll(INSTALL_TIME_MARKER, MARKER);
  for (const [, anchor, replacement] of CHANGES) next = next.replace(replacement, anchor);
  return next;
}

export class ReactRouterPatchError extends Error {}

/**
 * Checks that the installed React Router is the one the replacements were written for and that each one's text
 * is found exactly once in its development build (what the `node`, `module` and `import` conditions load) and
 * once in its production build. Answers the file of each change (development build); throws a
 * ReactRouterPatchError that says what differs and what to do.
 */
export function checkReactRouter(packageDir = INSTALLED): Record<string, string> {
  const version = (JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as { version: string }).version;
  const todo = `review the five replacements of scripts/react-router-patch.ts against it (decision 0032), then set EXPECTED_VERSION`;
  if (version !== EXPECTED_VERSION) {
    throw new ReactRouterPatchError(
      `React Router ${version} is installed, but its build patch (scripts/react-router-patch.ts) was written for ${EXPECTED_VERSION}: ${todo}. ` +
        `The build stops rather than serve every page without the patch; REACT_ROUTER_UNPATCHED=1 builds without it.`,
    );
  }
  const found: Record<string, string> = {};
  const problems: string[] = [];
  for (const dist of ["development", "production"]) {
    const dir = path.join(packageDir, "dist", dist);
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(".mjs") && !name.startsWith("index-react-server"))
      .map((name) => path.join(dir, name));
    const texts = files.map((file) => readFileSync(file, "utf8").replaceAll(INSTALL_TIME_MARKER, MARKER));
    for (const [name, anchor, replacement] of CHANGES) {
      const counts = texts.map((text) => (text.includes(replacement) ? occurrences(text, replacement) : occurrences(text, anchor)));
      const total = counts.reduce((a, b) => a + b, 0);
      if (total !== 1) problems.push(`${name}: its text is found ${total} times in dist/${dist} (expected once)`);
      else if (dist === "development") found[name] = files[counts.indexOf(1)];
    }
  }
  if (problems.length) {
    throw new ReactRouterPatchError(
      `React Router ${version} does not hold the texts its build patch replaces (scripts/react-router-patch.ts): ${problems.join("; ")}. ` +
        `${todo}. The build stops rather than serve every page without the patch; REACT_ROUTER_UNPATCHED=1 builds without it.`,
    );
  }
  return found;
}

/**
 * Writes React Router, patched, as a package of its own at `<outDir>/node_modules/react-router`: one ES module
 * bundled from the package's entry with its dependencies (its own set-cookie-parser is not the project's),
 * React left to the project's node_modules. Throws unless each replacement was made exactly once.
 */
export async function writePatchedCopy(outDir: string): Promise<string> {
  const dir = path.join(outDir, "node_modules", "react-router");
  rmSync(dir, { recursive: true, force: true });
  const applied = new Map(CHANGES.map(([name]) => [name, 0]));
  await build({
    stdin: { contents: `export * from "react-router";`, resolveDir: projectRoot, sourcefile: "react-router-patched.mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["react", "react-dom"],
    outfile: path.join(dir, "index.mjs"),
    logLevel: "warning",
    plugins: [
      {
        name: "react-router-patch",
        setup(esbuild) {
          // esbuild's filters are Go regular expressions, without PATCHED_FILE's look-ahead.
          esbuild.onLoad({ filter: /[\\/]react-router[\\/]dist[\\/]/ }, (args) => {
            if (!PATCHED_FILE.test(args.path)) return undefined;
            const { text, applied: names } = patchText(readFileSync(args.path, "utf8"));
            for (const name of names) applied.set(name, applied.get(name)! + 1);
            return { contents: text, loader: "js" };
          });
        },
      },
    ],
  });
  const wrong = [...applied].filter(([, n]) => n !== 1);
  if (wrong.length) {
    throw new ReactRouterPatchError(
      `the server's copy of React Router got ${wrong.map(([name, n]) => `${name} ${n} times`).join(", ")} (expected once each): see scripts/react-router-patch.ts`,
    );
  }
  const description = `react-router ${EXPECTED_VERSION} with the build's patch (scripts/react-router-patch.ts, decision 0032)`;
  const manifest = {
    name: "react-router",
    version: EXPECTED_VERSION,
    description,
    type: "module",
    sideEffects: false,
    exports: { ".": "./index.mjs" },
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return dir;
}

/**
 * The Vite plugin (builds only; `npm run dev` and the tests load the package as installed). The browser build's
 * React Router modules go through `patchText`; the server build gets the patched copy beside it. Checked first:
 * a React Router the patch does not fit fails the build (see checkReactRouter).
 */
export function reactRouterPatch(): Plugin {
  let patched: boolean | undefined;
  const appliedIn = new Map<string, Map<string, number>>();
  return {
    name: "react-router-patch",
    apply: "build",
    enforce: "pre",
    buildStart() {
      if (patched !== undefined) return;
      try {
        checkReactRouter();
        patched = true;
      } catch (error) {
        if (!(error instanceof ReactRouterPatchError) || process.env.REACT_ROUTER_UNPATCHED !== "1") throw error;
        patched = false;
        const line = "!".repeat(100);
        this.warn(
          `\n${line}\nREACT_ROUTER_UNPATCHED=1: this build serves React Router unpatched, every page slower.\n${error.message}\n${line}`,
        );
      }
    },
    transform(code, id) {
      if (!patched || !PATCHED_FILE.test(id)) return null;
      const { text, applied } = patchText(code);
      if (!applied.length) return null;
      const counts = appliedIn.get(this.environment.name) ?? new Map<string, number>();
      appliedIn.set(this.environment.name, counts);
      for (const name of applied) counts.set(name, (counts.get(name) ?? 0) + 1);
      return { code: text, map: null };
    },
    buildEnd(error) {
      const counts = appliedIn.get(this.environment.name);
      if (error || !counts) return;
      // Every change or none: a bundle that took React Router from files the check did not read would say so here.
      const wrong = CHANGES.map(([name]) => [name, counts.get(name) ?? 0] as const).filter(([, n]) => n !== 1);
      if (wrong.length) {
        this.error(
          `React Router in the ${this.environment.name} build: ${wrong.map(([name, n]) => `${name} patched ${n} times`).join(", ")} (expected once each)`,
        );
      }
    },
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== "server" || !options.dir) return;
      // The copy answers `react-router` only: a subpath would reach the package in node_modules, unpatched, a second React Router.
      const subpaths = Object.values(bundle).flatMap((chunk) =>
        chunk.type === "chunk" ? chunk.imports.filter((i) => i.startsWith("react-router/")) : [],
      );
      if (subpaths.length)
        this.error(
          `the server build imports ${[...new Set(subpaths)].join(", ")}: scripts/react-router-patch.ts writes only react-router's main entry`,
        );
      if (patched) await writePatchedCopy(options.dir);
      else rmSync(path.join(options.dir, "node_modules", "react-router"), { recursive: true, force: true });
    },
  };
}
