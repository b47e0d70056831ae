import { randomUUID } from "node:crypto";
import { z } from "zod";
import { episodeSlots } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { isTimeZone, zonedToUtc } from "#shared/room-time";
import { ROOM_LIMITS } from "#shared/rooms";
import { openRoom } from "./access";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { tellRoomActivity } from "./room-notices";
import { lockRoom, openSlots } from "./slots";

/** An ISO date-time with its offset ("2026-05-04T18:00:00+02:00", "…Z"): an instant, whatever the zone. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When, either as an instant (`startsAt`, ISO with its offset) or as the form sends it: a day, a time and the
 * time zone they were typed in. `minutes` within the limits, an hour by default.
 */
export const proposeSlotInput = z
  .object({
    startsAt: z.string().trim().optional(),
    date: z.string().trim().optional(),
    time: z.string().trim().optional(),
    timeZone: z.string().trim().optional(),
    minutes: z.coerce
      .number({ message: "errors:rooms.slot_minutes" })
      .int("errors:rooms.slot_minutes")
      .min(ROOM_LIMITS.slotMinutesMin, "errors:rooms.slot_minutes")
      .max(ROOM_LIMITS.slotMinutesMax, "errors:rooms.slot_minutes")
      .default(60),
  })
  .transform((v, ctx) => {
    let at: Date | null = null;
    if (v.startsAt) {
      at = ISO_WITH_OFFSET.test(v.startsAt) ? new Date(v.startsAt) : null;
      if (!at || Number.isNaN(at.getTime()))
        ctx.addIssue({ code: "custom", path: ["startsAt"], message: "errors:rooms.slot_time_invalid" });
    } else {
      if (!v.timeZone || !isTimeZone(v.timeZone))
        ctx.addIssue({ code: "custom", path: ["timeZone"], message: "errors:rooms.time_zone_invalid" });
      if (!v.date || !/^\d{4}-\d{2}-\d{2}$/.test(v.date))
        ctx.addIssue({ code: "custom", path: ["date"], message: "errors:rooms.slot_date_invalid" });
      if (!v.time || !/^\d{2}:\d{2}$/.test(v.time))
        ctx.addIssue({ code: "custom", path: ["time"], message: "errors:rooms.slot_time_invalid" });
      if (v.date && v.time && v.timeZone && isTimeZone(v.timeZone)) {
        at = zonedToUtc(v.date, v.time, v.timeZone);
        if (!at) ctx.addIssue({ code: "custom", path: ["date"], message: "errors:rooms.slot_date_invalid" });
      }
    }
    return { startsAt: at ?? new Date(NaN), minutes: v.minutes };
  });

/**
 * Proposes a recording time (SPEC §4 schedule slot: proposed, then accepted, confirmed or rejected). Either side
 * proposes; an Admin proposes for the host's side. The time must be ahead, and a room holds at most
 * ROOM_LIMITS.openSlotsMax open slots (proposed or accepted): counted under the room's lock, so two proposals
 * at once cannot pass the limit together. The other side is told.
 */
export async function proposeSlot(deps: RoomsDeps, viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_slot.propose");
  const data = parseInput(proposeSlotInput, input);
  const now = deps.now();
  if (data.startsAt.getTime() <= now.getTime()) {
    throw new DomainError("input.invalid", { fieldErrors: { date: "errors:rooms.slot_past", startsAt: "errors:rooms.slot_past" } });
  }
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await lockRoom(tx, room.id);
    if ((await openSlots(tx, room.id)).length >= ROOM_LIMITS.openSlotsMax) throw new DomainError("rooms.slots_full");
    await tx.insert(episodeSlots).values({
      id,
      roomId: room.id,
      startsAt: data.startsAt,
      minutes: data.minutes,
      status: "proposed",
      proposedBy: member.role,
      createdAt: now,
    });
  });
  await deps.realtime.publish(roomChannel(room.id), { type: "slot.changed", id });
  await tellRoomActivity(deps, room.id, "slot_proposed", member.role);
  return { id, startsAt: data.startsAt, minutes: data.minutes };
}
