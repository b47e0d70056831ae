import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { episodeScriptVersions } from "#server/db/schema";
import { ROOM_LIMITS, type RoomRole } from "#shared/rooms";
import { parseInput, type RoomViewer, type RoomsDeps } from "./deps";
import { openRoom } from "./access";

export type ScriptVersionRow = {
  number: number;
  summary: string;
  authorRole: RoomRole;
  authorName: string;
  restoredFrom: number | null;
  createdAt: Date;
};

const schema = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1) });

/** The script's saved versions, newest first, ROOM_LIMITS.versionsPage a page (without their text). */
export async function listScriptVersions(
  deps: Pick<RoomsDeps, "db">,
  viewer: RoomViewer,
  input: { roomId: unknown; page?: unknown },
): Promise<{ items: ScriptVersionRow[]; total: number; page: number; pageSize: number }> {
  const { room } = await openRoom(deps, viewer, input?.roomId, "episode_room.view");
  const { page } = parseInput(schema, { page: input.page ?? 1 });
  const pageSize = ROOM_LIMITS.versionsPage;
  const where = and(eq(episodeScriptVersions.roomId, room.id));
  const [items, [total]] = await Promise.all([
    deps.db
      .select({
        number: episodeScriptVersions.number,
        summary: episodeScriptVersions.summary,
        authorRole: episodeScriptVersions.authorRole,
        authorName: episodeScriptVersions.authorName,
        restoredFrom: episodeScriptVersions.restoredFrom,
        createdAt: episodeScriptVersions.createdAt,
      })
      .from(episodeScriptVersions)
      .where(where)
      .orderBy(desc(episodeScriptVersions.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    deps.db.select({ n: count() }).from(episodeScriptVersions).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0), page, pageSize };
}
