import type { AppLoadContext } from "react-router";
import type { RoomViewer } from "#server/modules/rooms";
import type { RoomActionResult } from "./action-result";

/** The script and notes sections' data: the documents' text as saved, and the script's versions (placeholder). */
export type DocsData = null;

export async function loadDocs(_context: AppLoadContext, _viewer: RoomViewer, _roomId: string, _url: URL): Promise<DocsData> {
  return null;
}

/** Handles the script's intents (script-save, script-restore); undefined for any other intent. */
export async function docsIntent(
  _context: AppLoadContext,
  _viewer: RoomViewer,
  _roomId: string,
  _intent: string,
  _form: FormData,
): Promise<RoomActionResult | undefined> {
  return undefined;
}
