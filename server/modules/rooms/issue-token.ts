import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { episodeRoomTokens } from "#server/db/schema";
import type { RoomsDeps } from "./deps";
import { hashSecret, newSecret } from "./secrets";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const DAY_MS = 86_400_000;

export type IssuedToken = { tokenId: string; secret: string; expiresAt: Date };

/** How long a new invitation link works: read before the transaction that issues it. */
export async function tokenDaysOf(deps: Pick<RoomsDeps, "settings">): Promise<number> {
  return (await deps.settings.get("episode_rooms")).tokenDays;
}

/**
 * A new invitation token for a room: its open tokens (neither used nor revoked) stop working first, then a new
 * random secret is made and only its SHA-256 kept, valid for `tokenDays` (the `episode_rooms` setting, read with
 * `tokenDaysOf` beforehand). Runs in the caller's transaction when given one (`tx`), so the room, its token and
 * the audit entry are written together. The secret is returned once, for the invitation mail; it is never stored.
 */
export async function issueToken(
  deps: Pick<RoomsDeps, "db" | "now">,
  token: { roomId: string; createdBy: string | null; tokenDays: number },
  tx?: Tx,
): Promise<IssuedToken> {
  const now = deps.now();
  const secret = newSecret();
  const issued: IssuedToken = { tokenId: randomUUID(), secret, expiresAt: new Date(now.getTime() + token.tokenDays * DAY_MS) };
  const work = async (db: Tx) => {
    await revokeOpenTokens(db, token.roomId, now);
    await db.insert(episodeRoomTokens).values({
      id: issued.tokenId,
      roomId: token.roomId,
      tokenHash: hashSecret(secret),
      expiresAt: issued.expiresAt,
      createdBy: token.createdBy,
      createdAt: now,
    });
  };
  if (tx) await work(tx);
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
