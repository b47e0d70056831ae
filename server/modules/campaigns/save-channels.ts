import { randomUUID } from "node:crypto";
import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import { CHANNELS_MAX } from "#shared/campaigns";
import { creatorChannels } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CampaignsDeps } from "./deps";
import { channelInput } from "./input";
import { assertCan } from "./policy";

const channelsInput = z.object({ channels: z.array(channelInput).max(CHANNELS_MAX, "errors:input.invalid") });

/**
 * /creator/onboarding: the creator's channels with the audience they state and the languages they cover games
 * in. The list replaces the one before; a channel whose figures change loses the team's check (the figures are
 * the creator's word again), and a flag stays with its address.
 */
export async function saveChannels(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "channels.manage");
  const { channels } = parseInput(channelsInput, input);
  const now = deps.now();
  const unique = [...new Map(channels.map((c) => [c.url, c])).values()];
  await deps.db.transaction(async (tx) => {
    const before = await tx.select().from(creatorChannels).where(eq(creatorChannels.userId, actor.userId)).for("update");
    const byUrl = new Map(before.map((c) => [c.url, c]));
    for (const c of unique) {
      const old = byUrl.get(c.url);
      if (!old) {
        await tx.insert(creatorChannels).values({ id: randomUUID(), userId: actor.userId, ...c, createdAt: now, updatedAt: now });
        continue;
      }
      const figuresChanged = old.subscribers !== c.subscribers || old.averageViews !== c.averageViews || old.kind !== c.kind;
      await tx
        .update(creatorChannels)
        .set({ ...c, updatedAt: now, ...(figuresChanged ? { checkedAt: null, checkedBy: null } : {}) })
        .where(eq(creatorChannels.id, old.id));
    }
    const kept = unique.map((c) => c.url);
    await tx
      .delete(creatorChannels)
      .where(and(eq(creatorChannels.userId, actor.userId), kept.length ? notInArray(creatorChannels.url, kept) : undefined));
  });
  return { count: unique.length };
}

/** The creator's own channels (their onboarding form). */
export async function listOwnChannels(deps: Pick<CampaignsDeps, "db">, actor: Actor) {
  assertCan(actor, "channels.manage");
  return deps.db
    .select()
    .from(creatorChannels)
    .where(eq(creatorChannels.userId, actor.userId))
    .orderBy(creatorChannels.createdAt, creatorChannels.url);
}
