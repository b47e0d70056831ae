import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, ne, notInArray } from "drizzle-orm";
import { z } from "zod";
import { channelKey } from "#shared/channel-key";
import { CHANNELS_MAX } from "#shared/campaigns";
import { creatorChannels } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CampaignsDeps } from "./deps";
import { channelInput } from "./input";
import { assertCan } from "./policy";

const channelsInput = z.object({ channels: z.array(channelInput).max(CHANNELS_MAX, "errors:input.invalid") });

const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
/** A channel's verification code: `nexo-` and 8 random characters (40 bits; no 0/o, 1/l to misread). */
export function newVerifyCode(): string {
  const bytes = randomBytes(8);
  return `nexo-${Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;
}

/** The addresses (as given) of channels another account already holds. */
async function claimedByOthers(db: CampaignsDeps["db"], userId: string, keyed: { url: string; key: string }[]): Promise<string[]> {
  if (!keyed.length) return [];
  const taken = await db
    .select({ key: creatorChannels.channelKey })
    .from(creatorChannels)
    .where(
      and(
        inArray(
          creatorChannels.channelKey,
          keyed.map((k) => k.key),
        ),
        ne(creatorChannels.userId, userId),
      ),
    );
  const keys = new Set(taken.map((t) => t.key));
  return keyed.filter((k) => keys.has(k.key)).map((k) => k.url);
}

const claimed = (urls: string[]) =>
  new DomainError("campaigns.channel_claimed", { claimed: urls, fieldErrors: { channels: "errors:campaigns.channel_claimed" } });

/**
 * /creator/onboarding: the creator's channels with the audience they state and the languages they cover games
 * in. The list replaces the one before. A channel is known by its normalised address (`channelKey`): writing
 * the same channel another way keeps its verification, its code, its flag and (unless the figures change) the
 * team's check; a different address is a different channel, unverified. A channel belongs to one account: one
 * another account holds is refused (`campaigns.channel_claimed`, naming the addresses), before writing and,
 * when two accounts save it at once, by the unique index (`creator_channels_key_idx`).
 */
export async function saveChannels(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "channels.save");
  const { channels } = parseInput(channelsInput, input);
  const now = deps.now();
  const byKey = new Map<string, (typeof channels)[number] & { key: string }>();
  for (const c of channels) {
    const key = channelKey(c.url);
    if (!key) throw new DomainError("campaigns.channel_url", { fieldErrors: { channels: "errors:campaigns.channel_url" } });
    if (!byKey.has(key)) byKey.set(key, { ...c, key });
  }
  const unique = [...byKey.values()];
  const taken = await claimedByOthers(deps.db, actor.userId, unique);
  if (taken.length) throw claimed(taken);
  try {
    await deps.db.transaction(async (tx) => {
      const before = await tx.select().from(creatorChannels).where(eq(creatorChannels.userId, actor.userId)).for("update");
      const old = new Map(before.map((c) => [c.channelKey ?? channelKey(c.url) ?? c.id, c]));
      const kept: string[] = [];
      for (const { key, ...c } of unique) {
        const row = old.get(key);
        if (!row) {
          const id = randomUUID();
          kept.push(id);
          await tx
            .insert(creatorChannels)
            .values({ id, userId: actor.userId, ...c, channelKey: key, verifyCode: newVerifyCode(), createdAt: now, updatedAt: now });
          continue;
        }
        kept.push(row.id);
        const figuresChanged = row.subscribers !== c.subscribers || row.averageViews !== c.averageViews || row.kind !== c.kind;
        await tx
          .update(creatorChannels)
          .set({ ...c, channelKey: key, updatedAt: now, ...(figuresChanged ? { checkedAt: null, checkedBy: null } : {}) })
          .where(eq(creatorChannels.id, row.id));
      }
      await tx
        .delete(creatorChannels)
        .where(and(eq(creatorChannels.userId, actor.userId), kept.length ? notInArray(creatorChannels.id, kept) : undefined));
    });
  } catch (err) {
    // Two accounts saving the same channel at once: the index let one in; the other is told, as above.
    if (isUniqueViolation(err, "creator_channels_key_idx")) {
      const lost = await claimedByOthers(deps.db, actor.userId, unique);
      throw claimed(lost.length ? lost : unique.map((c) => c.url));
    }
    throw err;
  }
  return { count: unique.length };
}

/** The creator's own channels (their onboarding form). */
export async function listOwnChannels(deps: Pick<CampaignsDeps, "db">, actor: Actor) {
  assertCan(actor, "channels.view");
  return deps.db
    .select()
    .from(creatorChannels)
    .where(eq(creatorChannels.userId, actor.userId))
    .orderBy(creatorChannels.createdAt, creatorChannels.url);
}
