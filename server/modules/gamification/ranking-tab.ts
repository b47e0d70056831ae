import { asc, count, eq, ilike, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { containsPattern } from "#server/db/like";
import { profiles, users } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { isDomainError } from "#server/modules/errors";
import { ADMIN_PAGE_SIZE } from "#shared/page-sizes";
import { parseInput } from "./deps";
import type { Leaderboard } from "./leaderboard";
import { listLedger, type LedgerEntry } from "./list-ledger";
import { personSummary, type PersonSummary } from "./person-summary";
import { assertCan } from "./policy";
import { ranking } from "./ranking";

const text = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 200) : ""), z.string());
const rankingTabInput = z.object({
  period: z.unknown().optional(),
  page: z.unknown().optional(),
  /** Members by username or email. */
  q: text,
  /** One member's XP history, and its page. */
  member: text,
  ledgerPage: z.unknown().optional(),
  /** The ledger row of an adjustment just made (post/redirect/get). */
  adjusted: text,
});

export type RankingTabMember = {
  userId: string;
  username: string;
  xp: number;
  level: number;
  titleKey: string;
  titleRank: number | null;
  statPoints: number;
  ledger: Awaited<ReturnType<typeof listLedger>>;
  /** The achievements the ledger's rows name (by id), with their key and names. */
  achievements: Pick<PersonSummary["achievements"][number], "id" | "key" | "nameKey" | "names">[];
};

export type RankingTab = {
  board: Leaderboard & { canAdjust: boolean };
  /** The search's query and, when there is one, the members found (the first 25) and how many match. */
  q: string;
  found: { items: { id: string; username: string | null; email: string }[]; total: number } | null;
  /** The member whose history is open; "missing" when that id names nobody (deleted account, edited URL). */
  member: RankingTabMember | "missing" | null;
  /** `adjusted`: that adjustment's ledger row, when it is one of the member's, to confirm it. */
  adjustment: { entry: LedgerEntry; username: string; xp: number; level: number } | null;
};

/**
 * The admin area's ranking tab in one read (SPEC §2, Admins and Moderators): the leaderboard by period, the
 * members found by name, and one member's level, XP history and the achievements it names, with the
 * adjustment just made. Everyone else is refused before anything is read.
 */
export async function rankingTab(deps: { db: Database; now: () => Date }, actor: Actor, input: unknown): Promise<RankingTab> {
  assertCan(actor, "gamification.ranking");
  const d = parseInput(rankingTabInput, input);
  const board = await ranking(deps, actor, { period: d.period, page: d.page });
  const found = d.q ? await findMembers(deps.db, d.q) : null;
  let member: RankingTab["member"] = null;
  let adjustment: RankingTab["adjustment"] = null;
  if (d.member) {
    try {
      const summary = await personSummary(deps, { userId: d.member });
      const ledger = await listLedger(deps, actor, { userId: d.member, page: d.ledgerPage });
      const ids = new Set(ledger.items.filter((e) => e.sourceKind === "achievement").map((e) => e.sourceId));
      member = {
        userId: summary.userId,
        username: summary.username,
        xp: summary.xp,
        level: summary.level,
        titleKey: summary.titleKey,
        titleRank: summary.titleRank,
        statPoints: summary.statPoints,
        ledger,
        achievements: summary.achievements
          .filter((a) => ids.has(a.id))
          .map((a) => ({ id: a.id, key: a.key, nameKey: a.nameKey, names: a.names })),
      };
      const entry = d.adjusted ? ledger.items.find((e) => String(e.id) === d.adjusted && e.reason === "adjustment") : undefined;
      if (entry) adjustment = { entry, username: summary.username, xp: summary.xp, level: summary.level };
    } catch (err) {
      if (!isDomainError(err) || (err.code !== "not_found" && err.code !== "input.invalid")) throw err;
      member = "missing";
    }
  }
  return { board, q: d.q, found, member, adjustment };
}

/** Members whose username or email contains `q`: the first page, by username, and how many match. */
async function findMembers(db: Database, q: string) {
  const where = or(ilike(profiles.username, containsPattern(q)), ilike(users.email, containsPattern(q)));
  const [{ total }] = await db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where);
  const items = await db
    .select({ id: users.id, username: profiles.username, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)
    .orderBy(asc(profiles.username), asc(users.email), asc(users.id))
    .limit(ADMIN_PAGE_SIZE);
  return { items, total };
}
