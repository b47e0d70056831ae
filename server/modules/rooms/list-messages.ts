import { and, desc, eq, lt, or } from "drizzle-orm";
import { episodeMessages } from "#server/db/schema";
import { ROOM_LIMITS, type RoomRole } from "#shared/rooms";
import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";

export type RoomMessage = { id: string; authorRole: RoomRole; authorName: string; body: string; createdAt: Date; mine: boolean };

/**
 * The chat's history, a page of ROOM_LIMITS.chatPage at a time: the newest first, then older ones from a cursor
 * (the id of the oldest message shown). Messages come back in the order they were sent; `older` is the cursor of
 * the page before, or null at the start.
 */
export async function listRoomMessages(
  deps: Pick<RoomsDeps, "db">,
  viewer: RoomViewer,
  input: { roomId?: unknown; before?: unknown },
): Promise<{ messages: RoomMessage[]; older: string | null }> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_room.view");
  let from: { createdAt: Date; id: string } | undefined;
  if (typeof input.before === "string" && /^[0-9a-f-]{36}$/i.test(input.before)) {
    [from] = await deps.db
      .select({ createdAt: episodeMessages.createdAt, id: episodeMessages.id })
      .from(episodeMessages)
      .where(and(eq(episodeMessages.roomId, room.id), eq(episodeMessages.id, input.before)))
      .limit(1);
  }
  const rows = await deps.db
    .select()
    .from(episodeMessages)
    .where(
      and(
        eq(episodeMessages.roomId, room.id),
        from
          ? or(
              lt(episodeMessages.createdAt, from.createdAt),
              and(eq(episodeMessages.createdAt, from.createdAt), lt(episodeMessages.id, from.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(episodeMessages.createdAt), desc(episodeMessages.id))
    .limit(ROOM_LIMITS.chatPage + 1);
  // Oldest first, as the chat reads.
  const page = rows.slice(0, ROOM_LIMITS.chatPage).reverse();
  const mine = (authorRole: RoomRole, authorUserId: string | null) =>
    member.role === "guest" ? authorRole === "guest" : !!member.userId && authorUserId === member.userId && authorRole !== "guest";
  return {
    messages: page.map((m) => ({
      id: m.id,
      authorRole: m.authorRole,
      authorName: m.authorName,
      body: m.body,
      createdAt: m.createdAt,
      mine: mine(m.authorRole, m.authorUserId),
    })),
    older: rows.length > ROOM_LIMITS.chatPage ? page[0]!.id : null,
  };
}
