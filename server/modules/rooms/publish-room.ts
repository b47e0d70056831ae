import { eq } from "drizzle-orm";
import { episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { publishRoomInput, roomIdOf, type PublishFiles } from "./admin-input";
import { announce } from "./announce";
import { openRoom } from "./access";
import { parseInput, type RoomsDeps } from "./deps";
import { revokeOpenTokens } from "./issue-token";
import { assertCan, roomRole } from "./policy";
import { purgeRoomFiles } from "./purge";
import { revokeGuestSessions } from "./revoke-guest";
import { tellRoomActivity, type RoomNoticeDeps } from "./room-notices";

/**
 * The host (or an Admin) publishes the episode (final): the room is read-only from then on, the guest's
 * sessions and open links end, and its files are kept (to purge later) or purged now, as chosen. Purging needs
 * its own permission too.
 */
export async function publishRoom(
  deps: Pick<RoomsDeps, "db" | "storage" | "realtime" | "now" | "log"> & RoomNoticeDeps,
  actor: Actor,
  input: unknown,
): Promise<{ title: string; files: PublishFiles; purged: number }> {
  const { room: seen, resource } = await openRoom(deps, { actor, guestSecret: null }, roomIdOf(input), "episode_room.update");
  const { files } = parseInput(publishRoomInput, input);
  if (files === "purge") assertCan(actor, "episode_room.purge_files", resource);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [room] = await tx.select({ status: episodeRooms.status }).from(episodeRooms).where(eq(episodeRooms.id, seen.id)).for("update");
    if (!room) throw new DomainError("rooms.not_found");
    if (room.status === "published") throw new DomainError("rooms.status_invalid");
    await tx.update(episodeRooms).set({ status: "published", publishedAt: now, updatedAt: now }).where(eq(episodeRooms.id, seen.id));
    const tokens = await revokeOpenTokens(tx, seen.id, now);
    const sessions = await revokeGuestSessions(tx, seen.id, now);
    await recordAudit(tx, actor!, {
      action: "rooms.published",
      targetType: "episode_room",
      targetId: seen.id,
      targetName: seen.title,
      details: { from: room.status, files, sessions, tokens },
    });
  });
  await announce(deps, seen.id);
  // The guest, whose access just ended, hears that the episode is out (at most one email an hour).
  await tellRoomActivity(deps, seen.id, "status", roomRole(actor, { hostId: seen.hostId }) ?? "admin");
  const purged = files === "purge" ? await purgeRoomFiles(deps, actor!, seen) : 0;
  return { title: seen.title, files, purged };
}
