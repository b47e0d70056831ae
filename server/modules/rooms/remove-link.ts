import { and, eq } from "drizzle-orm";
import { episodeLinks } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { isUuid } from "./content-input";

/** Removes one of the room's links (either side may). */
export async function removeRoomLink(
  deps: Pick<RoomsDeps, "db" | "realtime">,
  viewer: RoomViewer,
  input: { roomId?: unknown; linkId?: unknown },
): Promise<void> {
  const { room } = await openRoom(deps, viewer, input.roomId, "episode_link.remove");
  const linkId = input.linkId;
  if (!isUuid(linkId)) throw new DomainError("rooms.link_not_found");
  const gone = await deps.db
    .delete(episodeLinks)
    .where(and(eq(episodeLinks.id, linkId), eq(episodeLinks.roomId, room.id)))
    .returning({ id: episodeLinks.id });
  if (!gone.length) throw new DomainError("rooms.link_not_found");
  await deps.realtime.publish(roomChannel(room.id), { type: "link.changed", id: linkId });
}
