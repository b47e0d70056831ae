import { asc, eq } from "drizzle-orm";
import { episodeSlots, profiles } from "#server/db/schema";
import type { RoomRole, SlotStatus } from "#shared/rooms";
import { openRoom } from "./access";
import type { RoomViewer, RoomsDeps } from "./deps";
import { sideOf, type RoomSide } from "./slots";

export type SlotView = {
  id: string;
  /** ISO, UTC. */
  startsAt: string;
  minutes: number;
  status: SlotStatus;
  proposedBy: RoomRole;
  /** The side that proposed it (an Admin proposes for the host's). */
  proposedBySide: RoomSide;
  decidedAt: string | null;
};

export type ScheduleView = {
  slots: SlotView[];
  hostTimeZone: string;
  /** Null until the guest's page tells it. */
  guestTimeZone: string | null;
  hostName: string | null;
  guestName: string;
  /** The viewer's place in the room and side. */
  role: RoomRole;
  side: RoomSide;
  /** The zone the viewer's times are shown in: their side's, else the host's. */
  viewerTimeZone: string;
  /** The other side's zone, when known. */
  otherTimeZone: string | null;
  otherName: string | null;
};

/** The room's slots, earliest first, with their state, who proposed them and both time zones. */
export async function listSlots(deps: Pick<RoomsDeps, "db">, viewer: RoomViewer, input: { roomId: unknown }): Promise<ScheduleView> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  const rows = await deps.db.select().from(episodeSlots).where(eq(episodeSlots.roomId, room.id)).orderBy(asc(episodeSlots.startsAt));
  const side = sideOf(member.role);
  const [host] = await deps.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, room.hostId)).limit(1);
  const hostName = host?.username ?? null;
  const own = side === "host" ? room.hostTimeZone : room.guestTimeZone;
  return {
    slots: rows.map((s) => ({
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      minutes: s.minutes,
      status: s.status,
      proposedBy: s.proposedBy,
      proposedBySide: sideOf(s.proposedBy),
      decidedAt: s.decidedAt?.toISOString() ?? null,
    })),
    hostTimeZone: room.hostTimeZone,
    guestTimeZone: room.guestTimeZone,
    hostName,
    guestName: room.guestName,
    role: member.role,
    side,
    viewerTimeZone: own ?? room.hostTimeZone,
    otherTimeZone: side === "host" ? room.guestTimeZone : room.hostTimeZone,
    otherName: side === "host" ? room.guestName : hostName,
  };
}
