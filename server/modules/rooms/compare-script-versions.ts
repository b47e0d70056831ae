import { and, eq, inArray } from "drizzle-orm";
import { diffLines } from "diff";
import { z } from "zod";
import { episodeScriptVersions } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { parseInput, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";
import { versionNumber } from "./live-docs-input";

export type DiffPart = { kind: "added" | "removed" | "same"; text: string };
export type VersionComparison = { from: number; to: number; parts: DiffPart[]; added: number; removed: number };

const schema = z.object({ from: versionNumber, to: versionNumber });

/** Two versions of the script side by side, line by line: what `to` added to and removed from `from`. */
export async function compareScriptVersions(
  deps: Pick<RoomsDeps, "db">,
  viewer: RoomViewer,
  input: { roomId: unknown; from?: unknown; to?: unknown },
): Promise<VersionComparison> {
  const { room } = await openRoom(deps, viewer, input?.roomId, "episode_room.view");
  const { from, to } = parseInput(schema, { from: input.from, to: input.to });
  const rows = await deps.db
    .select({ number: episodeScriptVersions.number, body: episodeScriptVersions.body })
    .from(episodeScriptVersions)
    .where(and(eq(episodeScriptVersions.roomId, room.id), inArray(episodeScriptVersions.number, [from, to])));
  const body = (n: number) => rows.find((r) => r.number === n)?.body;
  const before = body(from);
  const after = body(to);
  if (before === undefined || after === undefined) throw new DomainError("rooms.version_not_found");
  return { from, to, ...lineDiff(before, after) };
}

/** A readable line diff (the `diff` package), as parts marked added, removed or unchanged, with line counts. */
export function lineDiff(before: string, after: string): { parts: DiffPart[]; added: number; removed: number } {
  let added = 0;
  let removed = 0;
  const parts = diffLines(before, after).map((c): DiffPart => {
    const lines = c.count ?? 0;
    if (c.added) added += lines;
    if (c.removed) removed += lines;
    return { kind: c.added ? "added" : c.removed ? "removed" : "same", text: c.value };
  });
  return { parts, added, removed };
}
