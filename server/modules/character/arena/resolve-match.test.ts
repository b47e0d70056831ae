import { describe, expect, it } from "vitest";
import { BASE_STAT, type CharacterClass } from "#shared/character";
import { combatProfile, MAX_TURNS, resolveMatch, type FighterSnapshot } from "./resolve-match";
import { seededRandom } from "./seeded-random";

const stats = (over: Partial<FighterSnapshot["stats"]> = {}) => ({
  strength: BASE_STAT,
  intelligence: BASE_STAT,
  agility: BASE_STAT,
  charisma: BASE_STAT,
  ...over,
});
const fighter = (userId: string, characterClass: CharacterClass, over: Partial<FighterSnapshot> = {}): FighterSnapshot => ({
  userId,
  username: userId,
  characterClass,
  level: 3,
  baseStats: stats(),
  stats: stats(),
  items: [],
  ...over,
});
const seeds = (n: number) => Array.from({ length: n }, (_, i) => `seed-${i}`);

describe("the seeded random generator", () => {
  it("gives the same numbers for the same seed and others for another", () => {
    const a = seededRandom("x");
    const b = seededRandom("x");
    const c = seededRandom("y");
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe("the arena's combat engine", () => {
  it("gives the same turns and result for the same snapshots and seed", () => {
    const snapshot = { a: fighter("ann", "warrior", { stats: stats({ strength: 12 }) }), b: fighter("bob", "rogue") };
    const first = resolveMatch(snapshot, "same-seed");
    expect(resolveMatch(structuredClone(snapshot), "same-seed")).toEqual(first);
    // From its stored form (JSON in the database) too.
    expect(resolveMatch(JSON.parse(JSON.stringify(snapshot)), "same-seed", first.engine)).toEqual(first);
    expect(seeds(20).some((s) => JSON.stringify(resolveMatch(snapshot, s).turns) !== JSON.stringify(first.turns))).toBe(true);
  });

  it("refuses rules it does not know", () => {
    expect(() => resolveMatch({ a: fighter("a", "mage"), b: fighter("b", "mage") }, "s", 99)).toThrow(/engine/);
  });

  it("is bounded: at most MAX_TURNS blows, health never below zero, a knockout ends it", () => {
    for (const seed of seeds(200)) {
      const r = resolveMatch({ a: fighter("a", "warrior"), b: fighter("b", "mage") }, seed);
      expect(r.turns.length).toBeLessThanOrEqual(MAX_TURNS);
      for (const t of r.turns) expect(Math.min(t.hpA, t.hpB)).toBeGreaterThanOrEqual(0);
      const last = r.turns.at(-1)!;
      if (r.decidedBy === "knockout") expect(r.winner === "a" ? last.hpB : last.hpA).toBe(0);
      expect(r.turns.every((t) => t.attacker !== t.defender)).toBe(true);
    }
    // Two walls of health: the blows run out and the larger share left wins.
    const tank = (id: string) => fighter(id, "trader", { stats: stats({ charisma: 2000 }) });
    const long = resolveMatch({ a: tank("a"), b: tank("b") }, "long");
    expect(long.turns).toHaveLength(MAX_TURNS);
    expect(long.decidedBy).not.toBe("knockout");
    const { hpA, hpB } = long.turns.at(-1)!;
    if (long.decidedBy === "hp_share") expect(long.winner).toBe(hpA > hpB ? "a" : "b");
    else expect(hpA).toBe(hpB);
  });

  it("treats A and B alike: equal fighters win about half each", () => {
    let aWins = 0;
    for (const seed of seeds(2000)) if (resolveMatch({ a: fighter("a", "mage"), b: fighter("b", "mage") }, seed).winner === "a") aWins++;
    expect(aWins / 2000).toBeGreaterThan(0.45);
    expect(aWins / 2000).toBeLessThan(0.55);
  });

  it("gives the warrior +5% combat power and the rogue +5% initiative, and they show", () => {
    const mage = combatProfile(fighter("m", "mage"));
    const warrior = combatProfile(fighter("w", "warrior"));
    const rogue = combatProfile(fighter("r", "rogue"));
    expect(warrior.power / mage.power).toBeCloseTo(1.05, 10);
    expect(rogue.initiative / mage.initiative).toBeCloseTo(1.05, 10);
    expect(warrior.perk).toEqual({ kind: "combat_power", percent: 5 });
    expect(rogue.perk).toEqual({ kind: "initiative", percent: 5 });
    expect(mage.perk).toBeNull();
    expect(combatProfile(fighter("t", "trader")).perk).toBeNull();

    // Against an otherwise equal mage, the warrior wins more often, whichever side it is on.
    let warriorWins = 0;
    let rogueFirst = 0;
    for (const [i, seed] of seeds(2000).entries()) {
      const onA = i % 2 === 0;
      const w = fighter("w", "warrior");
      const m = fighter("m", "mage");
      const r = resolveMatch(onA ? { a: w, b: m } : { a: m, b: w }, seed);
      if (r.winner === (onA ? "a" : "b")) warriorWins++;
      const ro = resolveMatch(onA ? { a: fighter("r", "rogue"), b: m } : { a: m, b: fighter("r", "rogue") }, seed);
      if (ro.turns[0]!.attacker === (onA ? "a" : "b")) rogueFirst++;
    }
    expect(warriorWins / 2000).toBeGreaterThan(0.55);
    expect(rogueFirst / 2000).toBeGreaterThan(0.6);
  });

  it("lets stats and items matter: a much stronger fighter nearly always wins", () => {
    let wins = 0;
    for (const seed of seeds(200)) {
      const strong = fighter("s", "mage", { level: 10, stats: stats({ strength: 30, agility: 20 }) });
      if (resolveMatch({ a: fighter("w", "mage"), b: strong }, seed).winner === "b") wins++;
    }
    expect(wins).toBeGreaterThan(190);
  });
});
