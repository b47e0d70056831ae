import { z } from "zod";
import { ROOM_LIMITS } from "#shared/rooms";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { docsFor } from "./live/docs-store";
import { insertVersion } from "./script-versions";

const schema = z.object({
  summary: z.string().trim().max(ROOM_LIMITS.summaryMax, { message: "errors:rooms.summary_too_long" }).default(""),
});

/** Saves the live script as a new version, with a short summary of what changed; the room hears of it. */
export async function saveScriptVersion(
  deps: Pick<RoomsDeps, "db" | "realtime" | "now" | "log">,
  viewer: RoomViewer,
  input: { roomId: unknown; summary?: unknown },
): Promise<{ number: number }> {
  const { room, member } = await openRoom(deps, viewer, input?.roomId, "episode_script.save");
  const { summary } = parseInput(schema, { summary: input.summary ?? "" });
  const body = await docsFor(deps).text(room.id, "script");
  const { number } = await insertVersion(deps, room.id, { body, summary, member, restoredFrom: null });
  await deps.realtime.publish(roomChannel(room.id), { type: "version.saved", number });
  return { number };
}
