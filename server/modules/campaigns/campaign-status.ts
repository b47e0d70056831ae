import type { CampaignStatus } from "#shared/campaigns";

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
