import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { episodeFiles, episodeRooms } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { ROOM_LIMITS } from "#shared/rooms";
import { roomChannel, roomFilePrefix, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { safeContentType, safeFileName } from "./content-input";

export type RoomFileUpload = {
  roomId?: unknown;
  /** The name the browser sent the file with (shown and offered on download, never used as a storage key). */
  name?: unknown;
  contentType?: unknown;
  body?: Uint8Array | null;
};

/**
 * Adds a file to the room: any type, at most ROOM_LIMITS.fileBytesMax, at most ROOM_LIMITS.filesMax per room.
 * It is stored under the room's private folder with a random key (never its name), so /media never serves it;
 * only the room's download route does, to the room's members.
 */
export async function uploadRoomFile(
  deps: Pick<RoomsDeps, "db" | "storage" | "realtime" | "now" | "log">,
  viewer: RoomViewer,
  input: RoomFileUpload,
): Promise<{ fileId: string; name: string }> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_file.upload");
  const body = input.body;
  if (!body || body.byteLength === 0) throw new DomainError("input.invalid", { fieldErrors: { file: "errors:rooms.file_required" } });
  if (body.byteLength > ROOM_LIMITS.fileBytesMax) throw new DomainError("rooms.file_too_large");
  const name = safeFileName(typeof input.name === "string" ? input.name : "");
  if (!name) throw new DomainError("input.invalid", { fieldErrors: { file: "errors:rooms.file_name_invalid" } });
  const contentType = safeContentType(input.contentType);
  const countFiles = async (db: Pick<RoomsDeps["db"], "select">) => {
    const [held] = await db.select({ n: count() }).from(episodeFiles).where(eq(episodeFiles.roomId, room.id));
    return held?.n ?? 0;
  };
  if ((await countFiles(deps.db)) >= ROOM_LIMITS.filesMax) throw new DomainError("rooms.files_full");

  const id = randomUUID();
  const key = roomFilePrefix(room.id) + randomUUID();
  await deps.storage.put(key, body, { contentType });
  try {
    await deps.db.transaction(async (tx) => {
      // One upload at a time per room, so two at once cannot pass the limit together.
      await tx.select({ id: episodeRooms.id }).from(episodeRooms).where(eq(episodeRooms.id, room.id)).for("update");
      if ((await countFiles(tx)) >= ROOM_LIMITS.filesMax) throw new DomainError("rooms.files_full");
      await tx.insert(episodeFiles).values({
        id,
        roomId: room.id,
        storageKey: key,
        fileName: name,
        contentType,
        bytes: body.byteLength,
        uploadedByRole: member.role,
        uploadedByName: member.name,
        createdAt: deps.now(),
      });
    });
  } catch (err) {
    await deps.storage.remove(key).catch((e: unknown) => deps.log.warn("room file not removed", { err: e, key }));
    throw err;
  }
  await deps.realtime.publish(roomChannel(room.id), { type: "file.changed", id });
  return { fileId: id, name };
}
