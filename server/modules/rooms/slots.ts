import { and, asc, eq, inArray } from "drizzle-orm";
import { episodeRooms, episodeSlots } from "#server/db/schema";
import type { Database } from "#server/db/client";
export { isUniqueViolation } from "#server/db/unique-violation";
import { DomainError } from "#server/modules/errors";
import type { RoomRole, SlotStatus } from "#shared/rooms";

/** The two sides of a room: the host's (the host, or an Admin acting for them) and the guest's. */
export type RoomSide = "host" | "guest";
export const sideOf = (role: RoomRole): RoomSide => (role === "guest" ? "guest" : "host");

/** A slot that still counts against the room's limit and may still become the recording time. */
export const OPEN_SLOT_STATUSES: SlotStatus[] = ["proposed", "accepted"];

export type SlotRow = typeof episodeSlots.$inferSelect;

/** The slot of this room, or `rooms.slot_not_found` (also for a malformed id). */
export async function slotOf(db: Pick<Database, "select">, roomId: string, slotId: unknown): Promise<SlotRow> {
  if (typeof slotId !== "string" || !/^[0-9a-f-]{36}$/i.test(slotId)) throw new DomainError("rooms.slot_not_found");
  const [slot] = await db
    .select()
    .from(episodeSlots)
    .where(and(eq(episodeSlots.id, slotId), eq(episodeSlots.roomId, roomId)))
    .limit(1);
  if (!slot) throw new DomainError("rooms.slot_not_found");
  return slot;
}

/** Holds the room's row until the transaction ends: one schedule change of a room at a time. */
export async function lockRoom(tx: Pick<Database, "select">, roomId: string) {
  await tx.select({ id: episodeRooms.id }).from(episodeRooms).where(eq(episodeRooms.id, roomId)).for("update");
}

export async function openSlots(db: Pick<Database, "select">, roomId: string) {
  return db
    .select({ id: episodeSlots.id })
    .from(episodeSlots)
    .where(and(eq(episodeSlots.roomId, roomId), inArray(episodeSlots.status, OPEN_SLOT_STATUSES)))
    .orderBy(asc(episodeSlots.startsAt));
}
