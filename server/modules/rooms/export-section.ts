import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { episodeMessages, episodeRooms } from "#server/db/schema";

/**
 * What episode rooms store about a person, for their account export: the rooms they host, the rooms they joined
 * as the guest with their account, and the chat messages they wrote. A guest's email is the host's note about
 * someone else: it is left out.
 */
export async function roomsExportSection(db: Database, userId: string) {
  const room = {
    id: episodeRooms.id,
    title: episodeRooms.title,
    status: episodeRooms.status,
    createdAt: episodeRooms.createdAt,
    publishedAt: episodeRooms.publishedAt,
  };
  const hosted = await db
    .select({ ...room, guestName: episodeRooms.guestName, hostTimeZone: episodeRooms.hostTimeZone })
    .from(episodeRooms)
    .where(eq(episodeRooms.hostId, userId))
    .orderBy(asc(episodeRooms.createdAt));
  const asGuest = await db
    .select({ ...room, guestName: episodeRooms.guestName, guestTimeZone: episodeRooms.guestTimeZone })
    .from(episodeRooms)
    .where(eq(episodeRooms.guestUserId, userId))
    .orderBy(asc(episodeRooms.createdAt));
  const messages = await db
    .select({
      roomId: episodeMessages.roomId,
      role: episodeMessages.authorRole,
      text: episodeMessages.body,
      sentAt: episodeMessages.createdAt,
    })
    .from(episodeMessages)
    .where(eq(episodeMessages.authorUserId, userId))
    .orderBy(asc(episodeMessages.createdAt));
  return { hosted, asGuest, messages };
}
