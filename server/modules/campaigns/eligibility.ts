/**
 * Whether a creator meets a campaign's minimums (issue 14): one of their YouTube channels that the team has not
 * flagged states at least the minimum subscribers and the minimum average views. A campaign with both at 0 is
 * open to every creator. The figures are the creator's statement until the team checks the channel; the company
 * sees which are checked.
 */
export function meetsMinimums(
  channels: readonly { kind: string; subscribers: number; averageViews: number; flaggedAt: Date | null }[],
  campaign: { minSubscribers: number; minAverageViews: number },
): boolean {
  if (campaign.minSubscribers <= 0 && campaign.minAverageViews <= 0) return true;
  return channels.some(
    (c) => c.kind === "youtube" && !c.flaggedAt && c.subscribers >= campaign.minSubscribers && c.averageViews >= campaign.minAverageViews,
  );
}
