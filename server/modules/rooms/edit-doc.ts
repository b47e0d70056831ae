import { z } from "zod";
import { parseInput, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { docInput, updateInput } from "./live-docs-input";
import { docsFor } from "./live/docs-store";
import { publishDocUpdate } from "./live/doc-broadcast";

const schema = z.object({ doc: docInput, update: updateInput, from: z.string().max(64).default("server") });

/**
 * One edit of the live script or notes (a Yjs update from the room socket): stored, then relayed to the room.
 * A published room is read-only. Returns the stored row, or null when the update held nothing new.
 */
export async function editDoc(
  deps: Pick<RoomsDeps, "db" | "realtime" | "log">,
  viewer: RoomViewer,
  input: { roomId: unknown; doc: unknown; update: unknown; from?: unknown },
): Promise<{ id: number } | null> {
  const { room } = await openRoom(deps, viewer, input?.roomId, "episode_doc.edit");
  const { doc, update, from } = parseInput(schema, { doc: input.doc, update: input.update, from: input.from });
  const stored = await docsFor(deps).appendUpdate(room.id, doc, update);
  if (stored) await publishDocUpdate(deps.realtime, room.id, doc, update, stored.id, from);
  return stored;
}
