import { and, inArray, isNull, sql } from "drizzle-orm";
import { createCompany, createUser, ensureRoles } from "#server/db/factories";
import { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Storage } from "#server/platform/storage";
import { ensureGamificationDefaults, replayForum } from "#server/modules/gamification";
import { SettingsStore } from "#server/modules/site/settings";
import type { Database } from "./client";
import { DEMO_STUDIO_LOGOS, logoPiece, storeDemoArt } from "./demo-art";
import { companyProfiles, posts, siteSettings, users, xpLedger } from "./schema";
import { seedDemoAnnouncements } from "./seed-announcements";
import { seedDemoForum } from "./seed-forum";
import { seedDemoCampaigns } from "./seed-campaigns";
import { seedDemoPromotions } from "./seed-promotions";
import { seedDemoAnalytics } from "./seed-analytics";
import { seedDemoContact } from "./seed-contact";
import { seedDemoContent } from "./seed-content";
import { seedDemoJobs } from "./seed-jobs";
import { seedDemoCharacters } from "./seed-character";
import { seedDemoRooms } from "./seed-rooms";

/** Demo sign-in details; also listed in the README. Demo data is for laptops and previews, never production. */
export const DEMO_ACCOUNTS = {
  admin: { email: "admin@demo.nexoindie.test", password: "demo-admin-2026", username: "admin" },
  moderator: { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026", username: "moderadora" },
} as const;

/**
 * Demo accounts on a database without people, then the demo forum when the forum is empty (also on a database
 * seeded before the forum existed), which the demo opens (its threads are the demo's
 * community). True when anything was created.
 */
export async function seedDemoData(db: Database, log: Logger, opts?: { gameKeysSecret: string; storage: Storage }): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  const accounts = count === 0 && (await seedDemoAccounts(db, log));
  const forum = await seedDemoForum(db);
  if (forum) {
    await openDemoForum(db);
    log.info("demo forum seeded");
  }
  const gamification = await seedDemoGamification(db, log);
  // Characters, items, arena matches and rendered avatars: the avatars go to the storage.
  const characters = opts ? await seedDemoCharacters(db, log, opts) : false;
  // Campaigns need the server's key secret (keys are sealed at rest): only where the caller gives it.
  const campaigns = opts ? await seedDemoCampaigns(db, log, opts) : false;
  // Featured games: their images go to the storage, so only where the caller gives it.
  const promotions = opts ? await seedDemoPromotions(db, log, opts) : false;
  const logos = opts ? await seedDemoLogos(db, opts) : false;
  const contact = await seedDemoContact(db, log);
  const announced = await seedDemoAnnouncements(db);
  // Job offers: their applications' resumes go to the storage too.
  const jobs = opts ? await seedDemoJobs(db, log, opts) : false;
  // Videos and the podcast: their thumbnails go to the storage too.
  const content = opts ? await seedDemoContent(db, log, opts) : false;
  // An episode room the demo moderator hosts (after the podcast, which it is about).
  const rooms = await seedDemoRooms(db, log);
  // 90 days of page views and events, rolled up, for the admin analytics tab.
  const analytics = await seedDemoAnalytics(db, log);
  return (
    accounts ||
    forum ||
    gamification ||
    characters ||
    campaigns ||
    promotions ||
    logos ||
    contact ||
    announced ||
    jobs ||
    content ||
    rooms ||
    analytics
  );
}

/** The demo studios' logos (drawn for the demo), for those that have none yet. */
async function seedDemoLogos(db: Database, opts: { storage: Storage }): Promise<boolean> {
  const bare = await db
    .select({ id: companyProfiles.id, slug: companyProfiles.slug })
    .from(companyProfiles)
    .where(and(inArray(companyProfiles.slug, Object.keys(DEMO_STUDIO_LOGOS)), isNull(companyProfiles.logoUrl)));
  if (!bare.length) return false;
  const urls = await storeDemoArt(
    opts.storage,
    bare.map((c) => logoPiece(c.slug)),
  );
  for (const c of bare)
    await db
      .update(companyProfiles)
      .set({ logoUrl: urls[`${c.slug}-logo`]! })
      .where(sql`${companyProfiles.id} = ${c.id}`);
  return true;
}

/**
 * Demo XP, levels and achievements that follow from the demo forum: its threads, replies and
 * likes replayed, oldest first, through the same award functions the forum's events run, each dated at its
 * source's time. Only while the ledger is empty (also on a database seeded before gamification existed).
 */
export async function seedDemoGamification(db: Database, log: Logger): Promise<boolean> {
  await ensureGamificationDefaults(db);
  const [{ ledger, forumPosts }] = await db
    .select({ ledger: sql<number>`(select count(*) from ${xpLedger})::int`, forumPosts: sql<number>`(select count(*) from ${posts})::int` })
    .from(sql`(select 1) as one`);
  if (ledger > 0 || forumPosts === 0) return false;
  // A bus nobody listens to: the demo's past level-ups and unlocks send no notifications.
  const deps = { db, settings: new SettingsStore(db), events: new EventBus(log), modifiers: [], now: () => new Date() };
  const { sources } = await replayForum(deps, { historic: true });
  log.info("demo gamification seeded", { sources });
  return true;
}

/**
 * Turns the forum flag on for the demo, unless someone already chose a value (a written row is kept). Only the
 * demo seed calls this: a database without demo data keeps the flag's default (off).
 */
async function openDemoForum(db: Database): Promise<void> {
  await db.insert(siteSettings).values({ key: "forum_enabled", value: true }).onConflictDoNothing({ target: siteSettings.key });
}

async function seedDemoAccounts(db: Database, log: Logger): Promise<boolean> {
  await ensureRoles(db);
  await createUser(db, { ...DEMO_ACCOUNTS.admin, name: "Admin", roles: ["Admin"], bio: "Equipo del sitio · Site team" });
  await createUser(db, {
    ...DEMO_ACCOUNTS.moderator,
    name: "Moderadora",
    roles: ["Moderator"],
    bio: "Modero la comunidad y respondo dudas sobre las normas.",
  });
  const creators = [
    { username: "lucia_juega", bio: "Streamer de indies narrativos y metroidvanias. Directos martes y jueves." },
    { username: "pixel_pete", bio: "I make short videos about tiny games with big ideas." },
    { username: "rober_retro", bio: "Análisis de juegos retro y demakes en YouTube." },
    { username: "maya_plays", bio: "Cozy games, farming sims and everything with a cat in it." },
  ];
  for (const c of creators) {
    await createUser(db, { ...c, email: `${c.username.replace("_", ".")}@demo.nexoindie.test`, password: "demo-creator-2026" });
  }
  await createCompany(db, {
    username: "estudio_brisa",
    email: "hola@demo.estudiobrisa.test",
    password: "demo-company-2026",
    companyName: "Estudio Brisa",
    slug: "estudio-brisa",
    representativeName: "Irene Calvo",
    website: "https://estudiobrisa.example",
    description:
      "Estudio independiente de Valencia: aventuras cortas con mucho corazón. / An independent studio from Valencia making short, heartfelt adventures.",
    country: "ES",
    verified: true,
  });
  await createCompany(db, {
    username: "northwind_pixel",
    email: "team@demo.northwindpixel.test",
    password: "demo-company-2026",
    companyName: "Northwind Pixel",
    slug: "northwind-pixel",
    representativeName: "Sam Carter",
    website: "https://northwindpixel.example",
    description: "A two-person team building a roguelite about lighthouse keepers.",
    country: "GB",
    verified: false,
  });
  // Demo members are old members: their seeded threads are weeks old, and the first-day posting limits
  // must not hold them back.
  await db.update(users).set({ createdAt: new Date(Date.now() - 90 * 24 * 3600 * 1000) });
  log.info("demo data seeded", {
    accounts: [
      { role: "Admin", ...DEMO_ACCOUNTS.admin },
      { role: "Moderator", ...DEMO_ACCOUNTS.moderator },
      { role: "creator", email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" },
      { role: "company (verified)", email: "hola@demo.estudiobrisa.test", password: "demo-company-2026" },
      { role: "company (pending)", email: "team@demo.northwindpixel.test", password: "demo-company-2026" },
    ],
  });
  return true;
}
