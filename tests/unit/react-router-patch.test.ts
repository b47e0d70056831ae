import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { matchRoutes, RouteObject } from "react-router";
import { beforeAll, expect, it } from "vitest";
import routeConfig from "#app/routes";
import { CHANGES, checkReactRouter, EXPECTED_VERSION, INSTALLED, patchText, unpatchText } from "#scripts/react-router-patch";
import { serverBuildFile } from "#server/paths";

/**
 * Decision 0032 (0026 before it): the build patches React Router; among others, its matcher skips branches whose
 * leading static segments differ from the URL's. The replacements must fit the installed package (an upgrade
 * fails here, and the build, with a message), the server build must load the patched copy, and the patched
 * matcher must answer exactly as the package's own for every page of app/routes.ts and for URLs built to trip
 * it (case, slashes, encodings, Unicode case folding, unknown pages). Both matchers are the installed file, with
 * the replacements made and taken out, loaded beside it.
 */
type ConfigRoute = { path?: string; index?: boolean; id?: string; file: string; caseSensitive?: boolean; children?: ConfigRoute[] };
const toRouteObjects = (routes: ConfigRoute[]): RouteObject[] =>
  routes.map(
    (r) =>
      ({
        id: r.id ?? r.file,
        path: r.path,
        index: r.index,
        caseSensitive: r.caseSensitive,
        children: r.children ? toRouteObjects(r.children) : undefined,
      }) as RouteObject,
  );

let patchedMatchRoutes: typeof matchRoutes;
let unpatchedMatchRoutes: typeof matchRoutes;

beforeAll(async () => {
  const chunk = checkReactRouter().matchRoutesImpl;
  const installed = readFileSync(chunk, "utf8");
  // Beside the installed chunk, for its imports; gone once loaded, so that no check meets it.
  const load = async (name: string, text: string) => {
    const file = path.join(path.dirname(chunk), `${name}-${process.pid}.mjs`);
    writeFileSync(file, text);
    try {
      return ((await import(/* @vite-ignore */ file)) as { matchRoutes: typeof matchRoutes }).matchRoutes;
    } finally {
      rmSync(file, { force: true });
    }
  };
  const unpatched = unpatchText(installed);
  expect(unpatched).not.toContain("nexo-indie patch");
  unpatchedMatchRoutes = await load("unpatched", unpatched);
  patchedMatchRoutes = await load("patched", patchText(unpatched).text);
});

it(`the installed react-router is ${EXPECTED_VERSION} and holds each replaced text exactly once`, () => {
  // On another version or text this throws the message the build stops with: update the replacements.
  const found = checkReactRouter();
  expect(Object.keys(found)).toEqual(CHANGES.map(([name]) => name));
  for (const [name, , replacement] of CHANGES) {
    const { text, applied } = patchText(unpatchText(readFileSync(found[name], "utf8")));
    expect(applied, name).toContain(name);
    expect(text.split(replacement).length - 1, name).toBe(1);
  }
});

it("a React Router the patch does not fit stops the build with a message that says so", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "react-router-"));
  try {
    for (const dist of ["development", "production"]) mkdirSync(path.join(dir, "dist", dist), { recursive: true });
    const pkg = (version: string) => writeFileSync(path.join(dir, "package.json"), JSON.stringify({ version }));
    pkg("7.99.0");
    expect(() => checkReactRouter(dir)).toThrow(
      `React Router 7.99.0 is installed, but its build patch (scripts/react-router-patch.ts) was written for ${EXPECTED_VERSION}`,
    );
    pkg(EXPECTED_VERSION);
    // Every text but createStaticRouter's, in one file of each build: only that one is named.
    const text = CHANGES.filter(([name]) => name !== "createStaticRouter")
      .map(([, anchor]) => anchor)
      .join("\n");
    for (const dist of ["development", "production"]) writeFileSync(path.join(dir, "dist", dist, "chunk-X.mjs"), text);
    expect(() => checkReactRouter(dir)).toThrow(
      "does not hold the texts its build patch replaces (scripts/react-router-patch.ts): createStaticRouter: its text is found 0 times in dist/development (expected once); createStaticRouter: its text is found 0 times in dist/production (expected once).",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it("the server build loads its patched copy of react-router (main.js and the React Router build alike)", () => {
  const resolved = createRequire(serverBuildFile).resolve("react-router");
  expect(resolved).toBe(path.join(path.dirname(serverBuildFile), "node_modules", "react-router", "index.mjs"));
  // The copy is bundled (esbuild reprints the code, without comments): each change's own functions and maps are there.
  const text = readFileSync(resolved, "utf8");
  for (const [name, , replacement] of CHANGES) {
    const own = [...new Set(replacement.match(/\bnexo\w+/g))];
    expect(own.length, name).toBeGreaterThan(0);
    for (const identifier of own) expect(text, `${name}: ${identifier}`).toContain(identifier);
  }
  expect(path.relative(INSTALLED, resolved).startsWith("..")).toBe(true);
});

/** Every page path of the config, with its dynamic segments filled in several ways. */
function pagePaths(routes: ConfigRoute[], parent = ""): string[] {
  return routes.flatMap((r) => {
    const full = [parent, r.path ?? ""].filter(Boolean).join("/");
    return [...(r.children ? pagePaths(r.children, full) : []), ...(r.path !== undefined || r.index ? [full] : [])];
  });
}
const FILLERS = ["admin", "en", "new", "Ünïcode", "a%2Fb"];
const pages = [...new Set(pagePaths(routeConfig as ConfigRoute[]))];
const corpus = new Set<string>([
  "",
  "/",
  "//",
  "/en",
  "/es/",
  "//en",
  "/en//",
  "/EN",
  "/En/About",
  "/xx/about",
  "/en/%61bout",
  "/en/ab%ZZout",
]);
// Each variant of a page takes the next filler in turn (every filler meets every kind of page, in fewer URLs).
let turn = 0;
for (const page of pages) {
  const fill = () => page.replace(/:[\w-]+\??/g, FILLERS[turn++ % FILLERS.length]).replace(/\*$/, "some/deep/path");
  for (const variant of [
    (f: string) => `/${f}`,
    (f: string) => `/${f}/`,
    (f: string) => `/${f.toUpperCase()}`,
    (f: string) => `//${f}`,
    (f: string) => `/${f.replace("/", "//")}`,
    (f: string) => `/${f}/extra`,
    (f: string) => `/${f}x`,
  ])
    corpus.add(variant(fill()));
  // Unicode case folding: the Kelvin sign lower-cases to "k", the long s does not; neither matches a regexp's /i without /u.
  corpus.add(`/${page.replace(/k/g, "\u212a").replace(/s/g, "\u017f")}`);
}
const shape = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

it(`answers as the package's own matcher for every page of app/routes.ts (${corpus.size} URLs)`, () => {
  const tree = toRouteObjects(routeConfig as ConfigRoute[]);
  expect(corpus.size).toBeGreaterThan(1500);
  let found = 0;
  const differences: string[] = [];
  for (const url of corpus) {
    const mine = JSON.stringify(shape(patchedMatchRoutes(tree, url)));
    if (mine !== JSON.stringify(shape(unpatchedMatchRoutes(tree, url)))) differences.push(url);
    if (mine !== "null" && !mine.includes("not-found.tsx")) found++;
  }
  expect(differences).toEqual([]);
  // The corpus reaches real pages, not only the not-found page.
  expect(found).toBeGreaterThan(pages.length);
  // The unpatched matcher is the slow one the patch replaces: about 25 s of one core for the corpus.
}, 120_000);

it("keeps case-sensitive routes, splats, optional segments and a basename exact", () => {
  const tree = toRouteObjects([
    { path: "Docs", caseSensitive: true, file: "docs", children: [{ path: "Intro", file: "intro" }] },
    { path: "docs", file: "docs-lower", children: [{ path: ":page?", file: "page" }] },
    { path: "files/*", file: "files" },
    { path: "lang?/about", file: "about" },
    { path: "*", file: "splat" },
  ]);
  for (const url of [
    "/Docs/Intro",
    "/docs/intro",
    "/DOCS/INTRO",
    "/docs",
    "/docs/x",
    "/files",
    "/files/a/b",
    "/FILES/a",
    "/about",
    "/lang/about",
    "/x/about",
    "/",
    "/nothing",
  ]) {
    expect(shape(patchedMatchRoutes(tree, url)), url).toEqual(shape(unpatchedMatchRoutes(tree, url)));
    expect(shape(patchedMatchRoutes(tree, `/base${url}`, "/base")), url).toEqual(shape(unpatchedMatchRoutes(tree, `/base${url}`, "/base")));
  }
});
