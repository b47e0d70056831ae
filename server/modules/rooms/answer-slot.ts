import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { episodeSlots } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { openRoom } from "./access";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { tellRoomActivity } from "./room-notices";
import { sideOf, slotOf } from "./slots";

export const answerSlotInput = z.object({
  slotId: z.string(),
  answer: z.enum(["accept", "reject"], { message: "errors:input.invalid" }),
});

/**
 * Accepts or rejects a proposed slot. Only the other side answers: the guest answers the host's (or an Admin's)
 * proposals, the host or an Admin the guest's; a slot already answered, or one's own, is `rooms.slot_state`.
 * One conditional update (`where status = 'proposed'`), so of two answers at once only one wins.
 */
export async function answerSlot(deps: RoomsDeps, viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_slot.answer");
  const data = parseInput(answerSlotInput, input);
  const slot = await slotOf(deps.db, room.id, data.slotId);
  if (slot.status !== "proposed" || sideOf(slot.proposedBy) === sideOf(member.role)) throw new DomainError("rooms.slot_state");
  const status = data.answer === "accept" ? "accepted" : "rejected";
  const [changed] = await deps.db
    .update(episodeSlots)
    .set({ status, decidedAt: deps.now() })
    .where(and(eq(episodeSlots.id, slot.id), eq(episodeSlots.status, "proposed")))
    .returning({ id: episodeSlots.id });
  if (!changed) throw new DomainError("rooms.slot_state");
  await deps.realtime.publish(roomChannel(room.id), { type: "slot.changed", id: slot.id });
  await tellRoomActivity(deps, room.id, status === "accepted" ? "slot_accepted" : "slot_rejected", member.role);
  return { id: slot.id, status };
}
