import { randomUUID } from "node:crypto";
import { episodeMessages } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom, type RoomMember } from "./access";
import { chatInput } from "./content-input";
import { parseInput } from "./deps";
import { tellRoomActivity, type RoomNoticeDeps } from "./room-notices";

/** Who a rate limit counts: the account, or the guest's session when the guest has no account linked. */
export const memberKey = (member: RoomMember) => member.userId ?? `guest:${member.guestSessionId ?? "none"}`;

/**
 * Sends a message to the room's chat (kept with the sender's role and name as they were), then tells everyone
 * in the room over its live channel. 1 to ROOM_LIMITS.chatMax characters, no control characters but line
 * breaks and tabs; at most the `episode_rooms.chatPerMinute` setting's messages a minute per person per room.
 */
export async function sendRoomMessage(
  deps: Pick<RoomsDeps, "db" | "settings" | "rateLimiter" | "realtime" | "now"> & RoomNoticeDeps,
  viewer: RoomViewer,
  input: { roomId?: unknown; body?: unknown },
): Promise<{ messageId: string }> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_chat.send");
  const { body } = parseInput(chatInput, { body: input.body });
  const { chatPerMinute } = await deps.settings.get("episode_rooms");
  const limit = await deps.rateLimiter.hit(`rooms:chat:${room.id}:${memberKey(member)}`, { limit: chatPerMinute, windowSeconds: 60 });
  if (!limit.allowed)
    throw new DomainError("rooms.rate_limited", { retryAfterSeconds: limit.retryAfterSeconds, seconds: limit.retryAfterSeconds });
  const id = randomUUID();
  await deps.db.insert(episodeMessages).values({
    id,
    roomId: room.id,
    authorRole: member.role,
    authorUserId: member.userId,
    authorName: member.name,
    body,
    createdAt: deps.now(),
  });
  await deps.realtime.publish(roomChannel(room.id), { type: "chat.message", id });
  // Whoever is away from the room hears of it (the bell, or at most one email an hour).
  await tellRoomActivity(deps, room.id, "chat", member.role);
  return { messageId: id };
}
