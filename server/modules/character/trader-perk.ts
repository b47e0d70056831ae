import { and, eq, isNull, ne } from "drizzle-orm";
import { characters, posts } from "#server/db/schema";
import { CLASS_PERKS } from "#shared/character";
import type { AwardModifier } from "#server/modules/gamification";

/**
 * The trader's perk (SPEC §9: "+3% XP when others comment on their threads"), a step of gamification's award
 * pipeline. The forum gives a thread's author no XP for the replies others write, so the perk goes to the XP
 * the trader earns from the conversation others bring to the threads they started:
 * - likes received on posts in their own threads (always someone else's like), and
 * - their own replies in their own threads once someone else has commented there (answering the commenters;
 *   replying to oneself in an empty thread earns no perk).
 * Nothing else changes: their new threads, replies in others' threads and achievement rewards are as for anyone.
 * +3% of a few XP is less than one point, and the ledger keeps whole points: the perk rounds up, so it always
 * adds at least one point. The function's name is the step's name in the ledger (`details.modifiers`), which
 * the XP history shows as "+3% trader".
 */
export const traderPerk: AwardModifier = async function trader(award, { tx, source }) {
  if (award.amount <= 0 || !source.threadAuthorId || source.threadAuthorId !== award.userId) return award;
  if (award.reason !== "like_received" && award.reason !== "post_create") return award;
  const [character] = await tx
    .select({ characterClass: characters.characterClass })
    .from(characters)
    .where(eq(characters.userId, award.userId))
    .limit(1);
  if (character?.characterClass !== "trader") return award;
  if (award.reason === "like_received" && (!award.counterpartId || award.counterpartId === award.userId)) return award;
  if (award.reason === "post_create") {
    if (!source.threadId) return award;
    const [other] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.threadId, source.threadId), ne(posts.authorId, award.userId), isNull(posts.deletedAt), eq(posts.hidden, false)))
      .limit(1);
    if (!other) return award;
  }
  return { ...award, amount: Math.ceil((award.amount * (100 + CLASS_PERKS.trader.percent)) / 100) };
};
