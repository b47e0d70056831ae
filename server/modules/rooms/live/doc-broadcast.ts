import type { Realtime } from "#server/platform/realtime";
import type { RoomDoc } from "#shared/rooms";
import { roomChannel } from "#server/modules/rooms/deps";

/** A message travels between instances by PostgreSQL NOTIFY (under 8000 bytes with its envelope). */
export const INLINE_UPDATE_MAX_BYTES = 7000;

/**
 * Tells the room about a stored update of one of its documents: the update itself (base64) when it is small,
 * else only that the document changed after row `after`, and each client asks for what it lacks (`doc.sync`).
 * `from` names the socket that sent it (which already has it), or "server".
 */
export async function publishDocUpdate(realtime: Realtime, roomId: string, doc: RoomDoc, update: Uint8Array, rowId: number, from: string) {
  const encoded = Buffer.from(update).toString("base64");
  if (encoded.length + 200 <= INLINE_UPDATE_MAX_BYTES) {
    await realtime.publish(roomChannel(roomId), { type: "doc.update", doc, update: encoded, from, id: rowId });
  } else {
    await realtime.publish(roomChannel(roomId), { type: "doc.changed", doc, after: rowId - 1, from });
  }
}
