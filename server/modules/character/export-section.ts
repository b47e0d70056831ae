import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { avatarRenders, characters, equipment, goldLedger, userItems } from "#server/db/schema";
import { arenaExportSection } from "./arena/export-section";

/**
 * What the site stores about a person's character, for their account export: the class, stats and gold, every
 * gold ledger row with its cause, the items owned and what is worn. The admin behind an adjustment is not theirs.
 */
async function characterPart(db: Database, userId: string) {
  const [character] = await db
    .select({
      characterClass: characters.characterClass,
      strength: characters.strength,
      intelligence: characters.intelligence,
      agility: characters.agility,
      charisma: characters.charisma,
      gold: characters.gold,
      classChanges: characters.classChanges,
      avatarChoice: characters.avatarChoice,
      createdAt: characters.createdAt,
    })
    .from(characters)
    .where(eq(characters.userId, userId))
    .limit(1);
  const gold = await db
    .select({
      reason: goldLedger.reason,
      amount: goldLedger.amount,
      sourceId: goldLedger.sourceId,
      balanceAfter: goldLedger.balanceAfter,
      note: goldLedger.note,
      details: goldLedger.details,
      createdAt: goldLedger.createdAt,
    })
    .from(goldLedger)
    .where(eq(goldLedger.userId, userId))
    .orderBy(asc(goldLedger.id));
  const owned = await db
    .select({ itemId: userItems.itemId, source: userItems.source, acquiredAt: userItems.acquiredAt })
    .from(userItems)
    .where(eq(userItems.userId, userId))
    .orderBy(asc(userItems.acquiredAt));
  const worn = await db
    .select({ slot: equipment.slot, itemId: equipment.itemId, equippedAt: equipment.equippedAt })
    .from(equipment)
    .where(eq(equipment.userId, userId));
  return { character: character ?? null, gold, items: owned, equipment: worn };
}

/** The character, its gold and items, its avatar renders and its arena record, for the account export. */
export async function characterExportSection(db: Database, userId: string) {
  const renders = await db
    .select({ status: avatarRenders.status, requestedAt: avatarRenders.requestedAt, finishedAt: avatarRenders.finishedAt })
    .from(avatarRenders)
    .where(eq(avatarRenders.userId, userId))
    .orderBy(asc(avatarRenders.requestedAt));
  return { ...(await characterPart(db, userId)), avatarRenders: renders, arena: await arenaExportSection(db, userId) };
}
