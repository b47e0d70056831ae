import type { AppLoadContext } from "react-router";
import type { RoomViewer } from "#server/modules/rooms";
import type { RoomActionResult } from "./action-result";

/** The schedule section's data: the slots and both time zones (placeholder). */
export type ScheduleData = null;

export async function loadSchedule(_context: AppLoadContext, _viewer: RoomViewer, _roomId: string, _url: URL): Promise<ScheduleData> {
  return null;
}

/** Handles the schedule's intents (slot-propose, slot-accept, slot-reject, slot-confirm, time-zone); undefined for others. */
export async function scheduleIntent(
  _context: AppLoadContext,
  _viewer: RoomViewer,
  _roomId: string,
  _intent: string,
  _form: FormData,
): Promise<RoomActionResult | undefined> {
  return undefined;
}
