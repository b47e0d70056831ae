import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * WCAG 2.5.3 Label in Name on the thread page: each post's permalink shows its time, and its accessible name
 * must contain that visible text (a person using speech says what they see), while still naming the post.
 */
let t: TestApp;
let path = "";

beforeAll(async () => {
  t = await testApp();
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"] });
  await t.services.settings.write("forum_enabled", true, admin.id);
  const author = await createUser(db);
  const cat = await createCategory(db, { slug: "permalinks" });
  const forum = await createForum(db, { categoryId: cat.id, slug: "enlaces" });
  const thread = await createThreadWithPosts(db, {
    forumId: forum.id,
    authorId: author.id,
    title: "Permalinks say what they show",
    at: new Date(Date.now() - 3 * 3600_000),
    replies: [{ authorId: admin.id, body: "A reply with its own link." }],
  });
  path = `/community/${forum.slug}/${thread.slug}`;
});
afterAll(() => t.close());

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const textOf = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();

/** Each post's permalink: its visible text (without visually hidden parts) and its accessible name. */
function permalinks(html: string) {
  return [...html.matchAll(/<a\b([^>]*href="[^"]*#post-(\d+)"[^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, number, inner]) => {
    const label = /aria-label="([^"]*)"/.exec(attrs)?.[1];
    const visible = textOf(inner.replace(/<span class="sr-only">[\s\S]*?<\/span>/g, ""));
    return { number: Number(number), visible, name: label !== undefined ? decode(label) : textOf(inner) };
  });
}

describe("thread page: the post permalink's name contains its visible time", () => {
  for (const [locale, ago, post] of [
    ["en", "3 hours ago", "post"],
    ["es", "hace 3 horas", "mensaje"],
  ] as const) {
    it(`in ${locale}`, async () => {
      const res = await t.request(`/${locale}${path}`);
      expect(res.status).toBe(200);
      const links = permalinks(await res.text());
      expect(links.map((l) => l.number)).toEqual([1, 2]);
      for (const link of links) {
        expect(link.visible.length, `post ${link.number}'s link shows its time`).toBeGreaterThan(0);
        expect(link.name, `post ${link.number}: the name contains the visible text`).toContain(link.visible);
        expect(link.name, "and still says which post it links to").toContain(`${post} ${link.number}`);
      }
      expect(links[0].visible).toBe(ago);
      expect(links[0].name).toBe(`${ago}, ${post} 1`);
    });
  }
});
