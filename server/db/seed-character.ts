import { and, eq, inArray, sql } from "drizzle-orm";
import { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import { createInProcessRealtime } from "#server/platform/realtime";
import type { Storage } from "#server/platform/storage";
import { ensureItemCatalogue } from "#server/modules/character";
import { settleMatch } from "#server/modules/character/arena/settle-match";
import { renderAvatar } from "#server/modules/character/avatar/render-avatar";
import { readLoadout } from "#server/modules/character/avatar/loadout";
import { lockCharacter, moveGold } from "#server/modules/character/gold";
import { takeStatPoints } from "#server/modules/gamification";
import { SettingsStore } from "#server/modules/site/settings";
import type { CharacterClass, CharacterStat } from "#shared/character";
import type { Database } from "./client";
import { achievements, avatarRenders, characters, equipment, items, profiles, userAchievements, userItems, userStats } from "./schema";

/** The demo's first arena match, named so the page sweep and the screenshots can open it. */
export const DEMO_MATCH_ID = "7d1e3a52-0c4b-4f8e-9a61-2b5c8d9e0f17";

type DemoCharacter = {
  username: string;
  characterClass: CharacterClass;
  /** Where the stat points go, in order of preference. */
  favours: CharacterStat[];
  /** Items worn (each bought with the gold earned when it can be afforded, else a gift of the team). */
  wears: string[];
  /** Whether the rendered character becomes the person's picture across the site. */
  showsRendered: boolean;
};

const DEMO_CHARACTERS: DemoCharacter[] = [
  {
    username: "pixel_pete",
    characterClass: "warrior",
    favours: ["strength", "agility"],
    wears: ["leather-cap", "cloth-tunic", "wooden-sword", "wooden-shield", "sandals"],
    showsRendered: true,
  },
  {
    username: "lucia_juega",
    characterClass: "mage",
    favours: ["intelligence", "charisma"],
    wears: ["cloth-tunic", "linen-trousers", "copper-ring", "simple-frame"],
    showsRendered: false,
  },
  {
    username: "rober_retro",
    characterClass: "rogue",
    favours: ["agility", "strength"],
    wears: ["linen-trousers", "sandals", "wooden-sword", "copper-ring"],
    showsRendered: false,
  },
  {
    username: "maya_plays",
    characterClass: "trader",
    favours: ["charisma", "intelligence"],
    wears: ["cloth-tunic", "simple-frame", "copper-ring", "sandals"],
    showsRendered: true,
  },
  {
    username: "admin",
    characterClass: "warrior",
    favours: ["strength"],
    wears: ["leather-cap", "cloth-tunic", "wooden-sword", "wooden-shield", "simple-frame"],
    showsRendered: false,
  },
  {
    username: "moderadora",
    characterClass: "mage",
    favours: ["intelligence"],
    wears: ["cloth-tunic", "linen-trousers", "copper-ring"],
    showsRendered: false,
  },
];

/** Who fights whom, how many days ago (each pair at most once a day, so every match is rated). */
const DEMO_MATCHES: [string, string, number][] = [
  ["pixel_pete", "rober_retro", 6],
  ["lucia_juega", "maya_plays", 6],
  ["pixel_pete", "lucia_juega", 5],
  ["rober_retro", "maya_plays", 4],
  ["admin", "pixel_pete", 3],
  ["moderadora", "rober_retro", 3],
  ["lucia_juega", "rober_retro", 2],
  ["maya_plays", "pixel_pete", 1],
];

/**
 * The demo's characters (SPEC §1 role-play): classes for the demo members, their stat points spent, the gold
 * their levels and achievements earned (as the gold listeners would have paid it), items bought or given and
 * worn, a week of arena matches fought by the real engine, and each avatar rendered. Once: nothing happens when
 * any demo member already has a character. True when anything was created.
 */
export async function seedDemoCharacters(db: Database, log: Logger, opts: { storage: Storage }): Promise<boolean> {
  await ensureItemCatalogue(db);
  const names = DEMO_CHARACTERS.map((c) => c.username);
  const people = await db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(inArray(profiles.username, names));
  if (people.length === 0) return false;
  const ids = people.map((p) => p.id);
  const [{ existing }] = await db
    .select({ existing: sql<number>`count(*)::int` })
    .from(characters)
    .where(inArray(characters.userId, ids));
  if (existing > 0) return false;
  const byName = new Map(people.map((p) => [p.username, p]));
  const settings = await new SettingsStore(db).get("character_settings");
  const catalogue = new Map((await db.select({ id: items.id, price: items.price }).from(items)).map((i) => [i.id, i]));

  for (const demo of DEMO_CHARACTERS) {
    const person = byName.get(demo.username);
    if (!person) continue;
    await db.transaction(async (tx) => {
      await lockCharacter(tx, person.id);
      await tx
        .update(characters)
        .set({
          characterClass: demo.characterClass,
          avatarChoice: demo.showsRendered ? "rendered" : "upload",
          uploadedAvatarUrl: demo.showsRendered ? person.avatarUrl : null,
        })
        .where(eq(characters.userId, person.id));
      // The stat points their levels granted, spent on the stats their class favours.
      const [stats] = await tx
        .select({ level: userStats.peakLevel, points: userStats.statPoints })
        .from(userStats)
        .where(eq(userStats.userId, person.id));
      const points = stats?.points ?? 0;
      if (points > 0 && (await takeStatPoints(tx, person.id, points)) !== null) {
        const spend = Object.fromEntries(demo.favours.map((stat) => [stat, 0])) as Record<CharacterStat, number>;
        for (let i = 0; i < points; i++) spend[demo.favours[i % demo.favours.length]!] += 1;
        await tx
          .update(characters)
          .set(Object.fromEntries(Object.entries(spend).map(([stat, n]) => [stat, sql`${sql.identifier(stat)} + ${n}`])))
          .where(eq(characters.userId, person.id));
      }
      // Gold as the listeners pay it: per level reached and per achievement unlocked.
      for (let level = 2; level <= (stats?.level ?? 1); level++)
        await moveGold(tx, { userId: person.id, reason: "level_up", amount: settings.goldPerLevel, sourceId: String(level) });
      const unlocked = await tx
        .select({ id: achievements.id })
        .from(userAchievements)
        .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
        .where(eq(userAchievements.userId, person.id));
      for (const a of unlocked)
        await moveGold(tx, { userId: person.id, reason: "achievement", amount: settings.goldPerAchievement, sourceId: a.id });
      // What they wear: bought while the gold lasts, the rest a gift of the team.
      for (const itemId of demo.wears) {
        const item = catalogue.get(itemId);
        if (!item) continue;
        const [{ gold }] = await tx.select({ gold: characters.gold }).from(characters).where(eq(characters.userId, person.id));
        const bought = item.price !== null && gold >= item.price;
        if (bought) await moveGold(tx, { userId: person.id, reason: "item_purchase", amount: -item.price!, sourceId: itemId });
        await tx
          .insert(userItems)
          .values({ userId: person.id, itemId, source: bought ? "purchase" : "grant", sourceId: bought ? itemId : "demo" })
          .onConflictDoNothing();
        const [{ slot }] = await tx.select({ slot: items.slot }).from(items).where(eq(items.id, itemId));
        await tx.insert(equipment).values({ userId: person.id, slot, itemId }).onConflictDoNothing();
      }
    });
  }

  // A week of arena matches, fought by the engine from fixed seeds (the same demo on every machine).
  let n = 0;
  for (const [a, b, daysAgo] of DEMO_MATCHES) {
    const pa = byName.get(a);
    const pb = byName.get(b);
    if (!pa || !pb) continue;
    const at = new Date(Date.now() - daysAgo * 86_400_000);
    await db.transaction((tx) =>
      settleMatch({ now: () => at }, tx, { a: pa.id, b: pb.id }, settings, {
        matchId: n === 0 ? DEMO_MATCH_ID : undefined,
        seed: `demo-match-${n}`,
      }),
    );
    n++;
  }

  // Each avatar drawn now, so the demo's profiles and posts show them from the first page.
  const quiet = {
    db,
    storage: opts.storage,
    events: new EventBus(log),
    realtime: createInProcessRealtime(log),
    now: () => new Date(),
    log,
  };
  for (const person of people) {
    const [row] = await db
      .insert(avatarRenders)
      .values({ userId: person.id, loadout: await readLoadout(db, person.id), requestedBy: null })
      .returning({ id: avatarRenders.id });
    await renderAvatar(quiet, { renderId: row!.id });
  }
  const [{ rendered }] = await db
    .select({ rendered: sql<number>`count(*)::int` })
    .from(avatarRenders)
    .where(and(inArray(avatarRenders.userId, ids), eq(avatarRenders.status, "done")));
  log.info("demo characters seeded", { characters: people.length, matches: n, rendered });
  return true;
}
