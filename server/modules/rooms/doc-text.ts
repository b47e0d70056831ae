import type { RoomViewer, RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { docsFor } from "./live/docs-store";

/** The script's and the notes' text as stored now: what the page shows before its live editor connects. */
export async function docTexts(
  deps: Pick<RoomsDeps, "db" | "log">,
  viewer: RoomViewer,
  roomId: unknown,
): Promise<{ script: string; notes: string }> {
  const { room } = await openRoom(deps, viewer, roomId, "episode_room.view");
  const store = docsFor(deps);
  const [script, notes] = await Promise.all([store.text(room.id, "script"), store.text(room.id, "notes")]);
  return { script, notes };
}
