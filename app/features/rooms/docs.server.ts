import type { AppLoadContext } from "react-router";
import { actionFailure, isDomainErrorLike } from "#app/lib/form.server";
import type { RoomViewer, ScriptVersionRow, VersionComparison } from "#server/modules/rooms";
import type { RoomActionResult } from "./action-result";
import { VERSIONS_PAGE_PARAM } from "./docs-params";

/** A saved version as the page lists it (its date as an ISO string). */
export type VersionItem = Omit<ScriptVersionRow, "createdAt"> & { createdAt: string };

/** The script and notes sections' data: the documents' text as saved, and the script's versions. */
export type DocsData = {
  texts: { script: string; notes: string };
  versions: { items: VersionItem[]; total: number; page: number; pageCount: number };
  /** `?from=&to=` asked for a comparison: its parts, or the error key when it could not be made. */
  compare: { diff: VersionComparison; error?: undefined } | { diff?: undefined; error: string; from: string; to: string } | null;
};

export async function loadDocs(context: AppLoadContext, viewer: RoomViewer, roomId: string, url: URL): Promise<DocsData> {
  const rooms = context.services.rooms;
  const q = url.searchParams;
  const [texts, versions] = await Promise.all([
    rooms.docTexts(viewer, roomId),
    rooms.listScriptVersions(viewer, { roomId, page: q.get(VERSIONS_PAGE_PARAM) ?? 1 }),
  ]);
  let compare: DocsData["compare"] = null;
  const from = q.get("from");
  const to = q.get("to");
  if (from && to) {
    compare = await rooms.compareScriptVersions(viewer, { roomId, from, to }).then(
      (diff) => ({ diff }),
      (err: unknown) => {
        if (!isDomainErrorLike(err)) throw err;
        return { error: err.code === "input.invalid" ? "errors:rooms.version_not_found" : `errors:${err.code}`, from, to };
      },
    );
  }
  return {
    texts,
    versions: {
      items: versions.items.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
      total: versions.total,
      page: versions.page,
      pageCount: Math.max(1, Math.ceil(versions.total / versions.pageSize)),
    },
    compare,
  };
}

/** Handles the script's intents (script-save, script-restore); undefined for any other intent. */
export async function docsIntent(
  context: AppLoadContext,
  viewer: RoomViewer,
  roomId: string,
  intent: string,
  form: FormData,
): Promise<RoomActionResult | undefined> {
  const rooms = context.services.rooms;
  try {
    if (intent === "script-save") {
      const { number } = await rooms.saveScriptVersion(viewer, { roomId, summary: form.get("summary") ?? "" });
      return { ok: true, intent, message: "rooms-docs:versions.saved", messageValues: { number } };
    }
    if (intent === "script-restore") {
      const { number, restoredFrom } = await rooms.restoreScriptVersion(viewer, { roomId, number: form.get("number") });
      return { ok: true, intent, message: "rooms-docs:versions.restored", messageValues: { number, from: restoredFrom } };
    }
  } catch (err) {
    return { ...actionFailure(err, form).data, intent };
  }
  return undefined;
}
