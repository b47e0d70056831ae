import { eq } from "drizzle-orm";
import { episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { EpisodeStatus } from "#shared/rooms";
import { roomIdOf, updateRoomInput } from "./admin-input";
import { announce } from "./announce";
import { openRoom } from "./access";
import { parseInput, type RoomsDeps } from "./deps";
import { findPodcast } from "./podcast-choices";
import { roomRole } from "./policy";
import { tellRoomActivity, type RoomNoticeDeps } from "./room-notices";

/**
 * Whether a room may go from one status to another here: freely among preparing, ready, recorded and editing;
 * never to published (that is `publishRoom`, which ends the guest's access) and never out of it (final).
 */
export function statusMoveAllowed(from: EpisodeStatus, to: EpisodeStatus): boolean {
  if (from === to) return true;
  return from !== "published" && to !== "published";
}

/**
 * The host (or an Admin) changes a room: title, guest name, guest email (a new address is not mailed: send a new
 * link for that), related podcast episode, status. Only the fields given change; a status change is audited, as
 * is a change of the other fields. Open room pages hear `room.changed`.
 */
export async function updateRoom(
  deps: Pick<RoomsDeps, "db" | "realtime" | "now" | "log"> & RoomNoticeDeps,
  actor: Actor,
  input: unknown,
): Promise<{ title: string; status: EpisodeStatus; statusChanged: boolean }> {
  const { room: seen } = await openRoom(deps, { actor, guestSecret: null }, roomIdOf(input), "episode_room.update");
  const data = parseInput(updateRoomInput, input);
  if (data.podcastId) await findPodcast(deps.db, data.podcastId);
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const [room] = await tx.select().from(episodeRooms).where(eq(episodeRooms.id, seen.id)).for("update");
    if (!room) throw new DomainError("rooms.not_found");
    const status = data.status ?? room.status;
    if (!statusMoveAllowed(room.status, status)) throw new DomainError("rooms.status_invalid");
    const next = {
      title: data.title ?? room.title,
      guestName: data.guestName ?? room.guestName,
      guestEmail: data.guestEmail ?? room.guestEmail,
      podcastId: data.podcastId === undefined ? room.podcastId : data.podcastId || null,
      status,
    };
    const fields = (Object.keys(next) as (keyof typeof next)[]).filter((k) => k !== "status" && next[k] !== room[k]);
    const statusChanged = status !== room.status;
    if (!fields.length && !statusChanged) return { title: room.title, status, statusChanged };
    await tx
      .update(episodeRooms)
      .set({ ...next, updatedAt: now })
      .where(eq(episodeRooms.id, room.id));
    if (statusChanged)
      await recordAudit(tx, actor!, {
        action: "rooms.status_changed",
        targetType: "episode_room",
        targetId: room.id,
        targetName: next.title,
        details: { from: room.status, to: status },
      });
    if (fields.length)
      await recordAudit(tx, actor!, {
        action: "rooms.updated",
        targetType: "episode_room",
        targetId: room.id,
        targetName: next.title,
        details: { fields },
      });
    return { title: next.title, status, statusChanged, changed: true };
  });
  if ("changed" in result) await announce(deps, seen.id);
  // The other side hears of a new status when away (the bell, or at most one email an hour).
  if (result.statusChanged) await tellRoomActivity(deps, seen.id, "status", roomRole(actor, { hostId: seen.hostId }) ?? "admin");
  return { title: result.title, status: result.status, statusChanged: result.statusChanged };
}
