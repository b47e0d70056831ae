import type { CampaignStatus } from "#shared/campaigns";
import type { ErrorCode } from "#server/modules/errors";

/** SPEC §4: draft → active ⇄ paused → finished (and active → finished); finished is for good. */
const NEXT: Record<CampaignStatus, readonly CampaignStatus[]> = {
  draft: ["active"],
  active: ["paused", "finished"],
  paused: ["active", "finished"],
  finished: [],
};

export const canMove = (from: CampaignStatus, to: CampaignStatus) => NEXT[from].includes(to);
export const nextStatuses = (from: CampaignStatus): readonly CampaignStatus[] => NEXT[from];

/** Open to requests: active, started and not ended. */
export const isOpen = (c: { status: string; startsAt: Date; endsAt: Date }, now: Date) =>
  c.status === "active" && c.startsAt.getTime() <= now.getTime() && c.endsAt.getTime() > now.getTime();

/** A campaign's state as far as keys go: its status and the team's pause. */
export type PauseState = { status: CampaignStatus; pausedByAdmin: boolean; pauseReason: string | null };
export type Refusal = { code: ErrorCode; details: Record<string, unknown> };

/**
 * The team's reason, or the `noreason` context of the message (i18next picks `…_noreason`) for a pause
 * written without one.
 */
const teamReason = (c: PauseState) => (c.pauseReason ? { reason: c.pauseReason } : { context: "noreason" });

/**
 * Why a campaign gives out no key now, or null when it may (a paused campaign hands out no key, by
 * any path). The team's pause holds whatever the status (with the team's reason); a campaign its company
 * paused gives none until it is opened again. The one rule for `approveLocked` (company decisions and
 * auto-approval) and for the manage page's approve buttons (`campaignAbilities`).
 */
export function approvalRefusal(c: PauseState): Refusal | null {
  if (c.pausedByAdmin) return { code: "campaigns.approval_paused_by_team", details: teamReason(c) };
  if (c.status === "paused") return { code: "campaigns.approval_paused", details: {} };
  return null;
}

/**
 * Why keys cannot be added to a campaign now (preview and save of an upload), or null when they can. A
 * finished campaign takes no keys; during the team's pause the company cannot restock either (the team may be
 * looking at its pool, and keys added then would be handed out the moment the pause is lifted). A campaign
 * the company paused itself may be restocked: that is what a studio pauses for when its pool runs dry.
 */
export function keyAdditionRefusal(c: PauseState): Refusal | null {
  if (c.pausedByAdmin) return { code: "campaigns.keys_paused_by_team", details: teamReason(c) };
  if (c.status === "finished") return { code: "campaigns.status_transition", details: { from: "finished", to: "finished" } };
  return null;
}
