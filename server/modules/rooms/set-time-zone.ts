import { eq } from "drizzle-orm";
import { z } from "zod";
import { episodeRooms } from "#server/db/schema";
import { isTimeZone } from "#shared/room-time";
import { openRoom } from "./access";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { sideOf } from "./slots";

export const timeZoneInput = z.object({
  timeZone: z
    .string()
    .trim()
    .refine((v) => isTimeZone(v), "errors:rooms.time_zone_invalid"),
});

/**
 * Keeps the viewer's time zone (IANA, checked by Intl) for the room: the host's side (the host, or an Admin
 * looking in) in `host_time_zone`, the guest in `guest_time_zone`. Each sees the other's beside their own.
 */
export async function setTimeZone(deps: RoomsDeps, viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  const { timeZone } = parseInput(timeZoneInput, input);
  const side = sideOf(member.role);
  const current = side === "host" ? room.hostTimeZone : room.guestTimeZone;
  if (current === timeZone) return { timeZone, changed: false };
  await deps.db
    .update(episodeRooms)
    .set(side === "host" ? { hostTimeZone: timeZone } : { guestTimeZone: timeZone })
    .where(eq(episodeRooms.id, room.id));
  await deps.realtime.publish(roomChannel(room.id), { type: "slot.changed", id: null });
  return { timeZone, changed: true };
}
