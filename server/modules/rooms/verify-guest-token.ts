import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { episodeGuestSessions, episodeRooms, episodeRoomTokens } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { RoomViewer, RoomsDeps } from "./deps";
import { hashSecret, newSecret, SECRET_PATTERN } from "./secrets";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type GuestTokenInput = { roomId?: unknown; token?: unknown };

/**
 * The guest access page (SPEC §3, §6: guests enter with an access token): an invitation link's token is checked
 * and, when good, spent and exchanged for a guest session of that one room. The answer is the session's secret,
 * which the route puts in the room's cookie (never in a page). In SPEC §8's words: no token is 'No access token
 * was provided.'; a malformed, unknown, used, revoked or expired token, or one of a published room, is 'The
 * access token is invalid or has expired.'; an unknown room 'Could not find the episode room.'.
 *
 * Single use holds against two requests at once: one conditional update spends the token (only while unused,
 * not revoked and not expired) and the session is written in the same transaction, so exactly one of them gets
 * a session and the other finds the token used. A failure of the database while checking is 'Could not verify
 * your access.'; while storing the session, 'Could not start guest session.' (the token stays unspent).
 * Anyone may present a token: the token is the permission. Linking an account is a separate choice.
 */
export async function verifyGuestToken(
  deps: Pick<RoomsDeps, "db" | "now" | "log">,
  _viewer: RoomViewer,
  input: GuestTokenInput,
): Promise<{ roomId: string; secret: string }> {
  const token = typeof input.token === "string" ? input.token.trim() : "";
  if (!token) throw new DomainError("rooms.token_missing");
  const roomId = input.roomId;
  if (typeof roomId !== "string" || !UUID.test(roomId)) throw new DomainError("rooms.not_found");
  if (!SECRET_PATTERN.test(token)) throw new DomainError("rooms.token_invalid");

  const now = deps.now();
  let stage: "check" | "store" = "check";
  try {
    const [room] = await deps.db
      .select({ id: episodeRooms.id, status: episodeRooms.status })
      .from(episodeRooms)
      .where(eq(episodeRooms.id, roomId))
      .limit(1);
    if (!room) throw new DomainError("rooms.not_found");
    if (room.status === "published") throw new DomainError("rooms.token_invalid");
    return await deps.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(episodeRoomTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(episodeRoomTokens.tokenHash, hashSecret(token)),
            eq(episodeRoomTokens.roomId, roomId),
            isNull(episodeRoomTokens.usedAt),
            isNull(episodeRoomTokens.revokedAt),
            gt(episodeRoomTokens.expiresAt, now),
          ),
        )
        .returning({ id: episodeRoomTokens.id });
      if (!spent) throw new DomainError("rooms.token_invalid");
      stage = "store";
      const secret = newSecret();
      await tx.insert(episodeGuestSessions).values({
        id: randomUUID(),
        roomId,
        tokenId: spent.id,
        secretHash: hashSecret(secret),
        lastSeenAt: now,
        createdAt: now,
      });
      return { roomId, secret };
    });
  } catch (err) {
    if (err instanceof DomainError) throw err;
    deps.log.error(stage === "check" ? "guest token not verified" : "guest session not stored", { err });
    throw new DomainError(stage === "check" ? "rooms.verify_failed" : "rooms.guest_session_failed");
  }
}
