import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { episodeGuestSessions, episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { roomIdOf } from "./admin-input";
import { openRoom } from "./access";
import { announce } from "./announce";
import type { RoomsDeps } from "./deps";
import { revokeOpenTokens } from "./issue-token";

/** Ends every guest session of the room that is still on; answers how many. */
export async function revokeGuestSessions(db: Pick<Database, "update">, roomId: string, now: Date): Promise<number> {
  const rows = await db
    .update(episodeGuestSessions)
    .set({ revokedAt: now })
    .where(and(eq(episodeGuestSessions.roomId, roomId), isNull(episodeGuestSessions.revokedAt)))
    .returning({ id: episodeGuestSessions.id });
  return rows.length;
}

/**
 * The host (or an Admin) ends the guest's access: the open invitation links and the guest sessions stop working
 * and the account the guest linked is no longer theirs in the room. An open guest page hears `room.changed` and
 * finds itself shut out. A new link (`reissueToken`) lets the guest in again.
 */
export async function revokeGuest(
  deps: Pick<RoomsDeps, "db" | "realtime" | "now" | "log">,
  actor: Actor,
  input: unknown,
): Promise<{ title: string; guestName: string; sessions: number; tokens: number }> {
  const { room } = await openRoom(deps, { actor, guestSecret: null }, roomIdOf(input), "episode_room.revoke_guest");
  const now = deps.now();
  const counts = await deps.db.transaction(async (tx) => {
    const tokens = await revokeOpenTokens(tx, room.id, now);
    const sessions = await revokeGuestSessions(tx, room.id, now);
    await tx.update(episodeRooms).set({ guestUserId: null, updatedAt: now }).where(eq(episodeRooms.id, room.id));
    await recordAudit(tx, actor!, {
      action: "rooms.guest_revoked",
      targetType: "episode_room",
      targetId: room.id,
      targetName: room.title,
      details: { guestName: room.guestName, sessions, tokens },
    });
    return { tokens, sessions };
  });
  await announce(deps, room.id);
  return { title: room.title, guestName: room.guestName, ...counts };
}
