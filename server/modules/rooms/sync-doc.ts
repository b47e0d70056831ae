import { z } from "zod";
import { parseInput, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { docInput, stateVectorInput } from "./live-docs-input";
import { docsFor } from "./live/docs-store";

const schema = z.object({ doc: docInput, stateVector: stateVectorInput.optional() });

/**
 * A client catching up with a live document (on connecting, after a reconnection or a `doc.changed`): what
 * its state vector lacks, and the server's state vector, from which it sends back what the server lacks
 * (edits typed while offline).
 */
export async function syncDoc(
  deps: Pick<RoomsDeps, "db" | "log">,
  viewer: RoomViewer,
  input: { roomId: unknown; doc: unknown; stateVector?: unknown },
): Promise<{ update: Uint8Array; stateVector: Uint8Array }> {
  const { room } = await openRoom(deps, viewer, input?.roomId, "episode_room.view");
  const { doc, stateVector } = parseInput(schema, { doc: input.doc, stateVector: input.stateVector });
  return docsFor(deps).diff(room.id, doc, stateVector);
}
