import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import { roomIdOf } from "./admin-input";
import { openRoom } from "./access";
import type { RoomsDeps } from "./deps";
import { invitationOf, sendInvitation } from "./invite-mail";
import { issueToken, tokenDaysOf } from "./issue-token";

type Deps = Pick<RoomsDeps, "db" | "settings" | "mailer" | "siteName" | "baseUrl" | "now" | "log">;

/**
 * The host (or an Admin) sends the guest a new invitation link: the open links stop working, a new token is made
 * (audited) and mailed in the guest's language. A guest session already started is kept (revoking it is
 * `revokeGuest`). If the mail fails the new link exists but nobody has it: `rooms.reinvite_failed`, try again.
 */
export async function reissueToken(
  deps: Deps,
  actor: Actor,
  input: unknown,
): Promise<{ title: string; guestEmail: string; expiresAt: string }> {
  const { room } = await openRoom(deps, { actor, guestSecret: null }, roomIdOf(input), "episode_room.reissue_token");
  const tokenDays = await tokenDaysOf(deps);
  const token = await deps.db.transaction(async (tx) => {
    const issued = await issueToken(deps, { roomId: room.id, createdBy: actor!.userId, tokenDays }, tx);
    await recordAudit(tx, actor!, {
      action: "rooms.token_reissued",
      targetType: "episode_room",
      targetId: room.id,
      targetName: room.title,
      details: { guestName: room.guestName },
    });
    return issued;
  });
  const sent = await sendInvitation(deps, await invitationOf(deps.db, room), token);
  if (!sent) throw new DomainError("rooms.reinvite_failed");
  return { title: room.title, guestEmail: room.guestEmail, expiresAt: token.expiresAt.toISOString() };
}
