/** The acceptable rating gap: this much at once, growing by GAP_PER_SECOND while waiting, up to GAP_MAX. */
export const GAP_START = 100;
export const GAP_PER_SECOND = 20;
export const GAP_MAX = 800;

export type WaitingEntry = {
  id: string;
  userId: string;
  rating: number;
  joinedAt: Date;
  /** Whom this person fought last (never paired with them again at once), if anyone. */
  lastOpponentId: string | null;
};

/** How far apart two ratings may be for this entry, after waiting until `now`. */
export function acceptableGap(entry: Pick<WaitingEntry, "joinedAt">, now: Date): number {
  const waited = Math.max(0, (now.getTime() - entry.joinedAt.getTime()) / 1000);
  return Math.min(GAP_MAX, GAP_START + GAP_PER_SECOND * waited);
}

/**
 * Pairs waiting entries (pure; `matchmake` runs it on the entries it locked). First come, first served: the
 * entry waiting longest picks first, among those it may meet, the closest rating (the earlier comer on a tie).
 * Two may meet when their gap is within both their acceptable gaps (each widens with its own wait), they are
 * two people, and neither fought the other in their last match. Entries waiting past `maxWaitSeconds` and left
 * unpaired are answered 'Could not find an opponent.'
 */
export function pairEntries(
  entries: readonly WaitingEntry[],
  now: Date,
  maxWaitSeconds: number,
): { pairs: [WaitingEntry, WaitingEntry][]; expired: WaitingEntry[] } {
  const queue = [...entries].sort((x, y) => x.joinedAt.getTime() - y.joinedAt.getTime() || x.id.localeCompare(y.id));
  const taken = new Set<string>();
  const pairs: [WaitingEntry, WaitingEntry][] = [];
  for (const [i, first] of queue.entries()) {
    if (taken.has(first.id)) continue;
    const gapFirst = acceptableGap(first, now);
    let best: WaitingEntry | null = null;
    for (const other of queue.slice(i + 1)) {
      if (taken.has(other.id) || !mayMeet(first, other)) continue;
      const gap = Math.abs(first.rating - other.rating);
      if (gap > gapFirst || gap > acceptableGap(other, now)) continue;
      if (!best || gap < Math.abs(first.rating - best.rating)) best = other;
    }
    if (best) {
      taken.add(first.id).add(best.id);
      pairs.push([first, best]);
    }
  }
  const limit = now.getTime() - maxWaitSeconds * 1000;
  const expired = queue.filter((e) => !taken.has(e.id) && e.joinedAt.getTime() <= limit);
  return { pairs, expired };
}

function mayMeet(x: WaitingEntry, y: WaitingEntry): boolean {
  return x.userId !== y.userId && x.lastOpponentId !== y.userId && y.lastOpponentId !== x.userId;
}
