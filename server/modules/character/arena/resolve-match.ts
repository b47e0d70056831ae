import { CLASS_PERKS, type CharacterClass, type CharacterStat, type ItemRarity, type ItemSlot } from "#shared/character";
import { seededRandom, type Random } from "./seeded-random";

/**
 * The rules' version, stored with each match (`arena_matches.engine`): a replay is fought by the rules the match
 * was fought with. A change to any number below is a new version, and the old one stays here.
 */
export const ENGINE_VERSION = 1;
/** A match ends after this many blows at most; then the larger share of health left wins. */
export const MAX_TURNS = 30;

export type Side = "a" | "b";

/** What one player brought to a match: read once when it is fought and stored with it. */
export type FighterSnapshot = {
  userId: string;
  username: string;
  /** Null only for a character that never picked one (the queue asks for a class first). */
  characterClass: CharacterClass | null;
  level: number;
  /** The character's own stats (base plus points spent). */
  baseStats: Record<CharacterStat, number>;
  /** With the equipped items' bonuses: what fights. */
  stats: Record<CharacterStat, number>;
  items: {
    slot: ItemSlot;
    itemId: string;
    nameEn: string;
    nameEs: string;
    rarity: ItemRarity;
    bonus: Record<CharacterStat, number>;
  }[];
};
export type MatchSnapshot = { a: FighterSnapshot; b: FighterSnapshot };

export type Turn = {
  attacker: Side;
  defender: Side;
  damage: number;
  crit: boolean;
  dodged: boolean;
  /** Health left after the blow. */
  hpA: number;
  hpB: number;
};

/** A fighter's numbers as the engine uses them, perks applied (shown on the match page). */
export type CombatProfile = {
  maxHp: number;
  power: number;
  initiative: number;
  critChance: number;
  /** The class perk that changed a number here (warrior: power, rogue: initiative), if any. */
  perk: { kind: "combat_power" | "initiative"; percent: number } | null;
};

export type MatchResult = {
  engine: number;
  turns: Turn[];
  winner: Side | null;
  /** How it ended: a fighter at zero, the share of health left after MAX_TURNS, or an exact tie (a draw). */
  decidedBy: "knockout" | "hp_share" | "draw";
  profiles: Record<Side, CombatProfile>;
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const stat = (f: FighterSnapshot, s: CharacterStat) => Math.max(0, Number(f.stats[s]) || 0);
const levelOf = (f: FighterSnapshot) => Math.max(1, Math.floor(Number(f.level) || 1));

/** Engine 1's numbers (SPEC §9's perks: warrior +5% combat power, rogue +5% initiative). */
export function combatProfile(f: FighterSnapshot): CombatProfile {
  const level = levelOf(f);
  const warrior = f.characterClass === "warrior";
  const rogue = f.characterClass === "rogue";
  const power =
    (6 + 0.6 * stat(f, "strength") + 0.6 * stat(f, "intelligence") + 0.5 * level) * (warrior ? 1 + CLASS_PERKS.warrior.percent / 100 : 1);
  const initiative = (10 + stat(f, "agility") + 0.5 * level) * (rogue ? 1 + CLASS_PERKS.rogue.percent / 100 : 1);
  return {
    maxHp: Math.round(60 + 4 * level + 3 * stat(f, "strength") + stat(f, "charisma")),
    power,
    initiative,
    critChance: clamp(0.05 + 0.004 * stat(f, "intelligence") + 0.002 * stat(f, "charisma"), 0.05, 0.3),
    perk: warrior
      ? { kind: "combat_power", percent: CLASS_PERKS.warrior.percent }
      : rogue
        ? { kind: "initiative", percent: CLASS_PERKS.rogue.percent }
        : null,
  };
}

function blow(rand: Random, attacker: FighterSnapshot, defender: FighterSnapshot, p: CombatProfile) {
  // Three draws every blow, whatever happens, so the sequence never depends on an outcome.
  const dodgeRoll = rand();
  const critRoll = rand();
  const spread = rand();
  const dodged = dodgeRoll < clamp(0.05 + 0.01 * (stat(defender, "agility") - stat(attacker, "agility")), 0.02, 0.25);
  const crit = !dodged && critRoll < p.critChance;
  const damage = dodged ? 0 : Math.max(1, Math.round(p.power * (0.85 + 0.3 * spread) * (crit ? 1.5 : 1)));
  return { damage, crit, dodged };
}

/**
 * Fights a match: pure, so the same snapshots and seed give the same turns on any machine at any time. Each
 * round both strike once, the one with the higher initiative roll first; a fighter at zero health loses; after
 * MAX_TURNS blows the larger share of health left wins (equal shares: a draw). A and B are treated alike: only
 * the rolls decide a tie between equal fighters.
 */
export function resolveMatch(snapshot: MatchSnapshot, seed: string, engine: number = ENGINE_VERSION): MatchResult {
  if (engine !== 1) throw new Error(`unknown arena engine ${engine}`);
  const rand = seededRandom(`${engine}:${seed}`);
  const profiles = { a: combatProfile(snapshot.a), b: combatProfile(snapshot.b) };
  const hp = { a: profiles.a.maxHp, b: profiles.b.maxHp };
  const turns: Turn[] = [];
  while (turns.length < MAX_TURNS) {
    const rollA = profiles.a.initiative * (0.9 + 0.2 * rand());
    const rollB = profiles.b.initiative * (0.9 + 0.2 * rand());
    const order: Side[] = rollA === rollB ? (rand() < 0.5 ? ["a", "b"] : ["b", "a"]) : rollA > rollB ? ["a", "b"] : ["b", "a"];
    for (const attacker of order) {
      if (turns.length >= MAX_TURNS) break;
      const defender: Side = attacker === "a" ? "b" : "a";
      const hit = blow(rand, snapshot[attacker], snapshot[defender], profiles[attacker]);
      hp[defender] = Math.max(0, hp[defender] - hit.damage);
      turns.push({ attacker, defender, ...hit, hpA: hp.a, hpB: hp.b });
      if (hp[defender] === 0) return { engine, turns, winner: attacker, decidedBy: "knockout", profiles };
    }
  }
  // Compared as cross products: exact in integers, no rounding of the shares.
  const shareA = hp.a * profiles.b.maxHp;
  const shareB = hp.b * profiles.a.maxHp;
  if (shareA === shareB) return { engine, turns, winner: null, decidedBy: "draw", profiles };
  return { engine, turns, winner: shareA > shareB ? "a" : "b", decidedBy: "hp_share", profiles };
}
