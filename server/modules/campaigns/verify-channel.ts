import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { channelKey, youtubeChannelPath } from "#shared/channel-key";
import { creatorChannels } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { ChannelPageUnavailable } from "#server/platform/youtube-channel";
import { parseInput, VERIFY_RATE, type CampaignsDeps } from "./deps";
import { idField } from "./input";
import { assertCan } from "./policy";

const verifyInput = z.object({ channelId: idField });

export type VerifyOutcome = { channelId: string; status: "verified"; already: boolean };

/**
 * "Verify" on /creator/onboarding: the site opens the channel's public page on YouTube
 * (`deps.channelPages`, server/platform/youtube-channel.ts) and looks for the channel's code in its description;
 * found, the channel is verified and counts for auto-approval. Only the creator's own YouTube channel; attempts
 * are limited per creator (VERIFY_RATE) before YouTube is asked. Each outcome has its code: verified,
 * `verify_code_missing`, `channel_unreachable`, `verify_too_many`, `channel_claimed`, `verify_unsupported`.
 */
export async function verifyChannel(
  deps: Pick<CampaignsDeps, "db" | "now" | "channelPages" | "rateLimiter" | "log">,
  actor: Actor,
  input: unknown,
): Promise<VerifyOutcome> {
  assertCan(actor, "channels.verify");
  const { channelId } = parseInput(verifyInput, input);
  const [channel] = await deps.db
    .select()
    .from(creatorChannels)
    .where(and(eq(creatorChannels.id, channelId), eq(creatorChannels.userId, actor.userId)))
    .limit(1);
  if (!channel) throw new DomainError("campaigns.channel_not_found");
  assertCan(actor, "channels.verify", { creatorId: channel.userId });
  if (channel.verifiedAt) return { channelId, status: "verified", already: true };
  const key = channel.channelKey ?? channelKey(channel.url);
  const path = key ? youtubeChannelPath(key) : null;
  if (!key || !path) throw new DomainError("campaigns.verify_unsupported");
  // A row migration 0013 found declared earlier by another account has no key: that account holds the channel.
  if (!channel.channelKey) throw new DomainError("campaigns.channel_claimed");

  const limit = await deps.rateLimiter.hitAll(`channels.verify:${actor.userId}`, VERIFY_RATE);
  if (!limit.allowed)
    throw new DomainError("campaigns.verify_too_many", {
      minutes: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)),
      count: Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)),
      seconds: limit.retryAfterSeconds,
    });

  let page: { description: string } | null;
  try {
    page = await deps.channelPages(path);
  } catch (err) {
    if (!(err instanceof ChannelPageUnavailable)) throw err;
    deps.log.warn("channel page unavailable", { channelId, path, reason: err.message });
    throw new DomainError("campaigns.channel_unreachable");
  }
  if (!page) throw new DomainError("campaigns.channel_unreachable");
  if (!page.description.toLowerCase().includes(channel.verifyCode))
    throw new DomainError("campaigns.verify_code_missing", { code: channel.verifyCode });

  // Only the channel that was read: if the creator changed it meanwhile, this verifies nothing.
  const done = await deps.db
    .update(creatorChannels)
    .set({ verifiedAt: deps.now() })
    .where(
      and(
        eq(creatorChannels.id, channel.id),
        eq(creatorChannels.channelKey, key),
        eq(creatorChannels.verifyCode, channel.verifyCode),
        isNull(creatorChannels.verifiedAt),
      ),
    )
    .returning({ id: creatorChannels.id });
  if (!done.length) {
    // Verified by a click a moment earlier, or changed to another channel (which this page does not prove).
    const [now] = await deps.db
      .select({ verifiedAt: creatorChannels.verifiedAt })
      .from(creatorChannels)
      .where(and(eq(creatorChannels.id, channel.id), eq(creatorChannels.channelKey, key)));
    if (!now?.verifiedAt) throw new DomainError("campaigns.channel_not_found");
  }
  return { channelId, status: "verified", already: !done.length };
}
