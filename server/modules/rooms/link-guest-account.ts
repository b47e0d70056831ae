import { eq } from "drizzle-orm";
import { episodeGuestSessions, episodeRooms } from "#server/db/schema";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";

/**
 * A guest who is signed in ties the guest access to their account: the room then knows them by the account
 * too (`episode_rooms.guest_user_id`), and the session they entered with records it. Only the guest may, and
 * only while the room is open to them; revoking the guest or publishing ends the link as well.
 */
export async function linkGuestAccount(
  deps: Pick<RoomsDeps, "db" | "now" | "realtime">,
  viewer: RoomViewer,
  input: { roomId?: unknown },
): Promise<{ linked: true }> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_guest.link_account");
  const userId = member.userId!;
  await deps.db.transaction(async (tx) => {
    await tx.update(episodeRooms).set({ guestUserId: userId, updatedAt: deps.now() }).where(eq(episodeRooms.id, room.id));
    if (member.guestSessionId)
      await tx.update(episodeGuestSessions).set({ userId }).where(eq(episodeGuestSessions.id, member.guestSessionId));
  });
  return { linked: true };
}
