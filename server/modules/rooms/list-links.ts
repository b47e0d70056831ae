import { asc, eq } from "drizzle-orm";
import { episodeLinks } from "#server/db/schema";
import type { RoomRole } from "#shared/rooms";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";

export type RoomLink = { id: string; title: string; url: string; addedByRole: RoomRole; addedByName: string; createdAt: Date };

/** The room's links, in the order they were added. */
export async function listRoomLinks(deps: Pick<RoomsDeps, "db">, viewer: RoomViewer, input: { roomId?: unknown }): Promise<RoomLink[]> {
  const { room } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  return deps.db
    .select({
      id: episodeLinks.id,
      title: episodeLinks.title,
      url: episodeLinks.url,
      addedByRole: episodeLinks.addedByRole,
      addedByName: episodeLinks.addedByName,
      createdAt: episodeLinks.createdAt,
    })
    .from(episodeLinks)
    .where(eq(episodeLinks.roomId, room.id))
    .orderBy(asc(episodeLinks.createdAt), asc(episodeLinks.id));
}
