/** What meeting a campaign's minimums needs to know of a channel. */
export type ChannelFacts = {
  kind: string;
  subscribers: number;
  averageViews: number;
  flaggedAt: Date | null;
  checkedAt: Date | null;
  verifiedAt: Date | null;
};

/**
 * Whether a channel's figures count (decision 0028): the creator proved it is theirs (its
 * code on its page: verified) or the team checked it, and the team has not flagged it. A channel that is only
 * stated is shown as stated and counts for nothing automatic.
 */
export const channelCounts = (c: Pick<ChannelFacts, "flaggedAt" | "checkedAt" | "verifiedAt">) =>
  !c.flaggedAt && (!!c.verifiedAt || !!c.checkedAt);

const meets = (c: ChannelFacts, campaign: { minSubscribers: number; minAverageViews: number }) =>
  c.kind === "youtube" && !c.flaggedAt && c.subscribers >= campaign.minSubscribers && c.averageViews >= campaign.minAverageViews;

const open = (campaign: { minSubscribers: number; minAverageViews: number }) =>
  campaign.minSubscribers <= 0 && campaign.minAverageViews <= 0;

/**
 * Whether a creator meets a campaign's minimums, as auto-approval and the "checked" badges read it:
 * one of their YouTube channels that counts (verified or checked by the team, not flagged) states at least the
 * minimum subscribers and the minimum average views. A campaign with both at 0 is open to every creator.
 */
export function meetsMinimums(channels: readonly ChannelFacts[], campaign: { minSubscribers: number; minAverageViews: number }): boolean {
  if (open(campaign)) return true;
  return channels.some((c) => channelCounts(c) && meets(c, campaign));
}

/**
 * Whether the creator's stated figures meet the minimums, counting channels that are neither verified nor
 * checked too (not flagged ones). Auto-approval never reads it; the company sees it, marked as stated, and may
 * still approve by hand on it (decision 0028).
 */
export function meetsStatedMinimums(
  channels: readonly ChannelFacts[],
  campaign: { minSubscribers: number; minAverageViews: number },
): boolean {
  if (open(campaign)) return true;
  return channels.some((c) => meets(c, campaign));
}
