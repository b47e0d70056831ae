import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { episodeScriptVersions } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import type { RoomsDeps } from "./deps";
import type { RoomMember } from "./access";

/**
 * Saves the script's text as the room's next version (1, 2, 3…). Two saves at once get two numbers: the
 * room's versions are numbered under a transaction-scoped lock, and the unique (room, number) index makes a
 * save that still collides try again.
 */
export async function insertVersion(
  deps: Pick<RoomsDeps, "db" | "now">,
  roomId: string,
  version: { body: string; summary: string; member: RoomMember; restoredFrom: number | null },
): Promise<{ id: string; number: number }> {
  // PostgreSQL text cannot hold U+0000 (a live document may).
  const body = version.body.replaceAll("\0", "\uFFFD");
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`episode-versions:${roomId}`}))`);
        const [last] = await tx
          .select({ n: sql<number>`coalesce(max(${episodeScriptVersions.number}), 0)::int` })
          .from(episodeScriptVersions)
          .where(eq(episodeScriptVersions.roomId, roomId));
        const id = randomUUID();
        const number = Number(last?.n ?? 0) + 1;
        await tx.insert(episodeScriptVersions).values({
          id,
          roomId,
          number,
          body,
          summary: version.summary,
          authorRole: version.member.role,
          authorUserId: version.member.userId,
          authorName: version.member.name,
          restoredFrom: version.restoredFrom,
          createdAt: deps.now(),
        });
        return { id, number };
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err, "episode_script_versions_number_idx")) continue;
      throw err;
    }
  }
}
