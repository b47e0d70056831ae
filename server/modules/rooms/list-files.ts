import { asc, eq } from "drizzle-orm";
import { episodeFiles } from "#server/db/schema";
import type { RoomRole } from "#shared/rooms";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";

export type RoomFile = {
  id: string;
  name: string;
  contentType: string;
  bytes: number;
  uploadedByRole: RoomRole;
  uploadedByName: string;
  createdAt: Date;
};

/** The room's files, oldest first; none once they were purged (`purged` says so). */
export async function listRoomFiles(
  deps: Pick<RoomsDeps, "db">,
  viewer: RoomViewer,
  input: { roomId?: unknown },
): Promise<{ files: RoomFile[]; purged: boolean }> {
  const { room } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  if (room.filesPurgedAt) return { files: [], purged: true };
  const files = await deps.db
    .select({
      id: episodeFiles.id,
      name: episodeFiles.fileName,
      contentType: episodeFiles.contentType,
      bytes: episodeFiles.bytes,
      uploadedByRole: episodeFiles.uploadedByRole,
      uploadedByName: episodeFiles.uploadedByName,
      createdAt: episodeFiles.createdAt,
    })
    .from(episodeFiles)
    .where(eq(episodeFiles.roomId, room.id))
    .orderBy(asc(episodeFiles.createdAt), asc(episodeFiles.id));
  return { files, purged: false };
}
