import type { ScheduleData } from "./schedule.server";
import type { RoomAbilities } from "#server/modules/rooms";

/** Proposed, accepted and confirmed slots on a week calendar, in both time zones (placeholder). */
export function ScheduleSection(_props: { data: ScheduleData; abilities: RoomAbilities; roomId: string }) {
  return null;
}
