import { stat } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { createLogger } from "#server/platform/logger";
import { verifyPassword } from "#server/platform/auth";
import { SettingsStore } from "#server/modules/site/settings";
import type { DatabaseHandle } from "./client";
import { createSecretBox } from "#server/platform/secret-box";
import { LocalStorage } from "#server/platform/storage";
import {
  accounts,
  arenaMatches,
  campaignKeys,
  campaigns,
  companyGames,
  companyProfiles,
  coverageLinks,
  creatorChannels,
  creatorRequests,
  featuredGameDaily,
  siteAnalyticsDaily,
  featuredGames,
  featuredSubmissions,
  forumCategories,
  forums,
  forumTags,
  payments,
  postLikes,
  posts,
  profiles,
  promoCodes,
  promoCodeUses,
  reports,
  roles,
  studioMailConsent,
  threads,
  userRoles,
  users,
} from "./schema";
import { DEMO_ACCOUNTS, seedDemoData, seedDemoGamification } from "./seed";
import { seedDemoForum } from "./seed-forum";
import { DEMO_MATCH_ID, seedDemoCharacters } from "./seed-character";

const DEMO_KEYS_SECRET = "demo-keys-secret-for-the-seed-test-0123456789";

describe("demo data", () => {
  let database: DatabaseHandle;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("fills an empty database with an admin, a moderator, creators and two companies, and logs the sign-in details", async () => {
    expect(
      await seedDemoData(
        database.db,
        createLogger("info", {}, (l) => lines.push(l)),
        {
          gameKeysSecret: DEMO_KEYS_SECRET,
          storage: new LocalStorage("/tmp/seed-test-uploads"),
        },
      ),
    ).toBe(true);
    const roleOf = async (email: string) =>
      (
        await database.db
          .select({ name: roles.name })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(users.email, email))
      ).map((r) => r.name);
    expect(await roleOf(DEMO_ACCOUNTS.admin.email)).toEqual(["Admin"]);
    expect(await roleOf(DEMO_ACCOUNTS.moderator.email)).toEqual(["Moderator"]);
    const creators = await database.db.select().from(profiles).where(eq(profiles.role, "creator"));
    expect(creators.length).toBeGreaterThanOrEqual(4);
    const companies = await database.db.select().from(companyProfiles);
    expect(companies.map((c) => [c.slug, c.verified]).sort()).toEqual([
      ["estudio-brisa", true],
      ["northwind-pixel", false],
    ]);
    // Bios in both languages.
    expect(creators.some((c) => /directos|Análisis/.test(c.bio ?? ""))).toBe(true);
    expect(creators.some((c) => /videos|games/.test(c.bio ?? ""))).toBe(true);
    expect(lines.join()).toContain(DEMO_ACCOUNTS.admin.password);
  });

  it("stores Argon2id hashes that verify the demo passwords", async () => {
    const [row] = await database.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row.password!, DEMO_ACCOUNTS.admin.password)).toBe(true);
    expect(await verifyPassword(row.password!, "wrong")).toBe(false);
  });

  it("fills the forum: 3 categories, 6 forums, tags and over 30 threads in both languages with replies and likes", async () => {
    const db = database.db;
    const count = async (
      table: typeof forums | typeof forumCategories | typeof forumTags | typeof threads | typeof posts | typeof postLikes,
    ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    expect(await count(forumCategories)).toBe(3);
    expect(await count(forums)).toBe(6);
    expect(await count(forumTags)).toBeGreaterThanOrEqual(5);
    expect(await count(threads)).toBeGreaterThanOrEqual(30);
    expect(await count(postLikes)).toBeGreaterThan(20);
    const all = await db.select().from(threads);
    expect(all.some((t) => /¿|ñ|ó/.test(t.title)) && all.some((t) => /\bthe\b|\bfor\b/i.test(t.title))).toBe(true);
    // Counters agree with the rows.
    const [sum] = await db
      .select({ threads: sql<number>`sum(${forums.threadCount})::int`, posts: sql<number>`sum(${forums.postCount})::int` })
      .from(forums);
    expect(sum).toEqual({ threads: all.length, posts: await count(posts) });
    // Open reports for the forum admin's moderation queue, each on someone else's reply.
    const open = await db
      .select({ reporterId: reports.reporterId, authorId: posts.authorId, number: posts.number })
      .from(reports)
      .innerJoin(posts, eq(posts.id, reports.postId))
      .where(eq(reports.status, "open"));
    expect(open).toHaveLength(3);
    expect(open.every((r) => r.reporterId !== r.authorId && r.number > 1)).toBe(true);
    expect(await seedDemoForum(db)).toBe(false);
  });

  it("gives the demo members the XP, levels and achievements their seeded activity earns", async () => {
    const db = database.db;
    const { rows } = (await db.execute(sql`
      select p.username, s.xp, s.level, s.threads, s.replies, s.likes_given, s.likes_received,
        (select count(*) from threads t where t.author_id = p.id)::int as made_threads,
        (select count(*) from posts x where x.author_id = p.id and x.number > 1)::int as made_replies,
        (select count(*) from post_likes l join posts x on x.id = l.post_id where x.author_id = p.id and l.user_id <> p.id)::int as got_likes,
        (select count(*) from post_likes l join posts x on x.id = l.post_id where l.user_id = p.id and x.author_id <> p.id)::int as gave_likes,
        (select coalesce(sum(amount), 0) from xp_ledger g where g.user_id = p.id)::int as ledger,
        (select count(*) from user_achievements a where a.user_id = p.id)::int as badges
      from profiles p join user_stats s on s.user_id = p.id`)) as unknown as {
      rows: Array<{
        username: string;
        xp: number;
        level: number;
        threads: number;
        replies: number;
        likes_given: number;
        likes_received: number;
        made_threads: number;
        made_replies: number;
        got_likes: number;
        gave_likes: number;
        ledger: number;
        badges: number;
      }>;
    };
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const r of rows) {
      expect([r.username, r.threads, r.replies, r.likes_received, r.likes_given, r.xp]).toEqual([
        r.username,
        r.made_threads,
        r.made_replies,
        r.got_likes,
        r.gave_likes,
        r.ledger,
      ]);
      if (r.made_threads > 0) expect(r.badges).toBeGreaterThan(0);
    }
    const lucia = rows.find((r) => r.username === "lucia_juega")!;
    expect(lucia.xp).toBeGreaterThan(50);
    expect(lucia.level).toBeGreaterThanOrEqual(2);
    expect(await seedDemoGamification(db, createLogger("silent"))).toBe(false);
  });

  it("gives the demo members characters: classes, spent stat points, gold with its causes, worn items, a week of arena matches and rendered avatars", async () => {
    const db = database.db;
    const { rows } = (await db.execute(sql`
      select p.username, c.class, c.gold, c.avatar_choice, p.avatar_url,
        c.strength + c.intelligence + c.agility + c.charisma as stats, s.stat_points, s.peak_level,
        (select coalesce(sum(amount), 0) from gold_ledger g where g.user_id = p.id)::int as ledger,
        (select count(*) from equipment e where e.user_id = p.id)::int as worn,
        (select count(*) from arena_matches m where m.player_a = p.id or m.player_b = p.id)::int as matches,
        (select count(*) from avatar_renders r where r.user_id = p.id and r.status = 'done')::int as rendered
      from characters c join profiles p on p.id = c.user_id join user_stats s on s.user_id = p.id`)) as unknown as {
      rows: Array<{
        username: string;
        class: string;
        gold: number;
        avatar_choice: string;
        avatar_url: string | null;
        stats: number;
        stat_points: number;
        peak_level: number;
        ledger: number;
        worn: number;
        matches: number;
        rendered: number;
      }>;
    };
    expect(rows.map((r) => r.username).sort()).toEqual(["admin", "lucia_juega", "maya_plays", "moderadora", "pixel_pete", "rober_retro"]);
    for (const r of rows) {
      // Every coin has its cause; every stat point granted is spent; each wears something and has fought.
      expect(r.gold).toBe(r.ledger);
      expect(r.gold).toBeGreaterThanOrEqual(0);
      expect(r.stat_points).toBe(0);
      expect(r.worn).toBeGreaterThan(0);
      expect(r.matches).toBeGreaterThan(0);
      expect(r.rendered).toBe(1);
      if (r.avatar_choice === "rendered") expect(r.avatar_url).toMatch(/^\/media\/avatars\/rendered\//);
    }
    expect(new Set(rows.map((r) => r.class))).toEqual(new Set(["warrior", "mage", "rogue", "trader"]));
    const [match] = await db.select().from(arenaMatches).where(eq(arenaMatches.id, DEMO_MATCH_ID));
    expect(match?.rated).toBe(true);
    expect(await seedDemoCharacters(db, createLogger("silent"), { storage: new LocalStorage("/tmp/seed-test-uploads") })).toBe(false);
  });

  it("gives the verified company two games and three campaigns, and the creators requests in every state", async () => {
    const games = await database.db.select().from(companyGames);
    expect(games.map((g) => g.slug).sort()).toEqual(["faro-de-niebla", "huerto-lunar"]);
    const all = await database.db.select().from(campaigns);
    expect(all.map((c) => `${c.status}:${c.autoApprove}`).sort()).toEqual(["active:false", "active:true", "finished:false"]);
    const keys = await database.db.select().from(campaignKeys);
    expect(new Set(keys.map((k) => k.region))).toEqual(new Set(["europe", "north_america"]));
    expect(keys.some((k) => k.status === "claimed") && keys.some((k) => k.status === "available")).toBe(true);
    const requests = await database.db.select().from(creatorRequests);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(["pending", "approved", "rejected"]));
    // The manual campaign has requests waiting; the auto-approved one approved its creators at once.
    const manual = all.find((c) => c.status === "active" && !c.autoApprove)!;
    expect(requests.filter((r) => r.campaignId === manual.id && r.status === "pending").length).toBeGreaterThanOrEqual(2);
    const auto = all.find((c) => c.autoApprove)!;
    expect(requests.filter((r) => r.campaignId === auto.id).every((r) => r.status === "approved" && r.autoApproved)).toBe(true);
    expect(requests.filter((r) => r.campaignId === auto.id && r.autoApproved).length).toBe(2);
    // The demo creators' channels are theirs (verified or checked), each with its own key and code.
    const channels = await database.db.select().from(creatorChannels);
    expect(channels.length).toBe(6);
    expect(channels.every((c) => (c.verifiedAt || c.checkedAt) && c.channelKey && /^nexo-/.test(c.verifyCode))).toBe(true);
    expect((await database.db.select().from(coverageLinks)).length).toBeGreaterThanOrEqual(2);
    // Sealed with the given secret: the demo keys open with it, and no key is stored in clear.
    const box = createSecretBox(DEMO_KEYS_SECRET, "campaign-keys");
    expect(box.open(keys[0].sealedValue)).toMatch(/^(FARO|NIEBLA|HUERTO)-(EU|NA)-/);
    expect(keys.every((k) => !k.sealedValue.toString("latin1").includes("-EU-"))).toBe(true);
  });

  it("turns the forum on with the demo forum, so its threads are reachable", async () => {
    expect(await new SettingsStore(database.db).get("forum_enabled")).toBe(true);
  });

  it("adds the featured games demo: three games in different states, a paid and a promo-code submission with their own art in the queue, two codes, daily numbers, one agreeing studio", async () => {
    const games = await database.db.select().from(featuredGames).orderBy(featuredGames.slug);
    expect(games.map((g) => [g.slug, g.featureType, g.scheduleStatus])).toEqual([
      ["ember-and-tide", "details_page", "active"],
      ["hollow-pines", "both", "active"],
      ["starfall-courier", "homepage", "scheduled"],
    ]);
    // Their art (drawn for the demo: a cover, a capsule and three screenshots each, every one its own) was written
    // to the uploads directory.
    const size = async (url: string | null) => (await stat(join("/tmp/seed-test-uploads", String(url).replace("/media/", "")))).size;
    for (const g of games) {
      expect(g.screenshots).toHaveLength(3);
      for (const url of [g.imageUrl, g.capsuleUrl, ...g.screenshots]) {
        expect(url).toMatch(new RegExp(`^/media/demo/${g.slug}-`));
        expect(await size(url)).toBeGreaterThan(2000);
      }
    }
    expect(new Set(games.flatMap((g) => [g.imageUrl, g.capsuleUrl, ...g.screenshots])).size).toBe(15);
    // The campaign games' covers and the demo studios' logos too.
    const covers = await database.db.select({ slug: companyGames.slug, coverUrl: companyGames.coverUrl }).from(companyGames);
    expect(covers.map((c) => c.slug).sort()).toEqual(["faro-de-niebla", "huerto-lunar"]);
    for (const c of covers) expect(await size(c.coverUrl)).toBeGreaterThan(2000);
    const logos = await database.db.select({ logoUrl: companyProfiles.logoUrl }).from(companyProfiles);
    for (const c of logos) expect(await size(c.logoUrl)).toBeGreaterThan(1000);
    const queue = await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.status, "pending_review"));
    expect(queue).toHaveLength(2);
    // The queue's two games have art of their own (an image and three screenshots each, none a featured game's).
    const queueArt = queue.flatMap((s) => [s.imageUrl, ...s.screenshots]);
    expect(queue.map((s) => [s.gameName, s.screenshots.length]).sort()).toEqual([
      ["Mossbound", 3],
      ["Paper Lanterns", 3],
    ]);
    for (const s of queue) {
      const slug = s.gameName.toLowerCase().replace(" ", "-");
      for (const url of [s.imageUrl, ...s.screenshots]) {
        expect(url).toMatch(new RegExp(`^/media/demo/${slug}-`));
        expect(await size(url)).toBeGreaterThan(2000);
      }
    }
    expect(new Set([...queueArt, ...games.flatMap((g) => [g.imageUrl, g.capsuleUrl, ...g.screenshots])]).size).toBe(15 + 8);
    const paid = queue.find((s) => s.amountMinor > 0)!;
    const covered = queue.find((s) => s.amountMinor === 0)!;
    expect((await database.db.select().from(payments).where(eq(payments.submissionId, paid.id))).map((p) => p.status)).toEqual(["success"]);
    expect(await database.db.select().from(payments).where(eq(payments.submissionId, covered.id))).toHaveLength(0);
    const codes = await database.db.select().from(promoCodes).orderBy(promoCodes.code);
    expect(codes.map((c) => [c.code, c.discountType, c.discountValue, c.maxUses, c.usesCount])).toEqual([
      ["INDIE100", "percentage", 100, 5, 1],
      ["LAUNCH20", "percentage", 20, 100, 0],
    ]);
    const uses = await database.db.select().from(promoCodeUses);
    expect(uses.map((u) => [u.submissionId, u.promoCodeId])).toEqual([[covered.id, codes[0].id]]);
    const [{ days }] = await database.db
      .select({ days: sql<number>`count(distinct ${featuredGameDaily.day})::int` })
      .from(featuredGameDaily);
    expect(days).toBeGreaterThanOrEqual(7);
    // 90 days and today of site analytics, rolled up for the admin tab.
    const [site] = await database.db
      .select({ days: sql<number>`count(*)::int`, views: sql<number>`sum(${siteAnalyticsDaily.views})::int` })
      .from(siteAnalyticsDaily)
      .where(eq(siteAnalyticsDaily.dimension, "total"));
    expect(site.days).toBe(91);
    expect(site.views).toBeGreaterThan(15_000);
    const consent = await database.db
      .select()
      .from(studioMailConsent)
      .innerJoin(companyProfiles, eq(companyProfiles.id, studioMailConsent.companyId));
    expect(consent.map((c) => [c.company_profiles.slug, c.studio_mail_consent.agreed])).toEqual([["estudio-brisa", true]]);
  });

  it("does nothing on a database that already has people", async () => {
    expect(await seedDemoData(database.db, createLogger("silent"))).toBe(false);
  });
});

describe("a database without demo data", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => database.close());

  it("keeps the forum flag's default (off)", async () => {
    expect(await new SettingsStore(database.db).get("forum_enabled")).toBe(false);
  });

  it("keeps a forum flag someone already turned off when the demo forum is seeded later", async () => {
    const settings = new SettingsStore(database.db);
    await settings.write("forum_enabled", false, "test");
    expect(await seedDemoData(database.db, createLogger("silent"))).toBe(true);
    settings.invalidate();
    expect(await settings.get("forum_enabled")).toBe(false);
  });
});
