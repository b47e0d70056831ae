import { and, eq } from "drizzle-orm";
import { episodeFiles } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { isUuid } from "./content-input";

export type RoomFileDownload = { body: Uint8Array; name: string; contentType: string; bytes: number };

/**
 * One of the room's files, for its members only (the route answers it as a download, never shown inline). Files
 * purged after publishing are 'The room's files were deleted when the episode was published.'.
 */
export async function downloadRoomFile(
  deps: Pick<RoomsDeps, "db" | "storage">,
  viewer: RoomViewer,
  input: { roomId?: unknown; fileId?: unknown },
): Promise<RoomFileDownload> {
  const { room } = await openRoom(deps, viewer, input.roomId, "episode_file.download");
  if (room.filesPurgedAt) throw new DomainError("rooms.files_purged");
  if (!isUuid(input.fileId)) throw new DomainError("rooms.file_not_found");
  const [file] = await deps.db
    .select()
    .from(episodeFiles)
    .where(and(eq(episodeFiles.id, input.fileId), eq(episodeFiles.roomId, room.id)))
    .limit(1);
  if (!file) throw new DomainError("rooms.file_not_found");
  const stored = await deps.storage.read(file.storageKey);
  if (!stored) throw new DomainError("rooms.file_not_found");
  return { body: stored.body, name: file.fileName, contentType: file.contentType, bytes: stored.body.byteLength };
}
