import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { episodeLinks } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { ROOM_LIMITS } from "#shared/rooms";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { linkInput } from "./content-input";

/** Adds a link to the room (a title and an http or https address), at most ROOM_LIMITS.linksMax per room. */
export async function addRoomLink(
  deps: Pick<RoomsDeps, "db" | "realtime" | "now">,
  viewer: RoomViewer,
  input: { roomId?: unknown; title?: unknown; url?: unknown },
): Promise<{ linkId: string }> {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_link.add");
  const data = parseInput(linkInput, { title: input.title, url: input.url });
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(episodeLinks).where(eq(episodeLinks.roomId, room.id));
    if ((held?.n ?? 0) >= ROOM_LIMITS.linksMax) throw new DomainError("rooms.links_full");
    await tx.insert(episodeLinks).values({
      id,
      roomId: room.id,
      title: data.title,
      url: data.url,
      addedByRole: member.role,
      addedByName: member.name,
      createdAt: deps.now(),
    });
  });
  await deps.realtime.publish(roomChannel(room.id), { type: "link.changed", id });
  return { linkId: id };
}
