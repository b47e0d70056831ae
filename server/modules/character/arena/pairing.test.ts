import { describe, expect, it } from "vitest";
import { acceptableGap, GAP_MAX, GAP_START, pairEntries, type WaitingEntry } from "./pairing";

const now = new Date("2026-12-07T12:00:00Z");
const entry = (id: string, rating: number, waitedSeconds = 0, lastOpponentId: string | null = null, userId = `u-${id}`): WaitingEntry => ({
  id,
  userId,
  rating,
  joinedAt: new Date(now.getTime() - waitedSeconds * 1000),
  lastOpponentId,
});
const ids = (pairs: [WaitingEntry, WaitingEntry][]) => pairs.map(([x, y]) => `${x.id}-${y.id}`);

describe("arena pairing", () => {
  it("widens the acceptable gap with waiting time, up to a cap", () => {
    expect(acceptableGap(entry("a", 1500), now)).toBe(GAP_START);
    expect(acceptableGap(entry("a", 1500, 10), now)).toBe(GAP_START + 200);
    expect(acceptableGap(entry("a", 1500, 3600), now)).toBe(GAP_MAX);
  });

  it("pairs close ratings, and far ones only once both have waited long enough", () => {
    expect(ids(pairEntries([entry("a", 1500), entry("b", 1580)], now, 60).pairs)).toEqual(["a-b"]);
    expect(pairEntries([entry("a", 1500), entry("b", 1800)], now, 60).pairs).toEqual([]);
    // The long waiter alone is not enough: the newcomer's gap is still 100.
    expect(pairEntries([entry("a", 1500, 30), entry("b", 1800)], now, 60).pairs).toEqual([]);
    expect(ids(pairEntries([entry("a", 1500, 30), entry("b", 1800, 10)], now, 60).pairs)).toEqual(["a-b"]);
  });

  it("serves first come first: the longest waiter picks the closest rating", () => {
    const { pairs } = pairEntries(
      [entry("late", 1510, 1), entry("first", 1500, 5), entry("close", 1502, 2), entry("far", 1590, 3)],
      now,
      60,
    );
    expect(ids(pairs)).toEqual(["first-close", "far-late"]);
  });

  it("never pairs a person with themself nor with their last opponent", () => {
    expect(pairEntries([entry("a", 1500, 0, null, "same"), entry("b", 1500, 0, null, "same")], now, 60).pairs).toEqual([]);
    const rematch = [entry("a", 1500, 0, "u-b"), entry("b", 1500, 0, "u-a")];
    expect(pairEntries(rematch, now, 60).pairs).toEqual([]);
    // Either side's memory is enough.
    expect(pairEntries([entry("a", 1500, 0, "u-b"), entry("b", 1500)], now, 60).pairs).toEqual([]);
    // With a third, each meets someone new.
    expect(ids(pairEntries([...rematch, entry("c", 1500, 0)], now, 60).pairs)).toEqual(["a-c"]);
  });

  it("answers the ones left after the time limit, and only them", () => {
    const { pairs, expired } = pairEntries(
      [entry("old", 1500, 61), entry("young", 2500, 10), entry("x", 1000, 61), entry("y", 1000, 70)],
      now,
      60,
    );
    expect(ids(pairs)).toEqual(["y-x"]);
    expect(expired.map((e) => e.id)).toEqual(["old"]);
  });

  it("puts each entry in at most one pair, and pairs everyone it can among many", () => {
    const many = Array.from({ length: 101 }, (_, i) => entry(`e${String(i).padStart(3, "0")}`, 1400 + (i % 7) * 30, i % 5));
    const { pairs } = pairEntries(many, now, 60);
    const seen = pairs.flat().map((e) => e.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pairs).toHaveLength(50);
  });
});
