// Run by `npm install` (postinstall): three changes to React Router's built files that make the work it
// repeats on every server render proportional to the page instead of to the whole route table (decision 0026).
// Each change is an exact text replacement; a file already changed is left alone, and a React Router whose
// text no longer matches stops the install with a message instead of running unchanged.
//
//   1. matchRoutesImpl skips, with a string comparison, each branch whose leading static segments differ from
//      the URL's (those branches could not match: their regular expressions require those segments). With the
//      pages mounted three times (/, /es, /en), a URL was tried against ~250 branches twice per request.
//   2. ServerRouter builds the server route tree once per build manifest instead of once per request.
//   3. createStaticRouter converts that tree to data routes once per tree instead of once per request, and the
//      request handler's map of route modules (what 2 is keyed on) is made once per build.
//
// `node scripts/patch-react-router.mjs --check` exits 1 when a file is not patched.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const MARKER = "/* nexo-indie patch (scripts/patch-react-router.mjs) */";
const EXPECTED_VERSION = "7.18.4";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "react-router");

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

/** [name, anchor, replacement]; a file gets every replacement whose anchor it holds. */
export const CHANGES = [
  ["matchRoutesImpl", MATCH_LOOP, MATCH_LOOP_PATCHED],
  ["createStaticRouter", STATIC_ROUTER, STATIC_ROUTER_PATCHED],
  ["ServerRouter routes", SERVER_ROUTES, SERVER_ROUTES_PATCHED],
  ["ServerRouter cache", SERVER_ROUTER, SERVER_ROUTER_PATCHED],
  ["createEntryRouteModules", ENTRY_MODULES, ENTRY_MODULES_PATCHED],
];

export function builtFiles() {
  const files = [];
  for (const build of ["development", "production"]) {
    const dir = path.join(root, "dist", build);
    for (const name of readdirSync(dir)) {
      // The ES modules: what Node loads for the server and what Vite bundles for the browser.
      if (name.endsWith(".mjs") && !name.startsWith("index-react-server")) files.push(path.join(dir, name));
    }
  }
  return files;
}

export function patchReactRouter({ check = false } = {}) {
  const version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
  if (version !== EXPECTED_VERSION) {
    throw new Error(`scripts/patch-react-router.mjs was written for react-router ${EXPECTED_VERSION}, found ${version}: review the patch`);
  }
  const applied = new Map(CHANGES.map(([name]) => [name, 0]));
  const unpatched = [];
  for (const file of builtFiles()) {
    const text = readFileSync(file, "utf8");
    let next = text;
    for (const [name, anchor, replacement] of CHANGES) {
      // A replacement may hold its anchor (ServerRouter's): look for the change made first.
      if (next.includes(replacement)) applied.set(name, applied.get(name) + 1);
      else if (next.includes(anchor)) {
        applied.set(name, applied.get(name) + 1);
        next = next.replace(anchor, replacement);
      }
    }
    if (next !== text) {
      if (check) unpatched.push(path.relative(root, file));
      else writeFileSync(file, next);
    }
  }
  if (unpatched.length) throw new Error(`react-router is not patched: ${unpatched.join(", ")} (run node scripts/patch-react-router.mjs)`);
  const missing = [...applied].filter(([, n]) => n === 0).map(([name]) => name);
  if (missing.length) throw new Error(`react-router ${version}: no file holds the text to change for ${missing.join(", ")}`);
  return Object.fromEntries(applied);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const applied = patchReactRouter({ check: process.argv.includes("--check") });
    console.log(
      `react-router patched (${Object.entries(applied)
        .map(([n, c]) => `${n}: ${c} files`)
        .join(", ")})`,
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
