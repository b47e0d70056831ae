import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import routeConfig from "#app/routes";
// @ts-expect-error -- a plain ES module script without types
import { builtFiles, CHANGES, patchReactRouter } from "#scripts/patch-react-router.mjs";

/**
 * Decision 0026: React Router's matcher skips branches whose leading static segments differ from the URL's.
 * The patched matcher must answer exactly as the package's own for every page of app/routes.ts and for URLs
 * built to trip it (case, slashes, encodings, Unicode case folding, unknown pages). The package's own is the
 * same file with the patch taken back out, loaded beside it.
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

let unpatchedFile = "";
let unpatchedMatchRoutes: typeof matchRoutes;
let checkError: unknown = null;

beforeAll(async () => {
  try {
    patchReactRouter({ check: true });
  } catch (error) {
    checkError = error;
  }
  const chunk = (builtFiles() as string[]).find(
    (f) => f.includes("/development/") && readFileSync(f, "utf8").includes("function matchRoutesImpl("),
  );
  if (!chunk) throw new Error("no development chunk holds matchRoutesImpl");
  let text = readFileSync(chunk, "utf8");
  for (const [, anchor, replacement] of CHANGES as [string, string, string][]) text = text.replace(replacement, anchor);
  unpatchedFile = path.join(path.dirname(chunk), `unpatched-${process.pid}.mjs`);
  writeFileSync(unpatchedFile, text);
  ({ matchRoutes: unpatchedMatchRoutes } = await import(/* @vite-ignore */ unpatchedFile));
});
afterAll(() => unpatchedFile && rmSync(unpatchedFile, { force: true }));

it("the installed react-router carries the patch (npm install applies it)", () => {
  expect(checkError).toBeNull();
  expect(readFileSync(unpatchedFile, "utf8")).not.toContain("nexo-indie patch");
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
    const mine = JSON.stringify(shape(matchRoutes(tree, url)));
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
    expect(shape(matchRoutes(tree, url)), url).toEqual(shape(unpatchedMatchRoutes(tree, url)));
    expect(shape(matchRoutes(tree, `/base${url}`, "/base")), url).toEqual(shape(unpatchedMatchRoutes(tree, `/base${url}`, "/base")));
  }
});
