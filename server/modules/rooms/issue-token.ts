import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { episodeRoomTokens } from "#server/db/schema";
import type { RoomsDeps } from "./deps";
import { hashSecret, newSecret } from "./secrets";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const DAY_MS = 86_400_000;

export type IssuedToken = { tokenId: string; secret: string; expiresAt: Date };

/**
 * A new invitation token for a room: its open tokens (neither used nor revoked) stop working first, then a new
 * random secret is made and only its SHA-256 kept, valid for the `episode_rooms.tokenDays` setting. Runs in the
 * caller's transaction when given one (`db`), so the room, its token and the audit entry are written together.
 * The secret is returned once, for the invitation mail; it is never stored.
 */
export async function issueToken(
  deps: Pick<RoomsDeps, "db" | "settings" | "now">,
  roomId: string,
  createdBy: string | null,
  db?: Tx,
): Promise<IssuedToken> {
  const { tokenDays } = await deps.settings.get("episode_rooms");
  const now = deps.now();
  const secret = newSecret();
  const issued: IssuedToken = { tokenId: randomUUID(), secret, expiresAt: new Date(now.getTime() + tokenDays * DAY_MS) };
  const work = async (tx: Tx) => {
    await revokeOpenTokens(tx, roomId, now);
    await tx.insert(episodeRoomTokens).values({
      id: issued.tokenId,
      roomId,
      tokenHash: hashSecret(secret),
      expiresAt: issued.expiresAt,
      createdBy,
      createdAt: now,
    });
  };
  if (db) await work(db);
  else await deps.db.transaction(work);
  return issued;
}

/** Ends every invitation link of the room that was neither used nor revoked; answers how many. */
export async function revokeOpenTokens(db: Pick<Database, "update">, roomId: string, now: Date): Promise<number> {
  const rows = await db
    .update(episodeRoomTokens)
    .set({ revokedAt: now })
    .where(and(eq(episodeRoomTokens.roomId, roomId), isNull(episodeRoomTokens.usedAt), isNull(episodeRoomTokens.revokedAt)))
    .returning({ id: episodeRoomTokens.id });
  return rows.length;
}
