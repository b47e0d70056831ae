import { readFileSync } from "node:fs";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * Every payload of the XSS corpus (tests/fixtures/xss-corpus.json) as a thread's title, rendered by the server
 * in both languages: a title is text wherever the page shows it (<title>, the description and social tags,
 * the heading, the structured data, the side panel), so the page has the same elements and attributes as
 * with a plain title, every script is the app's own (its nonce) or data that still parses, and the heading
 * reads the title as typed. xss.spec.ts opens a sample of these pages in Chromium, and every payload as a
 * post, as a document and through React.
 */
type Corpus = { count: number; groups: Record<string, string[]> };
const corpus = JSON.parse(readFileSync(new URL("../../tests/fixtures/xss-corpus.json", import.meta.url), "utf8")) as Corpus;
// Control characters are refused before any route runs; titles are 5–150 characters (as in xss.spec.ts).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const titles = Object.values(corpus.groups)
  .flat()
  .filter((p) => !CONTROL.test(p))
  .map((p) => p.trim())
  .filter((p) => p.length >= 5 && p.length <= 150);

let t: TestApp;
const paths: { title: string; path: string }[] = [];
let baselinePath = "";

beforeAll(async () => {
  t = await testApp();
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const author = await createUser(db);
  const category = await createCategory(db, { slug: "xss-titles" });
  const forum = await createForum(db, { categoryId: category.id, slug: "titulos" });
  const make = async (title: string, slug: string) => {
    await createThreadWithPosts(db, { forumId: forum.id, authorId: author.id, title, slug, body: "A plain opening post." });
    return `/community/${forum.slug}/${slug}`;
  };
  baselinePath = await make("A plain title for comparison", "baseline");
  for (const [i, title] of titles.entries()) paths.push({ title, path: await make(title, `title-${i}`) });
}, 120_000);
afterAll(() => t.close());

type Page = { shape: string[]; problems: string[]; heading: string; documentTitle: string };

/** The page as an HTML parser reads it: each element with its attribute names, and what is wrong. */
function read(html: string): Page {
  const shape: string[] = [];
  const problems: string[] = [];
  let heading: string | null = null;
  let documentTitle: string | null = null;
  const open: { name: string; id?: string; script?: { nonce: boolean; type: string; text: string } }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        shape.push(`${name}[${Object.keys(attribs).sort().join(" ")}]`);
        for (const attr of Object.keys(attribs)) if (/^on/i.test(attr)) problems.push(`<${name} ${attr}>`);
        const entry: (typeof open)[number] = { name, id: attribs.id };
        if (name === "script") entry.script = { nonce: "nonce" in attribs, type: attribs.type ?? "", text: "" };
        if (attribs.id === "thread-title") heading = "";
        if (name === "title" && documentTitle === null) documentTitle = "";
        open.push(entry);
      },
      ontext(text) {
        const top = open.at(-1);
        if (top?.script) top.script.text += text;
        if (heading !== null && open.some((e) => e.id === "thread-title")) heading += text;
        if (top?.name === "title" && documentTitle !== null) documentTitle += text;
      },
      onclosetag() {
        const closed = open.pop();
        const script = closed?.script;
        if (!script) return;
        if (script.type === "application/ld+json" || script.type === "application/json") {
          try {
            JSON.parse(script.text);
          } catch {
            problems.push(`${script.type} data does not parse`);
          }
        } else if (!script.nonce) problems.push(`script without the nonce: ${script.text.slice(0, 60)}`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { shape, problems, heading: heading ?? "", documentTitle: documentTitle ?? "" };
}

describe("XSS corpus as thread titles, rendered by the server", () => {
  it("uses hundreds of the corpus's payloads as titles", () => {
    expect(titles.length).toBeGreaterThan(250);
  });

  it("notices an element, a handler or a script a title would have added", async () => {
    const html = await (await t.request(`/en${baselinePath}`)).text();
    const baseline = read(html);
    const broken = read(html.replaceAll("A plain title for comparison", '<img src=x onerror="alert(1)"><script>alert(2)</script>'));
    expect(broken.problems).toEqual(expect.arrayContaining(["<img onerror>", "script without the nonce: alert(2)"]));
    expect(broken.shape).not.toEqual(baseline.shape);
    expect(broken.heading).not.toBe("A plain title for comparison");
  });

  for (const locale of ["en", "es"] as const) {
    it(`changes no element or attribute of the thread page, and reads as typed (${locale})`, async () => {
      const baseline = read(await (await t.request(`/${locale}${baselinePath}`)).text());
      expect(baseline.problems).toEqual([]);
      expect(baseline.heading).toBe("A plain title for comparison");
      const failures: string[] = [];
      for (let i = 0; i < paths.length; i += 8) {
        await Promise.all(
          paths.slice(i, i + 8).map(async ({ title, path }) => {
            const res = await t.request(`/${locale}${path}`);
            const page = read(await res.text());
            const what = `${path} ${JSON.stringify(title).slice(0, 80)}`;
            if (res.status !== 200) failures.push(`${what}: ${res.status}`);
            if (page.problems.length) failures.push(`${what}: ${page.problems.join("; ")}`);
            // The parser turns CR into LF in a served document.
            if (page.heading !== title && page.heading !== title.replace(/\r\n?/g, "\n"))
              failures.push(`${what}: the heading reads otherwise`);
            if (
              !page.documentTitle.includes(title.replace(/\s+/g, " ").slice(0, 20).trim()) &&
              !page.documentTitle.includes(title.slice(0, 20))
            )
              failures.push(`${what}: <title> ${JSON.stringify(page.documentTitle.slice(0, 80))}`);
            if (page.shape.join("\n") !== baseline.shape.join("\n")) {
              const at = page.shape.findIndex((s, k) => s !== baseline.shape[k]);
              failures.push(`${what}: element ${at} is ${page.shape[at]}, with a plain title ${baseline.shape[at]}`);
            }
          }),
        );
      }
      expect(failures, `${failures.length} of ${paths.length} pages`).toEqual([]);
    }, 120_000);
  }
});
