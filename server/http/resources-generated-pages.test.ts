import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverT } from "#app/i18n/server";
import { describeDatabaseFromSources } from "#server/db/diagram/schema-modules";
import { OPENAPI_PATH } from "#server/http/api/openapi";
import type { DatabaseDiagram } from "#shared/database-diagram";
import { testApp, type TestApp } from "#tests/support/app";

/** The wiki's generated pages: the database diagram and the API's endpoints, in both languages. */
let t: TestApp;
let schema: DatabaseDiagram;

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
async function page(path: string) {
  const res = await t.request(path);
  expect(res.status).toBe(200);
  return res.text();
}
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));

beforeAll(async () => {
  t = await testApp();
  schema = await describeDatabaseFromSources();
});
afterAll(() => t?.close());

describe("/resources/database", () => {
  for (const lang of ["en", "es"] as const) {
    const tr = (key: string, vars?: Record<string, unknown>) => esc(serverT(lang, "wiki")(key, vars ?? {}) as string);

    it(`draws and lists every table and column of the schema as it is now (${lang})`, async () => {
      const html = await page(`/${lang}/resources/database`);
      expect(html).toContain(`<html lang="${lang}"`);
      const main = mainOf(html);
      expect(main).toContain(tr("database.heading"));
      // The SVG: titled, described, one box per table.
      const from = main.indexOf('<svg role="img"');
      const svg = main.slice(from, main.indexOf("</svg>", from));
      const counts = { tables: schema.tables.length, areas: schema.areas.length };
      expect(svg).toMatch(/aria-labelledby="[^"]+-title [^"]+-desc"/);
      expect(svg).toContain(`>${tr("database.svgTitle", counts)}</title>`);
      expect(svg).toContain(`>${tr("database.svgDesc")}</desc>`);
      expect([...svg.matchAll(/data-table="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual(schema.tables.map((x) => x.name).sort());
      // The same as tables, for screen readers: every column with its type, nullability and reference.
      for (const table of schema.tables) {
        const start = main.indexOf(`data-columns="${table.name}"`);
        expect(start, table.name).toBeGreaterThan(0);
        const rows = main.slice(start, main.indexOf("</table>", start));
        const cells = [
          ...rows.matchAll(
            /<tr[^>]*><th scope="row"[^>]*><code[^>]*>([^<]+)<\/code><\/th><td[^>]*><code[^>]*>([^<]+)<\/code><\/td><td[^>]*>([^<]+)<\/td>/g,
          ),
        ];
        expect(
          cells.map((m) => [m[1], m[2], m[3]]),
          table.name,
        ).toEqual(table.columns.map((c) => [c.name, esc(c.type), c.nullable ? tr("database.yes") : tr("database.no")]));
        for (const c of table.columns.filter((col) => col.references)) expect(rows).toContain(`>${c.references}</code>`);
      }
    });
  }
});

describe("/resources/api", () => {
  for (const lang of ["en", "es"] as const) {
    const tr = (key: string, vars?: Record<string, unknown>) => esc(serverT(lang, "wiki")(key, vars ?? {}) as string);

    it(`lists every operation of the OpenAPI document with who may call it (${lang})`, async () => {
      const document = (await (await t.request(OPENAPI_PATH)).json()) as { paths: Record<string, Record<string, { "x-access": string }>> };
      const operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, access: op["x-access"] })),
      );
      const main = mainOf(await page(`/${lang}/resources/api`));
      expect(main).toContain(tr("api.heading"));
      expect(main).toContain(tr("api.intro", { count: operations.length }));
      expect(main).toContain('href="/api/v1/openapi.json"');
      const listed = [...main.matchAll(/data-endpoint="([^"]+)"/g)].map((m) => m[1]);
      expect(listed.sort()).toEqual(operations.map((o) => o.key).sort());
      const settings = main.slice(main.indexOf('data-endpoint="PUT /api/v1/site/settings/{key}"'));
      expect(settings.slice(0, settings.indexOf("</tr>"))).toContain(tr("api.who.admin"));
      if (lang === "es") expect(main).toContain('lang="en"');
    });
  }
});

describe("/resources links to both", () => {
  for (const lang of ["en", "es"] as const)
    it(`in ${lang}`, async () => {
      const main = mainOf(await page(`/${lang}/resources`));
      expect(main).toContain(`href="/${lang}/resources/database"`);
      expect(main).toContain(`href="/${lang}/resources/api"`);
      expect(main).toContain(esc(serverT(lang, "site")("resources.generated.title") as string));
    });
});
