import { and, eq } from "drizzle-orm";
import { episodeScriptVersions } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { z } from "zod";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { versionNumber } from "./live-docs-input";
import { docsFor } from "./live/docs-store";
import { publishDocUpdate } from "./live/doc-broadcast";
import { insertVersion } from "./script-versions";

const schema = z.object({ number: versionNumber });

/**
 * Brings an older version back: the live script takes its text (one Yjs change, stored and relayed like any
 * edit, so everyone's editor follows) and a new version records it, `restored_from` naming the old one.
 */
export async function restoreScriptVersion(
  deps: Pick<RoomsDeps, "db" | "realtime" | "now" | "log">,
  viewer: RoomViewer,
  input: { roomId: unknown; number?: unknown },
): Promise<{ number: number; restoredFrom: number }> {
  const { room, member } = await openRoom(deps, viewer, input?.roomId, "episode_script.restore");
  const { number: restoredFrom } = parseInput(schema, { number: input.number });
  const [version] = await deps.db
    .select({ body: episodeScriptVersions.body })
    .from(episodeScriptVersions)
    .where(and(eq(episodeScriptVersions.roomId, room.id), eq(episodeScriptVersions.number, restoredFrom)))
    .limit(1);
  if (!version) throw new DomainError("rooms.version_not_found");
  const changed = await docsFor(deps).replaceText(room.id, "script", version.body);
  if (changed) await publishDocUpdate(deps.realtime, room.id, "script", changed.update, changed.id, "server");
  const { number } = await insertVersion(deps, room.id, { body: version.body, summary: "", member, restoredFrom });
  await deps.realtime.publish(roomChannel(room.id), { type: "version.saved", number });
  return { number, restoredFrom };
}
