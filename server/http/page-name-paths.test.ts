import { matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "#app/routes";
import { createCompany, createUser } from "#server/db/factories";
import { createCategory, createForum } from "#server/db/forum-factories";
import { testApp, type TestApp } from "#tests/support/app";
import { RESERVED_COMPANY_SLUGS } from "#server/modules/accounts/company-slug";

/**
 * A name chosen by a person (a username, a company slug, a forum slug) may equal a page
 * name. Without a language prefix, /u/admin must still open admin's profile, not the admin area with "u"
 * taken for a language. The page names come from app/routes.ts itself, so a new page is tested as it lands.
 */
type ConfigRoute = { path?: string; index?: boolean; id?: string; file: string; children?: ConfigRoute[] };
const config = routeConfig as ConfigRoute[];

/** Every page's full path under the language segment, with the config entry that serves it. */
function leafPaths(routes: ConfigRoute[], parent = ""): { path: string; file: string }[] {
  return routes.flatMap((r) => {
    const path = [parent, r.path ?? ""].filter(Boolean).join("/");
    const children = r.children?.length ? leafPaths(r.children, path) : [];
    return r.path !== undefined || r.index ? [...children, { path, file: r.file }] : children;
  });
}
const pages = leafPaths(config);
const firstSegment = (path: string) => path.split("/")[0];

/** The first segment of every page (about, connect, admin, auth, u, company, community…), the languages included. */
const PAGE_NAMES = [...new Set(pages.map((p) => firstSegment(p.path)).filter((s) => s && !s.startsWith(":") && s !== "*"))];
/** Pages whose first segment is fixed and whose second is a name someone chose: u/:username, company/:slug, … */
const NAMED = [...new Map(pages.map((p) => [p.path.replace(/^(es|en)\//, ""), p.file])).entries()]
  .filter(([path]) => /^[^:*/]+\/:[^/]+/.test(path))
  .map(([path, file]) => ({ path, file }));

it("the company area's own pages are exactly the reserved company slugs", () => {
  const companyPages = [
    ...new Set(
      pages
        .map((p) => p.path.replace(/^(es|en)\//, ""))
        .filter((p) => /^company\/[^:/]+/.test(p))
        .map((p) => p.split("/")[1]),
    ),
  ];
  expect(new Set(companyPages)).toEqual(RESERVED_COMPANY_SLUGS);
});

it("the lists come from app/routes.ts", () => {
  for (const name of ["about", "connect", "search", "account", "community", "leaderboard", "admin", "auth", "login", "register"])
    expect(PAGE_NAMES).toContain(name);
  for (const name of ["dashboard", "company", "resources", "notifications", "u", "es", "en"]) expect(PAGE_NAMES).toContain(name);
  expect(NAMED.map((p) => p.path)).toEqual(expect.arrayContaining(["u/:username", "company/:slug", "community/:forumSlug"]));
});

describe("route matching, for every page with a chosen name in it", () => {
  // React Router's own matcher on the route tree, as the server and the browser both run it.
  const toRouteObjects = (routes: ConfigRoute[]): Parameters<typeof matchRoutes>[0] =>
    routes.map(
      (r) => ({ file: r.file, path: r.path, index: r.index, children: r.children ? toRouteObjects(r.children) : undefined }) as never,
    );
  const tree = toRouteObjects(config);
  for (const named of NAMED) {
    it(`${named.path} opens ${named.file} whatever the name, with and without a language`, () => {
      // A company can never be given a slug of the company area's own pages (games, campaigns, verification).
      for (const name of PAGE_NAMES.filter((n) => named.path !== "company/:slug" || !RESERVED_COMPANY_SLUGS.has(n))) {
        // Fill the first name with a page name and any later ones with a plain word.
        let first = true;
        const concrete = named.path.replace(/:[A-Za-z]+/g, () => (first ? ((first = false), name) : "plain"));
        for (const prefix of ["", "/es", "/en"]) {
          const matches = matchRoutes(tree, `${prefix}/${concrete}`) ?? [];
          const leaf = matches.at(-1)?.route as { file: string } | undefined;
          expect({ path: `${prefix}/${concrete}`, file: leaf?.file }).toEqual({ path: `${prefix}/${concrete}`, file: named.file });
          // …and in the language of the prefix (the unprefixed pages sit under a layout without a path).
          expect(matches[0].route.path, `${prefix}/${concrete}`).toBe(prefix ? prefix.slice(1) : undefined);
        }
      }
    });
  }
});

describe("over HTTP: profiles, companies and forums named like pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
    const db = t.services.db;
    const admin = await createUser(db, { roles: ["Admin"] });
    await t.services.settings.write("forum_enabled", true, admin.id);
    const cat = await createCategory(db, { slug: "general", titleEn: "General", titleEs: "General" });
    for (const [i, name] of PAGE_NAMES.entries()) {
      // Straight into the database: some of these names are reserved or too short for the sign-up form, but
      // accounts made before a rule, or by the team, may carry them; the path must still reach them.
      await createUser(db, { username: name, email: `page-name-${i}@example.test` });
      if (!RESERVED_COMPANY_SLUGS.has(name))
        await createCompany(db, { username: `studio_${i}`, slug: name, companyName: `Studio named ${name}`, verified: true });
      await createForum(db, {
        categoryId: cat.id,
        slug: name,
        titleEn: `Forum named ${name}`,
        titleEs: `Foro llamado ${name}`,
        position: i,
      });
    }
  });
  afterAll(() => t.close());

  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

  it.each(PAGE_NAMES)("/u/%s opens the profile, with and without a language", async (name) => {
    for (const [prefix, expected] of [
      ["/en", `${name}&#x27;s profile`],
      ["/es", `Perfil de ${name}`],
      ["", `${name}&#x27;s profile`],
    ]) {
      const res = await t.request(`${prefix}/u/${name}`, { headers: { "accept-language": "en" } });
      expect(res.status, `${prefix}/u/${name}`).toBe(200);
      expect(title(await res.text()), `${prefix}/u/${name}`).toContain(expected);
    }
  });

  it.each(PAGE_NAMES.filter((n) => !RESERVED_COMPANY_SLUGS.has(n)))(
    "/company/%s opens the company, with and without a language",
    async (name) => {
      for (const prefix of ["/en", "/es", ""]) {
        const res = await t.request(`${prefix}/company/${name}`);
        expect(res.status, `${prefix}/company/${name}`).toBe(200);
        expect(title(await res.text()), `${prefix}/company/${name}`).toContain(`Studio named ${name}`);
      }
    },
  );

  it.each(PAGE_NAMES)("/community/%s opens the forum, with and without a language", async (name) => {
    for (const [prefix, expected] of [
      ["/en", `Forum named ${name}`],
      ["/es", `Foro llamado ${name}`],
      ["", `Forum named ${name}`],
    ]) {
      const res = await t.request(`${prefix}/community/${name}`, { headers: { "accept-language": "en" } });
      expect(res.status, `${prefix}/community/${name}`).toBe(200);
      expect(title(await res.text()), `${prefix}/community/${name}`).toContain(expected);
    }
  });
});
