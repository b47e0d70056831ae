import { eq } from "drizzle-orm";
import { episodeFiles, episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import type { RoomRow } from "./access";
import { announce } from "./announce";
import type { RoomsDeps } from "./deps";

/**
 * Deletes every file of a published room: each stored object through the storage layer, then the rows, and
 * marks the room's files as purged (audited). The objects go first: a failure halfway leaves rows whose object
 * is gone (a download then finds nothing), never objects nobody can reach. Shared by publishing with "purge"
 * and by purging later.
 */
export async function purgeRoomFiles(
  deps: Pick<RoomsDeps, "db" | "storage" | "realtime" | "now" | "log">,
  actor: NonNullable<Actor>,
  room: Pick<RoomRow, "id" | "title">,
): Promise<number> {
  const files = await deps.db
    .select({ id: episodeFiles.id, key: episodeFiles.storageKey })
    .from(episodeFiles)
    .where(eq(episodeFiles.roomId, room.id));
  for (const f of files) await deps.storage.remove(f.key);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await tx.delete(episodeFiles).where(eq(episodeFiles.roomId, room.id));
    await tx.update(episodeRooms).set({ filesPurgedAt: now, updatedAt: now }).where(eq(episodeRooms.id, room.id));
    await recordAudit(tx, actor, {
      action: "rooms.files_purged",
      targetType: "episode_room",
      targetId: room.id,
      targetName: room.title,
      details: { files: files.length },
    });
  });
  await announce(deps, room.id, "file.changed");
  return files.length;
}
