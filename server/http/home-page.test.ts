import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { profiles, userStats } from "#server/db/schema";
import { homeHero } from "#app/features/home/hero.server";
import { testActor } from "#tests/support/actors";
import { signIn, testApp, type TestApp } from "#tests/support/app";

/**
 * The front page. A hero with the right next step for each kind of visitor (signed out:
 * sign up as a player, a creator or a studio; signed in: what that role can do next), then live content:
 * the newest threads and the top members with their avatars (uploaded or generated). A section with nothing
 * to show is not rendered at all. In both languages, as a browser without JavaScript sees it.
 */
let t: TestApp;
const mainOf = (html: string) => html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
const home = async (locale: "es" | "en", cookie?: string) => {
  const res = await t.request(`/${locale}`, { cookie });
  expect(res.status).toBe(200);
  return mainOf(await res.text());
};
/** The hero's call-to-action links (their addresses), in order. */
const heroLinks = (main: string) => {
  const block = main.slice(main.indexOf('data-testid="hero-actions"'), main.indexOf('id="audiences-heading"'));
  return [...block.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
};
/** Every <section> of the page's column: each must have something in it besides its heading. */
const sections = (main: string) => [...main.matchAll(/<section\b[\s\S]*?<\/section>/g)].map((m) => m[0]);

const words = {
  es: {
    community: "Desde la comunidad",
    members: "Miembros destacados",
    featured: "Juegos destacados",
    all: "Ir a la comunidad",
    by: "de",
  },
  en: { community: "From the community", members: "Top members", featured: "Featured games", all: "Go to the community", by: "by" },
} as const;

const PASSWORD = "home-page-pass-1";
let cookies: { player: string; creator: string; company: string };
let companySlug = "";

beforeAll(async () => {
  t = await testApp({ SQL_STATEMENTS_HEADER: "true" });
  const db = t.services.db;
  const player = await createUser(db, { username: "home_player", password: PASSWORD });
  await db.update(profiles).set({ role: null }).where(eq(profiles.id, player.id));
  const creator = await createUser(db, { username: "home_creator", password: PASSWORD });
  const company = await createCompany(db, { username: "home_studio", password: PASSWORD, verified: true });
  companySlug = company.slug;
  cookies = {
    player: await signIn(t, player.email, PASSWORD),
    creator: await signIn(t, creator.email, PASSWORD),
    company: await signIn(t, company.email, PASSWORD),
  };
});
afterAll(() => t.close());

describe("the home page's hero", () => {
  it("asks a visitor to sign up as a player, a creator or a studio, or to sign in (both languages)", async () => {
    for (const locale of ["es", "en"] as const) {
      const main = await home(locale);
      expect(main).toContain("<h1");
      expect(heroLinks(main)).toEqual([`/${locale}/register`, `/${locale}/login`]);
      for (const role of ["player", "creator", "company"]) expect(main).toContain(`href="/${locale}/register?role=${role}"`);
    }
    expect(await home("en")).toContain("Join as a studio");
    expect(await home("es")).toContain("Únete como estudio");
  });

  it("shows a player the community, the leaderboard and how to become a creator; no sign-up links", async () => {
    await t.services.settings.write("forum_enabled", true, "test");
    const main = await home("en", cookies.player);
    expect(main).toContain("Welcome back, home_player");
    expect(heroLinks(main)).toEqual(["/en/community", "/en/leaderboard", "/en/account#creator"]);
    expect(main).not.toContain("/register");
  });

  it("shows a creator the dashboard, the community and their progress", async () => {
    await t.services.settings.write("forum_enabled", true, "test");
    const main = await home("es", cookies.creator);
    expect(main).toContain("Hola de nuevo, home_creator");
    expect(heroLinks(main)).toEqual(["/es/dashboard", "/es/community", "/es/account/progress"]);
    expect(main).not.toContain("/register");
  });

  it("shows a studio the dashboard, its company page and the community", async () => {
    await t.services.settings.write("forum_enabled", true, "test");
    const main = await home("en", cookies.company);
    expect(heroLinks(main)).toEqual(["/en/dashboard", `/en/company/${companySlug}`, "/en/community"]);
    expect(main).not.toContain("/register");
  });

  it("never offers the community while the forum is off", () => {
    for (const actor of [
      testActor({ profileRole: null }),
      testActor({ profileRole: "creator" }),
      testActor({ profileRole: "company", company: { slug: "brisa", companyName: "Brisa", verified: true } }),
    ]) {
      expect(homeHero(actor, false).actions.map((a) => a.to)).not.toContain("/community");
      expect(homeHero(actor, true).actions.map((a) => a.to)).toContain("/community");
      expect(homeHero(actor, false).actions.length).toBeGreaterThanOrEqual(2);
      expect(homeHero(actor, false).signUp).toBe(false);
    }
    expect(homeHero(null, true).signUp).toBe(true);
  });
});

describe("the home page's live content", () => {
  it("renders no empty section: no community section while the forum is off or has no threads, no members without XP", async () => {
    for (const forum of [false, true]) {
      await t.services.settings.write("forum_enabled", forum, "test");
      for (const locale of ["es", "en"] as const) {
        const main = await home(locale);
        expect(main).not.toContain('id="community-heading"');
        expect(main).not.toContain('id="members-heading"');
        expect(main).not.toContain(words[locale].featured);
        for (const s of sections(main)) expect(s, s.slice(0, 120)).toMatch(/<li\b|<a\b/);
      }
    }
  });

  it("lists the newest visible threads, linked, with the authors' generated avatars (both languages)", async () => {
    const db = t.services.db;
    const author = await createUser(db, { username: "home_author" });
    const forum = await createForum(db, { categoryId: (await createCategory(db)).id, slug: "home-forum" });
    const hour = 3600_000;
    const made = [];
    for (let i = 0; i < 8; i++) {
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
      const titles = [...main.matchAll(/>(Home thread \d)</g)].map((m) => m[1]);
      expect(titles).toEqual([7, 6, 5, 4, 3, 2].map((n) => `Home thread ${n}`));
      expect(main).toContain(`href="/${locale}/community/home-forum/${made[7].slug}"`);
      expect(main).not.toContain("Hidden home thread");
      expect(main).toContain(`${words[locale].by} home_author`);
      expect(main).toContain(`src="/avatars/${author.id}.svg"`);
      expect(main).toContain(`href="/${locale}/community"`);
      expect(main).toContain(words[locale].all);
      for (const s of sections(main)) expect(s, s.slice(0, 120)).toMatch(/<li\b|<a\b/);
    }
  });

  it("shows the top members by XP with their avatars (generated, or the uploaded one) and links to the leaderboard", async () => {
    const db = t.services.db;
    const top = await createUser(db, { username: "home_top" });
    const second = await createUser(db, { username: "home_second" });
    await db.update(profiles).set({ avatarUrl: "/media/avatars/second.webp" }).where(eq(profiles.id, second.id));
    await db.insert(userStats).values([
      { userId: top.id, xp: 900 },
      { userId: second.id, xp: 500 },
    ]);
    for (const locale of ["es", "en"] as const) {
      const main = await home(locale);
      const section = main.slice(main.indexOf('id="members-heading"'));
      expect(section).toContain(words[locale].members);
      expect(section.indexOf("home_top")).toBeLessThan(section.indexOf("home_second"));
      expect(section).toContain(`src="/avatars/${top.id}.svg"`);
      expect(section).toContain('src="/media/avatars/second.webp"');
      expect(section).not.toContain(`/avatars/${second.id}.svg`);
      expect(section).toContain(`href="/${locale}/u/home_top"`);
      expect(section).toContain(`href="/${locale}/leaderboard"`);
    }
  });

  it("costs at most three statements more than a page without content of its own (flags, threads, members)", async () => {
    await t.services.settings.write("forum_enabled", true, "test");
    const count = async (path: string) => Number((await t.request(path)).headers.get("x-sql-statements"));
    const about = await count("/en/about");
    const front = await count("/en");
    expect(front - about).toBeLessThanOrEqual(3);
  });
});
