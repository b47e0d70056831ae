import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { testApp, type TestApp } from "#tests/support/app";

/**
 * Issue 11 point 10: the home page shows only the sections of areas that are on and have something to show.
 * The forum off: no community section (no "opens soon"); the forum on: its newest threads; no featured games
 * yet: no featured-games section. In both languages, as a browser without JavaScript sees it.
 */
let t: TestApp;
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
const home = async (locale: "es" | "en") => {
  const res = await t.request(`/${locale}`);
  expect(res.status).toBe(200);
  return mainOf(await res.text());
};

const words = {
  es: { community: "Desde la comunidad", soon: "El foro abre pronto", featured: "Juegos destacados", all: "Ir a la comunidad", by: "de" },
  en: { community: "From the community", soon: "The forum opens soon", featured: "Featured games", all: "Go to the community", by: "by" },
} as const;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe("the home page", () => {
  for (const locale of ["es", "en"] as const) {
    it(`hides the community and featured-games sections while the forum is off (${locale})`, async () => {
      await t.services.settings.write("forum_enabled", false, "test");
      const main = await home(locale);
      expect(main).toContain("<h1");
      expect(main).not.toContain(words[locale].community);
      expect(main).not.toContain(words[locale].soon);
      expect(main).not.toContain(words[locale].featured);
      expect(main).not.toContain('id="featured-heading"');
      expect(main).not.toContain('id="community-heading"');
    });
  }

  it("hides the community section while the forum is on but has no threads (both languages)", async () => {
    await t.services.settings.write("forum_enabled", true, "test");
    for (const locale of ["es", "en"] as const) {
      const main = await home(locale);
      expect(main).not.toContain('id="community-heading"');
      expect(main).not.toContain(words[locale].soon);
    }
  });

  it("lists the newest visible threads, linked, while the forum is on (both languages); never a hidden one", async () => {
    const db = t.services.db;
    const author = await createUser(db, { username: "home_author" });
    const forum = await createForum(db, { categoryId: (await createCategory(db)).id, slug: "home-forum" });
    const hour = 3600_000;
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await createThreadWithPosts(db, {
          forumId: forum.id,
          authorId: author.id,
          title: `Home thread ${i}`,
          at: new Date(Date.now() - (10 - i) * hour),
        }),
      );
    }
    await createThreadWithPosts(db, { forumId: forum.id, authorId: author.id, title: "Hidden home thread", hidden: true });
    await t.services.settings.write("forum_enabled", true, "test");
    for (const locale of ["es", "en"] as const) {
      const main = await home(locale);
      expect(main).toContain(words[locale].community);
      expect(main).not.toContain(words[locale].soon);
      expect(main).not.toContain(words[locale].featured);
      // The five newest, newest first, each linked to its thread.
      const titles = [...main.matchAll(/>(Home thread \d)</g)].map((m) => m[1]);
      expect(titles).toEqual(["Home thread 6", "Home thread 5", "Home thread 4", "Home thread 3", "Home thread 2"]);
      expect(main).toContain(`href="/${locale}/community/home-forum/${made[6].slug}"`);
      expect(main).not.toContain("Hidden home thread");
      expect(main).toContain(`${words[locale].by} home_author`);
      expect(main).toContain(`href="/${locale}/community"`);
      expect(main).toContain(words[locale].all);
    }
  });
});
