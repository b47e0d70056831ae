import type { RoomRole } from "#shared/rooms";

/**
 * Who has a room open now, by room: the room socket adds and removes people; notifications ask it whether the
 * person to tell is away. Counts per role, since one person may have several tabs open.
 */
export class RoomPresence {
  private readonly rooms = new Map<string, Map<string, { role: RoomRole; name: string; count: number }>>();

  /** Someone opened the room (`key` tells people apart: the user id, or the guest session's id). */
  enter(roomId: string, key: string, role: RoomRole, name: string) {
    let room = this.rooms.get(roomId);
    if (!room) this.rooms.set(roomId, (room = new Map()));
    const seen = room.get(key);
    if (seen) seen.count++;
    else room.set(key, { role, name, count: 1 });
  }

  leave(roomId: string, key: string) {
    const room = this.rooms.get(roomId);
    const seen = room?.get(key);
    if (!room || !seen) return;
    if (--seen.count <= 0) room.delete(key);
    if (room.size === 0) this.rooms.delete(roomId);
  }

  /** Who is in the room on this instance. */
  present(roomId: string): { role: RoomRole; name: string }[] {
    return [...(this.rooms.get(roomId)?.values() ?? [])].map(({ role, name }) => ({ role, name }));
  }

  isPresent(roomId: string, role: RoomRole): boolean {
    return this.present(roomId).some((p) => p.role === role);
  }
}
