import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom, type RoomMember } from "./access";
import { can } from "./policy";

export type LiveEntry = { roomId: string; member: RoomMember; edit: boolean; published: boolean };

/**
 * Joining the room's live channel (the room socket's handshake, and again whenever the room changes): who
 * this viewer is in the room, and whether they may edit its documents now.
 */
export async function enterLive(deps: Pick<RoomsDeps, "db">, viewer: RoomViewer, roomId: unknown): Promise<LiveEntry> {
  const { room, resource, member } = await openRoom(deps, viewer, roomId, "episode_room.view");
  return { roomId: room.id, member, edit: can(viewer.actor, "episode_doc.edit", resource), published: resource.published ?? false };
}
