import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";
import { achievements, profiles, userAchievements, users, userStats } from "#server/db/schema";

/**
 * The public gamification pages on the real app and React Router build: the leaderboard (top 100 by
 * XP, 25 a page, all time / month / week, the viewer's own place also beyond the top 100) and the side panel's
 * cards 2 and 3 (top 5 members with their level, the 3 newest achievements), including how both follow XP
 * that is taken back, and the anonymous page cache emptying when XP changes outside the forum's events.
 */
let t: TestApp;
let ip = 0;
const PW = "leaderboard-pass-1";
type Member = { id: string; username: string; cookie: string };

const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `192.0.2.${++ip % 250}` } });
const html = async (path: string, cookie?: string) => {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return decode(await res.text());
};
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
const mainOf = (page: string) => page.slice(page.indexOf('<main id="main"'), page.indexOf("</main>"));
const asideOf = (page: string) => page.slice(page.indexOf("<aside"), page.indexOf("</aside>"));
/** The side panel's card whose heading is `title`. */
const cardOf = (page: string, title: string) => {
  const aside = asideOf(page);
  const start = aside.indexOf(`>${title}</h2>`);
  return aside.slice(start, aside.indexOf("</section>", start));
};
/** The table's rows as "rank|username|level|xp". */
const rowsOf = (page: string) =>
  [
    ...mainOf(page).matchAll(
      /<tr[^>]*>\s*<td[^>]*>([^<]+)<\/td>[\s\S]*?<span class="break-all">([^<]+)<\/span>[\s\S]*?<td[^>]*>([^<]+)<\/td>\s*<td[^>]*>([^<]+)<\/td>/g,
    ),
  ].map((m) => `${m[1]}|${m[2]}|${m[3]}|${m[4]}`);
/** The names of the default achievements in a language (badges namespace). */
const badgeNames = (locale: "en" | "es") =>
  Object.values(
    JSON.parse(readFileSync(join(process.cwd(), "app/i18n/locales", locale, "badges.json"), "utf8")) as Record<string, { name?: string }>,
  )
    .map((v) => v?.name)
    .filter(Boolean);
const adminActor = () => testActor({ userId: admin.id, roles: ["Admin"] });

let admin: { id: string };
async function member(username: string): Promise<Member> {
  const u = await createUser(t.services.db, { username, password: PW });
  return { id: u.id, username, cookie: await signIn(t, u.email, PW) };
}

/** Members with XP written straight into their stats (all time only: no ledger, no week or month totals). */
async function bulkMembers(prefix: string, xps: number[]) {
  const rows = xps.map((xp, i) => ({ id: randomUUID(), username: `${prefix}_${String(i).padStart(3, "0")}`, xp }));
  await t.services.db
    .insert(users)
    .values(rows.map((r) => ({ id: r.id, email: `${r.username}@example.test`, name: r.username, emailVerified: true })));
  await t.services.db.insert(profiles).values(rows.map((r) => ({ id: r.id, username: r.username, role: "creator" as const })));
  await t.services.db.insert(userStats).values(rows.map((r) => ({ userId: r.id, xp: r.xp })));
  return rows;
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  admin = await createUser(t.services.db, { roles: ["Admin"] });
});
afterAll(() => t?.close());

describe("before anyone has XP", () => {
  it("the leaderboard says so for every period, in both languages, with its title and description", async () => {
    for (const [period, text] of [
      ["", "Nobody has earned XP yet."],
      ["?period=month", "Nobody has earned XP this month yet."],
      ["?period=week", "Nobody has earned XP this week yet."],
    ]) {
      const page = await html(`/en/leaderboard${period}`);
      expect(mainOf(page)).toContain(text);
      expect(mainOf(page)).not.toContain("<table");
    }
    const en = await html("/en/leaderboard");
    expect(en).toContain("<title>Leaderboard | ");
    expect(en).toMatch(/<meta name="description" content="The [^"]+ members with the most XP/);
    expect(en).toContain('<link rel="canonical" href="http://localhost:3999/en/leaderboard"/>');
    expect(mainOf(en)).toContain("Sign in to see your own place.");
    const es = await html("/es/leaderboard?period=week");
    expect(es).toContain("<title>Clasificación | ");
    expect(mainOf(es)).toContain("Todavía nadie ha ganado XP esta semana.");
    expect(await html("/leaderboard")).toContain("<h1");
  });

  it("is in the sitemap, in both languages", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>http://localhost:3999/es/leaderboard</loc>");
    expect(sitemap).toContain("<loc>http://localhost:3999/en/leaderboard</loc>");
  });

  it("the side panel shows the empty texts of cards 2 and 3", async () => {
    const en = await html("/en/about");
    expect(cardOf(en, "Active members")).toContain("No active members yet.");
    expect(cardOf(en, "Active members")).toContain('href="/en/leaderboard"');
    expect(cardOf(en, "Recent achievements")).toContain("No achievements unlocked yet.");
    const es = await html("/es/about");
    expect(cardOf(es, "Miembros activos")).toContain("Todavía no hay miembros activos.");
    expect(cardOf(es, "Logros recientes")).toContain("Todavía no se ha desbloqueado ningún logro.");
  });

  it("a signed-in member without XP gets a friendly line instead of a rank", async () => {
    const zero = await member("zero_xp");
    const page = mainOf(await html("/en/leaderboard", zero.cookie));
    expect(page).toContain("Your place");
    expect(page).toContain("You have no XP yet.");
    expect(page).not.toContain("Sign in to see your own place.");
  });
});

describe("with members", () => {
  let ana: Member;
  let bea: Member;
  let low: Member;
  let hidee: Member;
  let hiddenReplyId = "";

  beforeAll(async () => {
    const g = t.services.gamification;
    // 104 members with 2..105 XP (direct rows), two tied at the top and one with a single XP, by the domain.
    await bulkMembers(
      "bulk",
      Array.from({ length: 104 }, (_, i) => 2 + i),
    );
    ana = await member("ana_top");
    bea = await member("bea_top");
    low = await member("low_xp");
    await g.adjustXp(adminActor(), { userId: ana.id, amount: 5000, reason: "Jam winner" });
    await g.adjustXp(adminActor(), { userId: bea.id, amount: 5000, reason: "Jam winner" });
    await g.adjustXp(adminActor(), { userId: low.id, amount: 1, reason: "Welcome" });

    // A member whose reply has five likes: the forum's XP comes through the replay (factories bypass events).
    hidee = await member("hidee");
    await t.services.settings.write("forum_enabled", true, admin.id);
    const forum = await createForum(t.services.db, { categoryId: (await createCategory(t.services.db)).id, slug: "board-forum" });
    const likers = await bulkMembers("liker", [0, 0, 0, 0, 0]);
    const thread = await createThreadWithPosts(t.services.db, {
      forumId: forum.id,
      authorId: hidee.id,
      title: "Show your pixel art",
      replies: [{ authorId: hidee.id, body: "Mine, with five likes", likedBy: likers.map((l) => l.id) }],
    });
    hiddenReplyId = thread.posts[1].id;
    await g.replayForum();
    // 305 XP in all: level 4 (300 XP) until the reply's 15 XP (5 for the reply, 2 for each like) go.
    const [{ xp }] = await t.services.db.select({ xp: userStats.xp }).from(userStats).where(eq(userStats.userId, hidee.id));
    await g.adjustXp(adminActor(), { userId: hidee.id, amount: 305 - xp, reason: "Setup" });
  });

  it("lists the top 100, 25 a page, with shared ranks, level and XP in a captioned table", async () => {
    const page = await html("/en/leaderboard");
    const rows = rowsOf(page);
    expect(rows).toHaveLength(25);
    // 5,000 XP and the rewards of the level 5 and 10 achievements it reached; ties in either order.
    expect([...rows.slice(0, 2)].sort()).toEqual(["#1|ana_top|Level 14|5,075", "#1|bea_top|Level 14|5,075"]);
    expect(rows.slice(2, 4)).toEqual(["#3|hidee|Level 4|305", "#4|bulk_103|Level 2|105"]);
    expect(mainOf(page)).toMatch(/<caption[^>]*>Top members by XP, all time<span[^>]*> — page 1 of 4<\/span><\/caption>/);
    expect(mainOf(page)).toMatch(/<th scope="col" class="[^"]*">Rank<\/th>/);
    expect(mainOf(page)).toContain('href="/en/u/ana_top"');
    // Pagination: numbered links, the current one marked.
    expect(mainOf(page)).toMatch(/<a aria-current="page" aria-label="Page 1"[^>]*href="\/en\/leaderboard"/);
    expect(mainOf(page)).toContain('href="/en/leaderboard?page=4"');

    const last = rowsOf(await html("/en/leaderboard?page=4"));
    expect(last).toHaveLength(25);
    // ana, bea and hidee, then the bulk members from 105 XP down to 9 (the likers have 5 XP).
    expect(last.at(-1)).toBe("#100|bulk_007|Level 1|9");
    expect((await get("/en/leaderboard?page=5")).status).toBe(404);
    // A period it does not know is all time.
    expect(rowsOf(await html("/en/leaderboard?period=year"))[0]).toMatch(/^#1\|(ana|bea)_top\|Level 14\|5,075$/);
  });

  it("speaks Spanish on /es, numbers included", async () => {
    const page = await html("/es/leaderboard");
    expect(rowsOf(page)[0]).toMatch(/^n\.º 1\|(ana|bea)_top\|Nivel 14\|5075$/);
    expect(mainOf(page)).toContain("Miembros con más XP, desde siempre");
    expect(mainOf(page)).toContain(">Esta semana</a>");
  });

  it("highlights the signed-in viewer's row and says their rank above the table", async () => {
    const page = mainOf(await html("/en/leaderboard", bea.cookie));
    expect(page).toContain("You are number 1 with 5,075 XP.");
    expect(page).toContain("You are highlighted in the table.");
    expect(page).toMatch(/<tr id="me" class="bg-primary\/10" data-me="">[\s\S]*?bea_top[\s\S]*?>You<\/span>/);
    expect(page.match(/data-me=""/g)).toHaveLength(1);
  });

  it("tells a member outside the top 100 their own rank", async () => {
    const page = mainOf(await html("/en/leaderboard", low.cookie));
    // Everyone with more than 1 XP is above: 104 bulk members, ana, bea, hidee and the likers with XP.
    const above = (await t.services.db.select({ xp: userStats.xp }).from(userStats)).filter((r) => r.xp > 1).length;
    expect(page).toContain(`You are number ${above + 1} with 1 XP.`);
    expect(page).toContain("Keep going: the table shows the top 100.");
    expect(page).not.toContain('data-me=""');
    expect(mainOf(await html("/es/leaderboard", low.cookie))).toContain(`Estás en el puesto ${above + 1} con 1 XP.`);
  });

  it("has period tabs as links; this week and this month count only XP earned in them", async () => {
    const all = mainOf(await html("/en/leaderboard"));
    expect(all).toMatch(/<a aria-current="page" class="btn btn-primary" href="\/en\/leaderboard"[^>]*>All time<\/a>/);
    expect(all).toMatch(/<a class="btn btn-outline" href="\/en\/leaderboard\?period=week"[^>]*>This week<\/a>/);
    for (const period of ["week", "month"]) {
      const page = await html(`/en/leaderboard?period=${period}`);
      expect(mainOf(page)).toMatch(new RegExp(`<a aria-current="page" class="btn btn-primary" href="/en/leaderboard\\?period=${period}"`));
      const names = rowsOf(page).map((r) => r.split("|")[1]);
      // The bulk members' XP has no ledger rows: it was never earned this week or month.
      expect([...names.slice(0, 2)].sort()).toEqual(["ana_top", "bea_top"]);
      expect(names[2]).toBe("hidee");
      expect(names).toContain("low_xp");
      expect(names.some((n) => n.startsWith("bulk_"))).toBe(false);
      expect(mainOf(page)).toMatch(/Since [^<]+\(UTC\)/);
    }
    const bulk = await member("bulk_signed_in");
    const week = mainOf(await html("/en/leaderboard?period=week", bulk.cookie));
    expect(week).toContain("You have not earned XP this week yet.");
  });

  it("the side panel lists the top 5 with their level and the 3 newest achievements, named in both languages", async () => {
    const en = await html("/en/about");
    const members = cardOf(en, "Active members");
    const names = [...members.matchAll(/<span class="truncate">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect([...names.slice(0, 2)].sort()).toEqual(["ana_top", "bea_top"]);
    expect(names.slice(2)).toEqual(["hidee", "bulk_103", "bulk_102"]);
    expect(members).toContain('href="/en/u/ana_top"');
    expect(members).toContain(">Level 14</span>");
    expect(members).toMatch(/<a class="link inline-block py-1 text-sm" href="\/en\/leaderboard"[^>]*>See the leaderboard<\/a>/);

    // An achievement an admin created with typed names, unlocked last.
    const custom = await t.services.gamification.createAchievement(adminActor(), {
      key: "jam_star",
      type: "threads",
      threshold: 1000,
      rarity: "Epic",
      rewardXp: 0,
      nameEs: "Estrella de la jam",
      nameEn: "Jam star",
    });
    await t.services.db
      .insert(userAchievements)
      .values({ userId: ana.id, achievementId: custom.id, createdAt: new Date(Date.now() + 1000) });
    const card = cardOf(await html("/en/about"), "Recent achievements");
    const items = card.split("<li").slice(1);
    expect(items).toHaveLength(3);
    expect(items[0]).toContain('href="/en/u/ana_top"');
    expect(items[0]).toContain(">unlocked</span>");
    // The name is the icon's accessible name (focusable, with its tooltip).
    expect(items[0]).toMatch(/role="img" aria-label="Jam star" tabindex="0"/);
    expect(items[0]).toContain('<span aria-hidden="true"');
    const es = cardOf(await html("/es/about"), "Logros recientes");
    expect(es).toContain('aria-label="Estrella de la jam"');
    expect(es).toContain(">ha desbloqueado</span>");
    // The default achievements are named from the badges namespace.
    for (const [locale, html_] of [
      ["en", card],
      ["es", es],
    ] as const) {
      const labels = [...html_.matchAll(/role="img" aria-label="([^"]+)"/g)].map((m) => m[1]);
      expect(labels).toHaveLength(3);
      for (const label of labels.slice(1)) expect(badgeNames(locale)).toContain(label);
    }
    await t.services.db.delete(achievements).where(eq(achievements.id, custom.id));
  });

  it("hiding a liked reply takes its XP back, and the leaderboard and the side panel follow", async () => {
    const before = await html("/en/leaderboard");
    expect(rowsOf(before)).toContain("#3|hidee|Level 4|305");
    const mod = await createUser(t.services.db, { roles: ["Moderator"] });
    await t.services.forum.hidePost(testActor({ userId: mod.id, roles: ["Moderator"] }), { postId: hiddenReplyId, reason: "Off topic" });
    const after = await html("/en/leaderboard");
    expect(rowsOf(after)).toContain("#3|hidee|Level 3|290");
    const panel = cardOf(await html("/en/about"), "Active members");
    expect(panel).toMatch(/hidee<\/span><\/a><span[^>]*>Level 3<\/span>/);
  });
});

describe("with the anonymous page cache on", () => {
  let c: TestApp;
  let n = 0;
  const visit = (path: string) => c.request(path, { headers: { "x-test-ip": `198.18.0.${++n % 250}` } });
  /** A visitor's page, then again from the cache. Answers the cached copy. */
  async function cached(path: string) {
    await (await visit(path)).text();
    // The stored copy is written once the streamed body has been read.
    await new Promise((r) => setTimeout(r, 20));
    const hit = await visit(path);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    return decode(await hit.text());
  }
  async function fresh(path: string) {
    const res = await visit(path);
    expect(res.headers.get("x-page-cache"), path).toBe("miss");
    return decode(await res.text());
  }
  let adminActorC: ReturnType<typeof testActor>;
  let person = { id: "", username: "" };

  beforeAll(async () => {
    c = await testApp({ CLIENT_IP_HEADER: "x-test-ip", PAGE_CACHE_SECONDS: "60" });
    const a = await createUser(c.services.db, { roles: ["Admin"] });
    adminActorC = testActor({ userId: a.id, roles: ["Admin"] });
    await c.services.settings.write("forum_enabled", true, a.id);
    const u = await createUser(c.services.db, { username: "cached_member" });
    person = { id: u.id, username: u.username };
    // 600 XP: level 5, whose achievement adds 25.
    await c.services.gamification.adjustXp(adminActorC, { userId: person.id, amount: 600, reason: "Setup" });
  });
  afterAll(() => c?.close());

  it("an admin's XP adjustment (no new level, no forum event) reaches the cached leaderboard at once", async () => {
    expect(rowsOf(await cached("/en/leaderboard"))).toEqual(["#1|cached_member|Level 5|625"]);
    await c.services.gamification.adjustXp(adminActorC, { userId: person.id, amount: 100, reason: "Prize" });
    expect(rowsOf(await fresh("/en/leaderboard"))).toEqual(["#1|cached_member|Level 5|725"]);
  });

  it("an edited level table and a renamed achievement reach the cached side panel at once", async () => {
    expect(cardOf(await cached("/en/community"), "Active members")).toContain(">Level 5</span>");
    await c.services.gamification.upsertLevel(adminActorC, { level: 5, titleKey: "titles.regular", xpRequired: 740 });
    expect(cardOf(await fresh("/en/community"), "Active members")).toContain(">Level 4</span>");

    expect(cardOf(await cached("/en/community"), "Recent achievements")).toContain('aria-label="Getting started"');
    await c.services.gamification.updateAchievement(adminActorC, {
      id: "level_5",
      type: "level",
      threshold: 5,
      rarity: "Common",
      rewardXp: 25,
      nameEn: "Five levels up",
      nameEs: "Cinco niveles",
    });
    expect(cardOf(await fresh("/en/community"), "Recent achievements")).toContain('aria-label="Five levels up"');
    expect(cardOf(await fresh("/es/community"), "Logros recientes")).toContain('aria-label="Cinco niveles"');
  });
});
