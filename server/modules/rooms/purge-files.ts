import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { roomIdOf } from "./admin-input";
import { openRoom } from "./access";
import type { RoomsDeps } from "./deps";
import { purgeRoomFiles } from "./purge";

/**
 * The host (or an Admin) deletes the files of a published room that kept them at publishing. Only once the
 * episode is published (`rooms.status_invalid` before), and once (`rooms.files_purged` after).
 */
export async function purgeFiles(
  deps: Pick<RoomsDeps, "db" | "storage" | "realtime" | "now" | "log">,
  actor: Actor,
  input: unknown,
): Promise<{ title: string; purged: number }> {
  const { room } = await openRoom(deps, { actor, guestSecret: null }, roomIdOf(input), "episode_room.purge_files");
  if (room.status !== "published") throw new DomainError("rooms.status_invalid");
  if (room.filesPurgedAt) throw new DomainError("rooms.files_purged");
  const purged = await purgeRoomFiles(deps, actor!, room);
  return { title: room.title, purged };
}
