import type { AppLoadContext } from "react-router";
import { actionFailure } from "#app/lib/form.server";
import type { RoomViewer, ScheduleView } from "#server/modules/rooms";
import type { Locale } from "#shared/locales";
import { dayInZone } from "#shared/room-time";
import type { RoomActionResult } from "./action-result";
import { scheduleWeek, type ScheduleWeek } from "./week";

/** Every IANA zone this server knows, for the zone select (the browser's own list may differ a little). */
let zoneList: string[] | null = null;
const timeZones = () => (zoneList ??= [...Intl.supportedValuesOf("timeZone")].sort());

/** The schedule section's data: the slots, both time zones, the viewer's, and the week the calendar shows. */
export type ScheduleData = ScheduleView & { week: ScheduleWeek; locale: Locale; timeZones: string[] };

export async function loadSchedule(context: AppLoadContext, viewer: RoomViewer, roomId: string, url: URL): Promise<ScheduleData> {
  const view = await context.services.rooms.listSlots(viewer, { roomId });
  const today = dayInZone(new Date(), view.viewerTimeZone);
  const zones = timeZones();
  // The stored zones are always in the list, even if this runtime's list lacks one.
  for (const zone of [view.hostTimeZone, view.guestTimeZone]) if (zone && !zones.includes(zone)) zones.push(zone);
  return {
    ...view,
    week: scheduleWeek(url.searchParams.get("week") ?? firstWeekWithSlots(view, today), today, context.locale),
    locale: context.locale,
    timeZones: zones,
  };
}

/**
 * Without a week in the address the calendar opens where there is something to see: the confirmed slot's week,
 * else the next open slot's, else this week.
 */
function firstWeekWithSlots(view: ScheduleView, today: string): string {
  const now = Date.now();
  const confirmed = view.slots.find((s) => s.status === "confirmed");
  const next = view.slots
    .filter((s) => (s.status === "proposed" || s.status === "accepted") && Date.parse(s.startsAt) >= now)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
  const slot = confirmed ?? next;
  return slot ? dayInZone(new Date(slot.startsAt), view.viewerTimeZone) : today;
}

const SCHEDULE_INTENTS = new Set(["slot-propose", "slot-accept", "slot-reject", "slot-confirm", "time-zone"]);

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : undefined;
};

/** Handles the schedule's intents (slot-propose, slot-accept, slot-reject, slot-confirm, time-zone); undefined for others. */
export async function scheduleIntent(
  context: AppLoadContext,
  viewer: RoomViewer,
  roomId: string,
  intent: string,
  form: FormData,
): Promise<RoomActionResult | undefined> {
  if (!SCHEDULE_INTENTS.has(intent)) return undefined;
  const rooms = context.services.rooms;
  try {
    switch (intent) {
      case "slot-propose": {
        await rooms.proposeSlot(viewer, {
          roomId,
          date: field(form, "date"),
          time: field(form, "time"),
          timeZone: field(form, "timeZone"),
          minutes: field(form, "minutes"),
        });
        return { ok: true, intent, message: "rooms-schedule:done.proposed" };
      }
      case "slot-accept":
      case "slot-reject": {
        const answer = intent === "slot-accept" ? "accept" : "reject";
        await rooms.answerSlot(viewer, { roomId, slotId: field(form, "slotId"), answer });
        return { ok: true, intent, message: `rooms-schedule:done.${answer}ed` };
      }
      case "slot-confirm": {
        await rooms.confirmSlot(viewer, { roomId, slotId: field(form, "slotId") });
        return { ok: true, intent, message: "rooms-schedule:done.confirmed" };
      }
      default: {
        const { timeZone } = await rooms.setTimeZone(viewer, { roomId, timeZone: field(form, "timeZone") });
        return { ok: true, intent, message: "rooms-schedule:done.timeZone", messageValues: { zone: timeZone } };
      }
    }
  } catch (err) {
    // The refusal's answer (its message key and the values typed), marked with its intent for the page.
    return { ...actionFailure(err, form).data, intent };
  }
}
