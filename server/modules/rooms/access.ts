import { and, eq, isNull } from "drizzle-orm";
import { episodeGuestSessions, episodeRooms } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { RoomRole } from "#shared/rooms";
import type { RoomViewer, RoomsDeps } from "./deps";
import { assertCan, roomRole, type RoomResource, type RoomsAction } from "./policy";
import { hashSecret, SECRET_PATTERN } from "./secrets";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RoomRow = typeof episodeRooms.$inferSelect;

/** Who acts in the room, as chat messages, versions and files record them. */
export type RoomMember = {
  role: RoomRole;
  userId: string | null;
  guestSessionId: string | null;
  /** The name shown: the guest's name as the host wrote it, else the account's username. */
  name: string;
};

export type RoomAccess = { room: RoomRow; resource: RoomResource; member: RoomMember };

/**
 * Loads a room and checks that this viewer may take `action` in it: the first step of every room operation.
 * An unknown or malformed id is 'Could not find the episode room.'; an outsider gets 'You are not authorized to
 * view this page.' (policy.ts). A guest secret counts only for its own room, while not revoked, and until the
 * episode is published.
 */
export async function openRoom(deps: Pick<RoomsDeps, "db">, viewer: RoomViewer, roomId: unknown, action: RoomsAction): Promise<RoomAccess> {
  if (typeof roomId !== "string" || !UUID.test(roomId)) throw new DomainError("rooms.not_found");
  const [room] = await deps.db.select().from(episodeRooms).where(eq(episodeRooms.id, roomId)).limit(1);
  if (!room) throw new DomainError("rooms.not_found");
  const published = room.status === "published";
  let guestSessionId: string | null = null;
  if (viewer.guestSecret && SECRET_PATTERN.test(viewer.guestSecret) && !published) {
    const [session] = await deps.db
      .select({ id: episodeGuestSessions.id })
      .from(episodeGuestSessions)
      .where(
        and(
          eq(episodeGuestSessions.secretHash, hashSecret(viewer.guestSecret)),
          eq(episodeGuestSessions.roomId, room.id),
          isNull(episodeGuestSessions.revokedAt),
        ),
      )
      .limit(1);
    guestSessionId = session?.id ?? null;
  }
  const resource: RoomResource = { hostId: room.hostId, guestUserId: room.guestUserId, guestSession: !!guestSessionId, published };
  assertCan(viewer.actor, action, resource);
  const role = roomRole(viewer.actor, resource)!;
  const member: RoomMember = {
    role,
    userId: viewer.actor?.userId ?? null,
    guestSessionId: role === "guest" ? guestSessionId : null,
    name: role === "guest" ? room.guestName : (viewer.actor?.username ?? ""),
  };
  return { room, resource, member };
}
