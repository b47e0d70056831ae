import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "#app/i18n/format";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { testActor } from "#tests/support/actors";
import { createUser } from "#server/db/factories";
import { createCategory, createForum } from "#server/db/forum-factories";
import { NO_POSTING_LIMITS } from "#tests/support/gamification-kit";
import { DEFAULT_ACHIEVEMENTS } from "#server/modules/gamification";
import type { Actor } from "#server/modules/accounts/actor";

/**
 * The account's progress tab and the public profile's level and achievements, driven as a
 * browser without JavaScript would, on the real app and React Router build. XP comes from the forum through
 * the gamification listeners, as in production.
 */
let t: TestApp;
let ip = 0;
const PW = "progress-pages-pass-1";
const forumSlug = "progress-forum";
type Member = { id: string; username: string; cookie: string; actor: NonNullable<Actor> };
let ana: Member;
let bruno: Member;
let quiet: Member;
let mod: NonNullable<Actor>;
let admin: NonNullable<Actor>;
let anaThread: { threadId: string; slug: string; postId: string };

const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: { "x-test-ip": `198.51.100.${++ip % 250}` } });
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
const mainOf = (html: string) => decode(html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>")));
const page = async (path: string, cookie?: string) => {
  const res = await get(path, cookie);
  expect(res.status).toBe(200);
  return mainOf(await res.text());
};
/** The XP history's table body, row by row (tags stripped, spaces collapsed). */
const historyRows = (html: string) => {
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  return body
    .split("</tr>")
    .slice(0, -1)
    .map((r) =>
      r
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
};

async function member(roles: string[] = []): Promise<Member> {
  const u = await createUser(t.services.db, { password: PW, roles });
  return {
    id: u.id,
    username: u.username,
    cookie: await signIn(t, u.email, PW),
    actor: testActor({ userId: u.id, username: u.username, roles }),
  };
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  ana = await member();
  bruno = await member();
  quiet = await member();
  mod = (await member(["Moderator"])).actor;
  admin = (await member(["Admin"])).actor;
  await t.services.settings.write("forum_posting_limits", NO_POSTING_LIMITS, admin.userId);
  await t.services.settings.write("forum_enabled", true, admin.userId);
  await createForum(db, { categoryId: (await createCategory(db)).id, slug: forumSlug });
  // Ana's first thread: 10 XP for the thread and 10 for "First thread" (threads_1).
  const created = await t.services.forum.createThread(ana.actor, {
    forumSlug,
    title: "Pixel palettes for small games",
    body: "Which palettes do you use?",
  });
  anaThread = { threadId: created.threadId, slug: created.slug, postId: created.postId };
});
afterAll(() => t.close());

describe("/account/progress", () => {
  it("sends visitors to sign in with the original location, in both languages", async () => {
    for (const [path, lng] of [
      ["/en/account/progress", "/en"],
      ["/es/account/progress?page=2", "/es"],
      ["/account/progress", ""],
    ]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      const rest = path.replace(/^\/(en|es)/, "");
      expect(res.headers.get("location")).toBe(`${lng}/login?redirectTo=${encodeURIComponent(rest)}`);
    }
  });

  it("shows a new member level 1, 0 XP, the progress to level 2 and every achievement locked, with an empty history", async () => {
    const html = await page("/en/account/progress", quiet.cookie);
    expect(html).toContain('aria-current="page"'); // the tab is marked in the account's navigation
    expect(html).toContain("Level 1 · Newcomer I");
    expect(html).toContain("0 XP");
    expect(html).toMatch(
      /role="progressbar" aria-label="Progress to the next level" aria-valuemin="0" aria-valuemax="50" aria-valuenow="0" aria-valuetext="0 of 50 XP to level 2"/,
    );
    expect(html).toContain("50 more XP to reach level 2 (Newcomer II).");
    expect(html).toContain("Stat points");
    expect(html).toContain(`0 of ${DEFAULT_ACHIEVEMENTS.length} unlocked`);
    // Every achievement, locked, with its rarity as a word, its reward and its progress.
    for (const name of [
      "First thread",
      "Conversation starter",
      "Community pillar",
      "Joining in",
      "Heart of gold",
      "Forum legend",
      "Getting started",
      "Centurion",
    ])
      expect(html).toContain(name);
    expect(html.match(/>Locked</g)?.length).toBe(DEFAULT_ACHIEVEMENTS.length);
    for (const rarity of ["Common", "Rare", "Epic", "Legendary"]) expect(html).toContain(`>${rarity}</span>`);
    expect(html).toContain("+250 XP");
    expect(html).toContain('aria-label="Progress toward Centurion"');
    expect(html).toContain('aria-valuetext="1 of 100"');
    expect(html).toContain("No XP yet.");
    expect(html).not.toContain("<tbody>");

    const es = await page("/es/account/progress", quiet.cookie);
    expect(es).toContain("Nivel 1 · Recién llegado I");
    expect(es).toContain("0 de 50 XP para el nivel 2");
    expect(es).toContain(`0 de ${DEFAULT_ACHIEVEMENTS.length} desbloqueados`);
    expect(es).toContain("Todavía no tienes XP.");
    expect(es).toContain("Historial de XP");
  });

  it("after a first thread: XP, progress, threads_1 unlocked with its date, and the history explains both awards", async () => {
    const html = await page("/en/account/progress", ana.cookie);
    expect(html).toContain("Level 1 · Newcomer I");
    expect(html).toContain('aria-valuetext="20 of 50 XP to level 2"');
    expect(html).toContain("30 more XP to reach level 2");
    expect(html).toContain(`1 of ${DEFAULT_ACHIEVEMENTS.length} unlocked`);
    const first = html.slice(html.indexOf('id="achievement-threads_1"'), html.indexOf('id="achievement-threads_5"'));
    expect(first).toContain("First thread");
    expect(first).toContain(`Unlocked on ${formatDate(new Date(), "en")}`);
    expect(first).not.toContain(">Locked<");
    // The next one shows its progress.
    const next = html.slice(html.indexOf('id="achievement-threads_5"'), html.indexOf('id="achievement-threads_20"'));
    expect(next).toContain('aria-valuetext="1 of 5"');

    const rows = historyRows(html);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Achievement reward: First thread First thread \+10 XP$/);
    expect(rows[1]).toMatch(/Thread created Pixel palettes for small games \+10 XP$/);
    expect(html).toContain(`href="/en/community/${forumSlug}/${anaThread.slug}"`);
    expect(html).toContain('href="#achievement-threads_1"');

    const es = await page("/es/account/progress", ana.cookie);
    expect(es).toContain(`Desbloqueado el ${formatDate(new Date(), "es")}`);
    expect(es).toContain("Hilo creado");
    expect(es).toContain("Recompensa del logro: Primer hilo");
    expect(es).toContain(`href="/es/community/${forumSlug}/${anaThread.slug}"`);

    // While the forum is off its pages answer 404: the history names the thread without a link.
    await t.services.settings.write("forum_enabled", false, admin.userId);
    try {
      const off = await page("/en/account/progress", ana.cookie);
      expect(historyRows(off)[1]).toMatch(/Thread created Pixel palettes for small games \+10 XP$/);
      expect(off).not.toContain(`/community/${forumSlug}/${anaThread.slug}`);
    } finally {
      await t.services.settings.write("forum_enabled", true, admin.userId);
    }
  });

  it("shows XP taken back when a reply is hidden (without a link to it) and given back when it is shown again", async () => {
    const { postId } = await t.services.forum.reply(bruno.actor, { threadId: anaThread.threadId, body: "I use the PICO-8 palette." });
    let rows = historyRows(await page("/en/account/progress", bruno.cookie));
    expect(rows[0]).toMatch(/Reply posted Pixel palettes for small games, post #2 \+5 XP$/);

    await t.services.forum.hidePost(mod, { postId, reason: "Off topic" });
    const html = await page("/en/account/progress", bruno.cookie);
    rows = historyRows(html);
    expect(rows[0]).toMatch(/Reply posted Taken back because the reply was hidden\. No longer available -5 XP$/);
    expect(html).not.toContain("?post=2");
    expect(html).toContain('aria-valuetext="0 of 50 XP to level 2"');

    await t.services.forum.unhidePost(mod, { postId });
    const shown = await page("/en/account/progress", bruno.cookie);
    rows = historyRows(shown);
    expect(rows[0]).toMatch(/Reply posted Given back because the reply is shown again\. Pixel palettes for small games, post #2 \+5 XP$/);
    expect(shown).toContain(`href="/en/community/${forumSlug}/${anaThread.slug}?post=2"`);
    const es = historyRows(await page("/es/account/progress", bruno.cookie));
    expect(es[1]).toMatch(/Retirada porque la respuesta se ocultó\./);
  });

  it("explains like XP (from whom, and taken back when the like is removed)", async () => {
    await t.services.forum.likePost(bruno.actor, { postId: anaThread.postId });
    let rows = historyRows(await page("/en/account/progress", ana.cookie));
    expect(rows.some((r) => r.includes(`Like received from ${bruno.username}`) && r.endsWith("+2 XP"))).toBe(true);
    await t.services.forum.unlikePost(bruno.actor, { postId: anaThread.postId });
    rows = historyRows(await page("/en/account/progress", ana.cookie));
    expect(rows[0]).toMatch(
      new RegExp(`Like received from ${bruno.username} Taken back because the like was removed\\. Pixel palettes for small games -2 XP$`),
    );
  });

  it("only ever shows the signed-in person's history: the ledger refuses someone else's to a member", async () => {
    const html = await page(`/en/account/progress?userId=${ana.id}`, bruno.cookie);
    expect(html).not.toContain("Thread created");
    expect(html).not.toContain("First thread</a>");
    await expect(t.services.gamification.listLedger(bruno.actor, { userId: ana.id })).rejects.toMatchObject({ code: "auth.forbidden" });
    await expect(t.services.gamification.listLedger(null, { userId: ana.id })).rejects.toMatchObject({ code: "auth.unauthenticated" });
  });

  it("pages the history 20 at a time with links in the address; an admin's adjustment shows its reason", async () => {
    const m = await member();
    for (let i = 1; i <= 22; i++) await t.services.gamification.adjustXp(admin, { userId: m.id, amount: i, reason: `Event prize ${i}` });
    const html = await page("/en/account/progress", m.cookie);
    const rows = historyRows(html);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toBe(
      `${rows[0].split(" Adjustment")[0]} Adjustment by an administrator Reason: Event prize 22 Site administration +22 XP`,
    );
    expect(html).toContain("22 entries");
    expect(html).toContain("Page 1 of 2");
    expect(html).toContain('href="/en/account/progress?page=2#xp-history"');
    const second = await page("/en/account/progress?page=2", m.cookie);
    expect(historyRows(second)).toHaveLength(2);
    expect(second).toContain("Reason: Event prize 1");
    expect(second).toContain('href="/en/account/progress#xp-history"');
    // 253 XP: level 3 (100 XP) on the way to level 4 (150)… the level follows the XP.
    expect(second).toContain("Level 3 · Newcomer III");
    expect((await get("/en/account/progress?page=3", m.cookie)).status).toBe(404);
    expect((await get("/es/account/progress?page=2", m.cookie)).status).toBe(200);
  });
});

describe("/u/{username}: level and achievements", () => {
  it("shows the level with its title and XP, and only the unlocked achievements with rarity and date", async () => {
    const html = await page(`/en/u/${ana.username}`);
    const section = html.slice(html.indexOf('aria-labelledby="profile-progress"'));
    expect(section).toContain("Level and achievements");
    expect(section).toContain("Level 1 · Newcomer I");
    expect(section).toMatch(/\d+ XP/);
    expect(section).toContain("First thread");
    expect(section).toContain(">Common</span>");
    expect(section).toContain(`Unlocked on ${formatDate(new Date(), "en")}`);
    // Locked ones are not shown.
    expect(section).not.toContain("Conversation starter");
    expect(section).not.toContain("Locked");
    const es = await page(`/es/u/${ana.username}`);
    expect(es).toContain("Nivel y logros");
    expect(es).toContain(`Desbloqueado el ${formatDate(new Date(), "es")}`);
  });

  it("says so when a person has unlocked nothing", async () => {
    expect(await page(`/en/u/${quiet.username}`)).toContain(`${quiet.username} has not unlocked any achievements yet.`);
    expect(await page(`/es/u/${quiet.username}`)).toContain(`${quiet.username} todavía no ha desbloqueado ningún logro.`);
  });
});

describe("achievements an admin typed", () => {
  it("show the typed name and description of the page's language", async () => {
    await t.services.gamification.createAchievement(admin, {
      key: "night_owl",
      nameEs: "Búho nocturno",
      nameEn: "Night owl",
      descriptionEs: "Escribe 3 hilos.",
      descriptionEn: "Write 3 threads.",
      type: "threads",
      threshold: 3,
      rarity: "Epic",
      rewardXp: 30,
    });
    const en = await page("/en/account/progress", quiet.cookie);
    const card = en.slice(en.indexOf('id="achievement-night_owl"'));
    expect(card).toContain("Night owl");
    expect(card).toContain("Write 3 threads.");
    expect(card).toContain(">Epic</span>");
    expect(card).toContain("+30 XP");
    const es = await page("/es/account/progress", quiet.cookie);
    expect(es).toContain("Búho nocturno");
    expect(es).toContain("Escribe 3 hilos.");
    expect(es).not.toContain("Night owl");
  });
});
