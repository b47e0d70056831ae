import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { achievements, auditLog, levels, userAchievements, users, xpLedger } from "#server/db/schema";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";
import { createUser } from "#server/db/factories";
import { settingDefinitions } from "#server/modules/site/settings";

/**
 * The gamification admin tabs driven as a browser without JavaScript would: plain GETs and form
 * posts to the page actions, on the real app and React Router build. Who may open and use each tab, that each
 * mutation works for an Admin (with its audit row), and that a failed submit keeps what was typed.
 */
let t: TestApp;
const PW = "gamification-admin-pass-1";
const DAY = 86_400_000;

const { get, post } = pageClient(() => t, "198.51.100");

const cookies = { admin: "", moderator: "", member: "" };
const ids = { admin: "", moderator: "", member: "", player: "", newbie: "" };
const audits = (action: string) => t.services.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const make = async (spec: { roles?: string[]; username?: string } = {}) => {
    const u = await createUser(db, { password: PW, ...spec });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(users.id, u.id));
    return u;
  };
  const admin = await make({ roles: ["Admin"], username: "chief_admin" });
  const moderator = await make({ roles: ["Moderator"], username: "night_mod" });
  const member = await make({ username: "plain_member" });
  const player = await make({ username: "top_player" });
  const newbie = await make({ username: "fresh_newbie" });
  Object.assign(ids, { admin: admin.id, moderator: moderator.id, member: member.id, player: player.id, newbie: newbie.id });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.member = await signIn(t, member.email, PW);
  // The player starts with 120 XP (level 2: 50 XP; level 3 needs 150), from an earlier adjustment.
  await t.services.gamification.adjustXp(testActor({ userId: admin.id, roles: ["Admin"] }), {
    userId: player.id,
    amount: 120,
    reason: "Starting XP for the test",
  });
});
afterAll(() => t.close());

type Who = "visitor" | "member" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
/** What a guarded request answered: a page, the login page, home, or a refusal. */
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.startsWith("/en/login?redirectTo=")) return "login";
  if (to === "/en/") return "home";
  return res.status;
}

/** Each mutation refused to a visitor (login), a creator (home) and, where the policy says, a Moderator (403). */
async function expectRefused(path: string, body: Record<string, string>, moderator: "refused" | "allowed" = "refused") {
  expect(await answerOf(await post(path, body))).toBe("login");
  expect(await answerOf(await post(path, body, cookies.member))).toBe("home");
  if (moderator === "refused") {
    const res = await post(path, body, cookies.moderator);
    expect(res.status).toBe(403);
    expect(await textOf(res)).toContain("You do not have permission to perform this action.");
  }
}

describe("who may open the gamification admin tabs", () => {
  const PAGES: [string, Record<Who, number | "login" | "home">][] = [
    ["/en/admin/gamification", { visitor: "login", member: "home", moderator: 403, admin: 200 }],
    ["/en/admin/gamification/levels", { visitor: "login", member: "home", moderator: 403, admin: 200 }],
    ["/en/admin/gamification/achievements", { visitor: "login", member: "home", moderator: 403, admin: 200 }],
    ["/en/admin/gamification/ranking", { visitor: "login", member: "home", moderator: 200, admin: 200 }],
  ];
  for (const [path, expected] of PAGES) {
    it(path, async () => {
      const got: Record<string, unknown> = {};
      for (const who of Object.keys(expected) as Who[]) got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got).toEqual(expected);
    });
  }

  it("a Moderator's refusal is a translated 403 inside the admin chrome, and the navigation shows each role its tabs", async () => {
    const res = await get("/es/admin/gamification/levels", cookies.moderator);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Esta sección no es para tu rol");
    const mod = await (await get("/en/admin/gamification/ranking", cookies.moderator)).text();
    expect(mod).toContain('href="/en/admin/gamification/ranking"');
    expect(mod).not.toContain('href="/en/admin/gamification"');
    expect(mod).not.toContain('href="/en/admin/gamification/levels"');
    expect(mod).not.toContain('href="/en/admin/gamification/achievements"');
    const admin = await (await get("/en/admin/gamification/ranking", cookies.admin)).text();
    for (const tab of ["", "/levels", "/achievements", "/ranking"]) expect(admin).toContain(`href="/en/admin/gamification${tab}"`);
  });
});

describe("settings (Admins)", () => {
  const defaults = settingDefinitions.gamification_settings.default;
  const fields = (over: Record<string, string> = {}) => ({
    intent: "settings",
    threadCreateXp: "10",
    postCreateXp: "5",
    likeReceivedXp: "2",
    threadCreateCap: "50",
    postCreateCap: "150",
    likeReceivedCap: "200",
    pairDailyCap: "10",
    statPointsPerLevel: "3",
    ...over,
  });

  it("refuses a save to a visitor, a creator and a Moderator", async () => {
    await expectRefused("/en/admin/gamification", fields({ threadCreateXp: "99" }));
    expect(await t.services.settings.get("gamification_settings")).toEqual(defaults);
    expect(await audits("gamification.settings.update")).toHaveLength(0);
  });

  it("shows every number with its help text, in both languages", async () => {
    const en = await textOf(await get("/en/admin/gamification", cookies.admin));
    expect(en).toContain("<h1");
    expect(en).toContain("Gamification settings");
    expect(en).toContain("Changes apply to XP earned from now on");
    expect(en).toContain("stops two accounts liking each other for XP");
    expect(en).toMatch(/name="pairDailyCap"[^>]*value="10"/);
    expect(en).toMatch(/name="statPointsPerLevel"[^>]*value="3"/);
    const es = await textOf(await get("/es/admin/gamification", cookies.admin));
    expect(es).toContain("Ajustes de gamificación");
    expect(es).toContain("Límite diario de XP entre dos personas");
  });

  it("refuses bad numbers next to their fields, keeping what was typed", async () => {
    const res = await post(
      "/en/admin/gamification",
      fields({ threadCreateXp: "-1", likeReceivedCap: "lots", statPointsPerLevel: "101", postCreateXp: "7" }),
      cookies.admin,
    );
    expect(res.status).toBe(400);
    const html = await textOf(res);
    expect(html).toContain("Enter a whole number of XP from 0 to 10,000.");
    expect(html).toContain("Enter a whole number from 0 to 1,000,000, or leave it empty for no limit.");
    expect(html).toContain("Enter a whole number of stat points from 0 to 100.");
    expect(html).toMatch(/name="threadCreateXp"[^>]*value="-1"/);
    expect(html).toMatch(/name="likeReceivedCap"[^>]*value="lots"/);
    expect(html).toMatch(/name="postCreateXp"[^>]*value="7"/);
    expect(await t.services.settings.get("gamification_settings")).toEqual(defaults);
  });

  it("saves, with a confirmation and an audit row old → new; an empty cap is none", async () => {
    const res = await post(
      "/en/admin/gamification",
      fields({ threadCreateXp: "12", postCreateCap: "", statPointsPerLevel: "4" }),
      cookies.admin,
    );
    expect(res.status).toBe(200);
    const html = await textOf(res);
    expect(html).toContain("The gamification settings were saved.");
    expect(html).toMatch(/name="postCreateCap"[^>]*value=""/);
    const saved = {
      ...defaults,
      rewards: { ...defaults.rewards, thread_create: 12 },
      dailyCaps: { ...defaults.dailyCaps, post_create: null },
      statPointsPerLevel: 4,
    };
    expect(await t.services.settings.get("gamification_settings")).toEqual(saved);
    const [row] = await audits("gamification.settings.update");
    expect(row).toMatchObject({ actorId: ids.admin, targetId: "gamification_settings", details: { before: defaults, after: saved } });
    expect(await textOf(await get("/en/admin/audit?action=gamification.", cookies.admin))).toContain("Gamification settings changed");
    await post("/en/admin/gamification", fields(), cookies.admin);
  });
});

describe("levels (Admins)", () => {
  it("refuses saving and deleting a level to a visitor, a creator and a Moderator", async () => {
    await expectRefused("/en/admin/gamification/levels", {
      intent: "save-level",
      level: "101",
      titleKey: "titles.mythic",
      xpRequired: "300000",
    });
    await expectRefused("/en/admin/gamification/levels", { intent: "delete-level", level: "100" });
    expect(await t.services.db.select().from(levels)).toHaveLength(100);
    expect(await audits("gamification.level.save")).toHaveLength(0);
  });

  it("lists the levels with their translated titles, and offers the next level", async () => {
    const en = await textOf(await get("/en/admin/gamification/levels", cookies.admin));
    expect(en).toContain("Add level 101");
    expect(en).toContain("Newcomer");
    expect(en).toContain("247,500");
    expect(en).toContain("recalculates everyone's level");
    expect(en).toContain("Delete level 100?");
    expect(en).not.toContain("Delete level 99?");
    const es = await textOf(await get("/es/admin/gamification/levels", cookies.admin));
    expect(es).toContain("Recién llegado");
    expect(es).toContain("Añadir el nivel 101");
    const edit = await textOf(await get("/en/admin/gamification/levels?level=5", cookies.admin));
    expect(edit).toContain("Change level 5");
    expect(edit).toMatch(/name="xpRequired"[^>]*value="500"/);
    expect(edit).toMatch(/<option value="titles.explorer" selected="">Explorer<\/option>/);
  });

  it("shows the domain's refusals translated next to the XP, keeping what was typed", async () => {
    let res = await post(
      "/en/admin/gamification/levels",
      { intent: "save-level", level: "101", titleKey: "titles.mythic", xpRequired: "1000" },
      cookies.admin,
    );
    expect(res.status).toBe(400);
    let html = await textOf(res);
    expect(html).toContain("Each level must need more XP than the level before it and less than the level after it.");
    expect(html).toMatch(/name="xpRequired"[^>]*value="1000"/);
    expect(html).toContain('aria-invalid="true"');
    res = await post(
      "/en/admin/gamification/levels",
      { intent: "save-level", level: "1", titleKey: "titles.newcomer", xpRequired: "5" },
      cookies.admin,
    );
    expect(await textOf(res)).toContain("Level 1 always exists and needs 0 XP.");
    res = await post("/en/admin/gamification/levels", { intent: "delete-level", level: "50" }, cookies.admin);
    expect(await textOf(res)).toContain("Only the highest level can be deleted.");
    res = await post(
      "/en/admin/gamification/levels",
      { intent: "save-level", level: "101", titleKey: "Not A Key", xpRequired: "x" },
      cookies.admin,
    );
    expect(res.status).toBe(400);
    html = await textOf(res);
    expect(html).toContain("Enter the XP required: a whole number from 0 to 100,000,000.");
    expect(await t.services.db.select().from(levels)).toHaveLength(100);
  });

  it("adds, changes and deletes the highest level, each audited", async () => {
    let res = await post(
      "/en/admin/gamification/levels",
      { intent: "save-level", level: "101", titleKey: "titles.mythic", xpRequired: "260000" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("Level 101 was saved. Everyone's level is being recalculated in the background.");
    res = await post(
      "/en/admin/gamification/levels",
      { intent: "save-level", level: "101", titleKey: "titles.legend", xpRequired: "270000" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect((await t.services.db.select().from(levels).where(eq(levels.level, 101)))[0]).toMatchObject({
      titleKey: "titles.legend",
      xpRequired: 270000,
    });
    expect((await audits("gamification.level.save")).map((a) => a.targetId)).toEqual(["101", "101"]);
    res = await post("/es/admin/gamification/levels", { intent: "delete-level", level: "101" }, cookies.admin);
    expect(await textOf(res)).toContain("Se borró el nivel 101.");
    expect(await t.services.db.select().from(levels)).toHaveLength(100);
    expect(await audits("gamification.level.delete")).toMatchObject([{ actorId: ids.admin, targetId: "101" }]);
  });
});

describe("achievements (Admins)", () => {
  const form = (over: Record<string, string> = {}) => ({
    intent: "create-achievement",
    formId: "achievement-new",
    key: "posts_100",
    type: "posts",
    threshold: "100",
    rewardXp: "80",
    rarity: "Epic",
    icon: "flame",
    nameEs: "Voz de la comunidad",
    nameEn: "Voice of the community",
    descriptionEs: "Publica 100 respuestas.",
    descriptionEn: "Post 100 replies.",
    ...over,
  });

  it("refuses creating, editing and deleting to a visitor, a creator and a Moderator", async () => {
    const path = "/en/admin/gamification/achievements";
    await expectRefused(path, form());
    await expectRefused(path, { ...form({ intent: "update-achievement", formId: "achievement-threads_1" }), id: "threads_1" });
    await expectRefused(path, { intent: "delete-achievement", id: "threads_1" });
    expect(await t.services.db.select().from(achievements)).toHaveLength(18);
    expect((await t.services.db.select().from(achievements).where(eq(achievements.id, "threads_1")))[0].rarity).toBe("Common");
  });

  it("lists each achievement with both languages' names, its condition, reward, rarity and unlocks", async () => {
    await t.services.db.insert(userAchievements).values({ userId: ids.player, achievementId: "threads_1" });
    const en = await textOf(await get("/en/admin/gamification/achievements", cookies.admin));
    expect(en).toContain("18 achievements");
    expect(en).toContain("First thread");
    expect(en).toContain("Primer hilo");
    expect(en).toContain("Threads started: 1");
    expect(en).toContain("+10 XP");
    expect(en).toContain("Legendary");
    expect(en).toMatch(/<td[^>]*>1 member<\/td>/);
    expect(en).toContain("granted by a background job");
    // A table, not a card per achievement; the edit dialog opens from the address, before any JavaScript.
    expect(en).toContain("<table");
    expect(en).not.toContain("<dialog");
    expect(en).toContain('href="/en/admin/gamification/achievements?edit=threads_1"');
    const dialog = await textOf(await get("/en/admin/gamification/achievements?edit=threads_1", cookies.admin));
    expect(dialog).toMatch(/<dialog open="" aria-labelledby="edit-dialog-title"/);
    expect(dialog).toMatch(/<h2 id="edit-dialog-title"[^>]*>Edit First thread<\/h2>/);
    expect(dialog).toContain('name="intent" value="update-achievement"');
    expect(dialog).toContain("Delete the achievement First thread? 1 member has it: they lose the badge but keep the XP it gave.");
    expect(dialog).toContain('href="/en/admin/gamification/achievements"');
    expect(await textOf(await get("/en/admin/gamification/achievements?edit=nope", cookies.admin))).not.toContain("<dialog");
    const es = await textOf(await get("/es/admin/gamification/achievements", cookies.admin));
    expect(es).toContain("Primer hilo");
    expect(es).toContain("First thread");
    expect(es).toContain("Legendario");
  });

  it("refuses a bad new achievement next to its fields, keeping what was typed", async () => {
    let res = await post("/en/admin/gamification/achievements", form({ key: "Bad Key!", nameEs: "", threshold: "0" }), cookies.admin);
    expect(res.status).toBe(400);
    let html = await textOf(res);
    expect(html).toContain("The key needs 2 to 60 lower-case letters, digits or underscores.");
    expect(html).toContain("Enter the name in this language.");
    expect(html).toContain("Enter a whole number from 1 to 10,000,000.");
    expect(html).toContain('value="Bad Key!"');
    expect(html).toContain('value="Voice of the community"');
    expect(html).toContain("Post 100 replies.");
    expect(html).toMatch(/<option value="flame" selected="">/);
    // The dialog opens again on its failed form, whatever the address was.
    expect(html).toMatch(/<dialog open=""[^>]*>.*<h2 id="edit-dialog-title"[^>]*>New achievement<\/h2>/s);
    res = await post("/en/admin/gamification/achievements", form({ key: "threads_1" }), cookies.admin);
    expect(res.status).toBe(409);
    html = await textOf(res);
    expect(html).toContain("Another achievement already uses this key.");
    expect(await t.services.db.select().from(achievements)).toHaveLength(18);
  });

  it("creates one with both languages' texts, edits and deletes it, each audited", async () => {
    let res = await post("/en/admin/gamification/achievements", form(), cookies.admin);
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("The achievement Voice of the community was created.");
    const [row] = await t.services.db.select().from(achievements).where(eq(achievements.key, "posts_100"));
    expect(row).toMatchObject({
      nameEs: "Voz de la comunidad",
      nameEn: "Voice of the community",
      descriptionEn: "Post 100 replies.",
      icon: "flame",
      rarity: "Epic",
      type: "posts",
      threshold: 100,
      rewardXp: 80,
    });
    expect(await audits("gamification.achievement.create")).toMatchObject([{ actorId: ids.admin, targetName: "posts_100" }]);
    const es = await textOf(await get("/es/admin/gamification/achievements", cookies.admin));
    expect(es).toContain("Voz de la comunidad");
    expect(es).toContain("Voice of the community");
    expect(es).toContain("Épico");

    // A typed achievement has no built-in names to fall back on: both names stay required.
    const edit = {
      ...form({ intent: "update-achievement", formId: `achievement-${row.id}`, rarity: "Legendary", nameEs: "" }),
      id: row.id,
      name: "Voice of the community",
    };
    res = await post("/en/admin/gamification/achievements", edit, cookies.admin);
    expect(res.status).toBe(400);
    const html = await textOf(res);
    expect(html).toContain("Enter the name in this language.");
    expect(html).toMatch(/<option value="Legendary" selected="">/);
    res = await post("/en/admin/gamification/achievements", { ...edit, nameEs: "Voz del foro" }, cookies.admin);
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("Voice of the community was saved.");
    expect((await t.services.db.select().from(achievements).where(eq(achievements.id, row.id)))[0]).toMatchObject({
      nameEs: "Voz del foro",
      rarity: "Legendary",
    });
    expect(await audits("gamification.achievement.update")).toMatchObject([
      {
        targetName: "posts_100",
        details: { rarity: { before: "Epic", after: "Legendary" }, nameEs: { before: "Voz de la comunidad", after: "Voz del foro" } },
      },
    ]);

    res = await post(
      "/en/admin/gamification/achievements",
      { intent: "delete-achievement", id: row.id, name: "Voice of the community" },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect(await textOf(res)).toContain("Voice of the community was deleted; 0 members had it.");
    expect(await t.services.db.select().from(achievements).where(eq(achievements.id, row.id))).toHaveLength(0);
    expect(await audits("gamification.achievement.delete")).toMatchObject([{ targetName: "posts_100" }]);
  });

  it("sorts the table by the column the address names, marked with aria-sort, and back", async () => {
    const path = "/en/admin/gamification/achievements";
    const namesOf = (html: string) =>
      [...html.matchAll(/<th scope="row"[^>]*>.*?<p class="font-semibold">([^<]+)<\/p>/gs)].map((m) => m[1]);
    const xpOf = (html: string) =>
      [...html.matchAll(/<td class="hidden p-2 text-right tabular-nums sm:table-cell">\+([\d,]+) XP<\/td>/g)].map((m) =>
        Number(m[1].replace(/,/g, "")),
      );
    /** Each sortable header: its aria-sort and where its link leads (the next order). */
    const headersOf = (html: string) =>
      [...html.matchAll(/<th scope="col"[^>]*aria-sort="(\w+)"><a [^>]*href="([^"]+)"/g)].map((m) => [m[1], m[2].replaceAll("&amp;", "&")]);
    const byDefault = await textOf(await get(path, cookies.admin));
    expect(headersOf(byDefault)).toEqual([
      ["none", `${path}?sort=name`],
      ["ascending", `${path}?dir=desc`],
      ["none", `${path}?sort=rarity`],
      ["none", `${path}?sort=xp`],
      ["none", `${path}?sort=earned`],
    ]);
    const names = namesOf(byDefault);
    expect(names).toHaveLength(18);

    const byName = await textOf(await get(`${path}?sort=name`, cookies.admin));
    expect(namesOf(byName)).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true })));
    expect(headersOf(byName)[0]).toEqual(["ascending", `${path}?sort=name&dir=desc`]);
    expect(namesOf(await textOf(await get(`${path}?sort=name&dir=desc`, cookies.admin)))).toEqual(namesOf(byName).reverse());

    const byXp = await textOf(await get(`${path}?sort=xp&dir=desc`, cookies.admin));
    const xp = xpOf(byXp);
    expect(xp).toHaveLength(18);
    expect(xp).toEqual([...xp].sort((a, b) => b - a));
    expect(headersOf(byXp).map(([sort]) => sort)).toEqual(["none", "none", "none", "descending", "none"]);
    expect(headersOf(byXp)[3]).toEqual(["descending", `${path}?sort=xp`]);
    // The edit link keeps the order; an unknown column is the default order.
    expect(byXp).toContain('href="/en/admin/gamification/achievements?sort=xp&dir=desc&edit=threads_1"');
    expect(namesOf(await textOf(await get(`${path}?sort=bogus&dir=sideways`, cookies.admin)))).toEqual(names);

    const es = namesOf(await textOf(await get("/es/admin/gamification/achievements?sort=name", cookies.admin)));
    expect(es).toEqual([...es].sort((a, b) => a.localeCompare(b, "es", { sensitivity: "base", numeric: true })));
    expect(es).toContain("Primer hilo");
  });

  it("a built-in achievement keeps its translations when its names are left empty", async () => {
    const res = await post(
      "/en/admin/gamification/achievements",
      {
        ...form({
          intent: "update-achievement",
          formId: "achievement-threads_1",
          key: "",
          type: "threads",
          threshold: "1",
          rewardXp: "15",
          rarity: "Common",
          icon: "",
          nameEs: "",
          nameEn: "",
          descriptionEs: "",
          descriptionEn: "",
        }),
        id: "threads_1",
        name: "First thread",
      },
      cookies.admin,
    );
    expect(res.status).toBe(200);
    expect((await t.services.db.select().from(achievements).where(eq(achievements.id, "threads_1")))[0]).toMatchObject({
      rewardXp: 15,
      nameEs: null,
      nameEn: null,
    });
    expect(await textOf(await get("/en/admin/gamification/achievements", cookies.admin))).toContain("+15 XP");
  });
});

describe("ranking (Admins and Moderators)", () => {
  const adjust = (over: Record<string, string> = {}) => ({
    intent: "adjust-xp",
    formId: `adjust-${ids.player}`,
    userId: ids.player,
    name: "top_player",
    amount: "30",
    reason: "Won the community jam",
    ...over,
  });

  it("refuses an adjustment to a visitor, a creator and a Moderator", async () => {
    await expectRefused("/en/admin/gamification/ranking", adjust());
    expect(await audits("gamification.xp.adjust")).toHaveLength(1);
  });

  it("shows the leaderboard by period; a Moderator reads it without the adjustment form", async () => {
    const admin = await textOf(await get("/en/admin/gamification/ranking", cookies.admin));
    expect(admin).toContain("top_player");
    expect(admin).toContain("Level 2 · 120 XP");
    expect(admin).toContain("Adjust XP");
    const week = await textOf(await get("/en/admin/gamification/ranking?period=week", cookies.admin));
    expect(week).toContain("120 XP this week");
    expect(week).toMatch(/aria-current="page"[^>]*>This week/);
    const mod = await textOf(await get("/es/admin/gamification/ranking", cookies.moderator));
    expect(mod).toContain("top_player");
    expect(mod).toContain("solo los Admins ajustan la XP");
    expect(mod).not.toContain("Ajustar XP");
  });

  it("refuses an adjustment without a reason, of 0, or below 0 XP, keeping what was typed", async () => {
    let res = await post("/en/admin/gamification/ranking", adjust({ reason: "" }), cookies.admin);
    expect(res.status).toBe(400);
    let html = await textOf(res);
    expect(html).toContain("Write the reason for the adjustment (3 to 500 characters): it goes to the audit log.");
    expect(html).toMatch(/name="amount"[^>]*value="30"/);
    res = await post("/en/admin/gamification/ranking", adjust({ amount: "0" }), cookies.admin);
    expect(res.status).toBe(400);
    html = await textOf(res);
    expect(html).toContain("Enter a whole number of XP other than 0");
    expect(html).toContain("Won the community jam");
    res = await post("/en/admin/gamification/ranking", adjust({ amount: "-500" }), cookies.admin);
    expect(res.status).toBe(409);
    expect(await textOf(res)).toContain("This adjustment would leave the member with less than 0 XP (they have 120 XP).");
    expect(await audits("gamification.xp.adjust")).toHaveLength(1);
  });

  it("adjusts with a reason: the new XP and level confirmed, the ledger row and the audit row written", async () => {
    const res = await post("/en/admin/gamification/ranking", adjust(), cookies.admin);
    // Post/redirect/get: back to the member's panel, confirmed from the ledger row; reloading it (a GET)
    // adjusts nothing again.
    expect(res.status).toBe(303);
    const back = res.headers.get("location") ?? "";
    expect(back).toMatch(new RegExp(`^/en/admin/gamification/ranking\\?member=${ids.player}&adjusted=\\d+$`));
    for (let i = 0; i < 2; i++)
      expect(await textOf(await get(back, cookies.admin))).toContain("top_player: +30 XP. They now have 150 XP (level 3).");
    expect((await audits("gamification.xp.adjust")).filter((r) => r.reason === "Won the community jam")).toHaveLength(1);
    const rows = await audits("gamification.xp.adjust");
    expect(rows.find((r) => r.reason === "Won the community jam")).toMatchObject({
      actorId: ids.admin,
      targetId: ids.player,
      targetName: "top_player",
      details: { amount: 30, xpBefore: 120, xpAfter: 150 },
    });
    const [ledger] = await t.services.db
      .select()
      .from(xpLedger)
      .where(and(eq(xpLedger.userId, ids.player), eq(xpLedger.note, "Won the community jam")));
    expect(ledger).toMatchObject({ amount: 30, reason: "adjustment", counterpartId: ids.admin });
    const log = await textOf(await get("/en/admin/audit?action=gamification.xp.adjust", cookies.admin));
    expect(log).toContain("XP adjusted");
    expect(log).toContain("Won the community jam");
  });

  it("shows a member's history with the reasons behind each number, for Moderators too", async () => {
    const html = await textOf(await get(`/en/admin/gamification/ranking?member=${ids.player}`, cookies.moderator));
    expect(html).toContain("XP history of top_player");
    expect(html).toContain("Adjustment by chief_admin");
    expect(html).toContain("Reason: Won the community jam");
    expect(html).toContain("+30");
    expect(html).toContain("Starting XP for the test");
    expect(await textOf(await get("/en/admin/gamification/ranking?member=nobody-here", cookies.admin))).toContain(
      "This member no longer exists.",
    );
  });

  it("finds members without XP by name, and adjusts them from their history", async () => {
    const found = await textOf(await get("/en/admin/gamification/ranking?q=fresh", cookies.admin));
    expect(found).toContain("fresh_newbie");
    expect(found).toContain(`member=${ids.newbie}`);
    const panel = await textOf(await get(`/en/admin/gamification/ranking?member=${ids.newbie}`, cookies.admin));
    expect(panel).toContain("No XP history yet.");
    const res = await post(
      "/es/admin/gamification/ranking",
      {
        intent: "adjust-xp",
        formId: `adjust-panel-${ids.newbie}`,
        userId: ids.newbie,
        name: "fresh_newbie",
        amount: "50",
        reason: "Bienvenida al torneo",
      },
      cookies.admin,
    );
    expect(res.status).toBe(303);
    expect(await textOf(await get(res.headers.get("location")!, cookies.admin))).toContain(
      "fresh_newbie: +50 XP. Ahora tiene 50 XP (nivel 2).",
    );
  });
});
