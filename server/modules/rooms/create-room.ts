import { randomUUID } from "node:crypto";
import { episodeRooms } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { createRoomInput } from "./admin-input";
import { parseInput, type RoomsDeps } from "./deps";
import { sendInvitation } from "./invite-mail";
import { issueToken, tokenDaysOf } from "./issue-token";
import { findPodcast } from "./podcast-choices";
import { assertCan } from "./policy";

type Deps = Pick<RoomsDeps, "db" | "settings" | "mailer" | "siteName" | "baseUrl" | "now" | "log">;

/**
 * A team member opens a room for one episode and invites its guest (SPEC §3 Episode room): the room (its host is
 * who opens it), its first invitation token and the audit entry are written together; then the guest is mailed
 * the link in their language. If the mail fails the room is kept and `rooms.invite_failed` is thrown after the
 * commit: the tab says so and the host sends a new link from the room's row.
 */
export async function createRoom(deps: Deps, actor: Actor, input: unknown): Promise<{ roomId: string; title: string; guestEmail: string }> {
  assertCan(actor, "episode_room.create");
  const host = actor!;
  const data = parseInput(createRoomInput, input);
  const podcast = data.podcastId ? await findPodcast(deps.db, data.podcastId) : null;
  const roomId = randomUUID();
  const now = deps.now();
  const tokenDays = await tokenDaysOf(deps);
  const token = await deps.db.transaction(async (tx) => {
    await tx.insert(episodeRooms).values({
      id: roomId,
      title: data.title,
      guestName: data.guestName,
      guestEmail: data.guestEmail,
      guestLocale: data.guestLocale,
      hostId: host.userId,
      podcastId: data.podcastId,
      status: "preparing",
      hostTimeZone: data.hostTimeZone,
      createdAt: now,
      updatedAt: now,
    });
    const issued = await issueToken(deps, { roomId, createdBy: host.userId, tokenDays }, tx);
    await recordAudit(tx, host, {
      action: "rooms.created",
      targetType: "episode_room",
      targetId: roomId,
      targetName: data.title,
      details: { guestName: data.guestName, guestLocale: data.guestLocale, podcastId: data.podcastId },
    });
    return issued;
  });
  const sent = await sendInvitation(
    deps,
    {
      roomId,
      title: data.title,
      guestName: data.guestName,
      guestEmail: data.guestEmail,
      guestLocale: data.guestLocale,
      host: host.username ?? host.email,
      hostTimeZone: data.hostTimeZone,
      podcast: podcast ? (data.guestLocale === "en" ? podcast.titleEn : podcast.titleEs) : null,
    },
    token,
  );
  if (!sent) throw new DomainError("rooms.invite_failed", { roomId });
  return { roomId, title: data.title, guestEmail: data.guestEmail };
}
