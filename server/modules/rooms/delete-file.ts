import { and, eq } from "drizzle-orm";
import { episodeFiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { isUuid } from "./content-input";

/** Deletes one of the room's files (either side may): its row, then its stored bytes. */
export async function deleteRoomFile(
  deps: Pick<RoomsDeps, "db" | "storage" | "realtime" | "log">,
  viewer: RoomViewer,
  input: { roomId?: unknown; fileId?: unknown },
): Promise<void> {
  const { room } = await openRoom(deps, viewer, input.roomId, "episode_file.delete");
  if (!isUuid(input.fileId)) throw new DomainError("rooms.file_not_found");
  const [gone] = await deps.db
    .delete(episodeFiles)
    .where(and(eq(episodeFiles.id, input.fileId), eq(episodeFiles.roomId, room.id)))
    .returning({ id: episodeFiles.id, key: episodeFiles.storageKey });
  if (!gone) throw new DomainError("rooms.file_not_found");
  await deps.storage.remove(gone.key).catch((err: unknown) => deps.log.warn("room file not removed", { err, key: gone.key }));
  await deps.realtime.publish(roomChannel(room.id), { type: "file.changed", id: gone.id });
}
