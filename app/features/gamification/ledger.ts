import type { TFunction } from "i18next";
import { CLASS_PERKS, CHARACTER_CLASSES, type CharacterClass } from "#shared/character";
import type { LedgerEntry, XpReason } from "#server/modules/gamification";

/** Where a ledger row's thread or post is, when the viewer may still open it (path without the language prefix). */
export type LedgerSource = { title: string; path: string | null; number?: number };
export type LedgerCause = "hidden" | "deleted" | "like_removed";

/**
 * One XP history row as pages render it: only what explains the number (never the admin's or the liker's id;
 * the liker's name, which the post shows anyway). `source` is null when the thread or post is gone or hidden
 * from the viewer; `achievementId` names the achievement of a reward.
 */
export type LedgerRow = {
  id: number;
  createdAt: string;
  amount: number;
  reason: XpReason;
  kind: "award" | "reversal" | "restore";
  sourceKind: LedgerEntry["sourceKind"];
  cause: LedgerCause | null;
  capped: "daily" | "pair" | null;
  beforeCap: number | null;
  base: number | null;
  /** The amount after the award pipeline's modifiers (class perks), when they changed it. */
  modified: number | null;
  /** The class perks among those modifiers (the step's name is the class: "+3% trader"). */
  perks: CharacterClass[];
  liker: string | null;
  note: string | null;
  achievementId: string | null;
  source: LedgerSource | null;
};

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const CAUSES: LedgerCause[] = ["hidden", "deleted", "like_removed"];

/** The ids a page needs to locate: threads (thread awards) and posts (reply and like awards). */
export function ledgerSourceIds(items: LedgerEntry[]): { threadIds: string[]; postIds: string[] } {
  const threadIds = new Set<string>();
  const postIds = new Set<string>();
  for (const e of items) {
    if (e.sourceKind === "thread") threadIds.add(e.sourceId);
    else if (e.sourceKind === "post" || e.sourceKind === "like") postIds.add(e.sourceId);
  }
  return { threadIds: [...threadIds], postIds: [...postIds] };
}

/** A ledger entry as a row, with the thread or post it came from where the viewer may see it. */
export function toLedgerRow(
  e: LedgerEntry,
  sources: { threads: Record<string, LedgerSource>; posts: Record<string, LedgerSource> },
): LedgerRow {
  const d = e.details ?? {};
  const steps = Array.isArray(d.modifiers) ? (d.modifiers as Array<{ to?: unknown; modifier?: unknown }>) : [];
  const source =
    e.sourceKind === "thread"
      ? sources.threads[e.sourceId]
      : e.sourceKind === "post" || e.sourceKind === "like"
        ? sources.posts[e.sourceId]
        : undefined;
  return {
    id: e.id,
    createdAt: e.createdAt,
    amount: e.amount,
    reason: e.reason,
    kind: e.reversesId !== null ? "reversal" : e.restoresId !== null ? "restore" : "award",
    sourceKind: e.sourceKind,
    cause: CAUSES.includes(d.cause as LedgerCause) ? (d.cause as LedgerCause) : null,
    capped: d.capped === "daily" || d.capped === "pair" ? d.capped : null,
    beforeCap: num(d.beforeCap),
    base: num(d.base),
    modified: steps.length ? num(steps[steps.length - 1]?.to) : null,
    perks: steps.flatMap((step) => (CHARACTER_CLASSES.includes(step.modifier as CharacterClass) ? [step.modifier as CharacterClass] : [])),
    liker: e.reason === "like_received" ? (e.counterpart?.username ?? null) : null,
    note: e.reason === "adjustment" ? e.note : null,
    achievementId: e.sourceKind === "achievement" ? e.sourceId : null,
    source: source ?? null,
  };
}

/**
 * A row in words (needs the `progress` namespace): what earned or cost the XP, and the notes that explain the
 * amount — why it was taken back or given back, the daily limit, bonuses, an admin's reason.
 */
export function describeLedgerRow(row: LedgerRow, t: TFunction, achievementName: string | null): { reason: string; notes: string[] } {
  const reason =
    row.reason === "like_received"
      ? row.liker
        ? t("progress:ledger.reason.like_received_from", { user: row.liker })
        : t("progress:ledger.reason.like_received")
      : row.reason === "achievement"
        ? t("progress:ledger.reason.achievement", { name: achievementName ?? t("progress:ledger.removedAchievement") })
        : t(`progress:ledger.reason.${row.reason}`);
  const notes: string[] = [];
  const subject = row.sourceKind === "thread" ? "thread" : row.sourceKind === "like" ? "like" : "post";
  if (row.kind === "reversal") {
    if (row.cause === "like_removed") notes.push(t("progress:ledger.takenBack.like_removed"));
    else if (row.cause) notes.push(t(`progress:ledger.takenBack.${subject}_${row.cause}`));
    else notes.push(t("progress:ledger.takenBack.unknown"));
  } else if (row.kind === "restore") {
    notes.push(t(`progress:ledger.restored.${subject}`));
  } else {
    if (row.modified !== null && row.base !== null) notes.push(t("progress:ledger.modified", { base: row.base, amount: row.modified }));
    for (const perk of row.perks) notes.push(t(`progress:ledger.perks.${perk}`, { percent: CLASS_PERKS[perk].percent }));
    if (row.capped) notes.push(t(`progress:ledger.capped.${row.capped}`, { amount: row.beforeCap ?? row.base ?? 0 }));
  }
  if (row.note) notes.push(t("progress:ledger.adjustmentReason", { reason: row.note }));
  return { reason, notes };
}
