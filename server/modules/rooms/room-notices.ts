import { eq, lte } from "drizzle-orm";
import { episodeRoomMailClock, episodeRooms } from "#server/db/schema";
import { notify } from "#server/modules/notifications";
import { renderEmail } from "#server/platform/mail-render";
import { translator } from "#server/platform/translate";
import type { RoomRole } from "#shared/rooms";
import { guestRecipient, hostRecipient, roomUrl } from "./room-mail";
import { ROOM_MAIL_INTERVAL_MS, type RoomsDeps } from "./deps";
import { sideOf, type RoomSide } from "./slots";

/** What happened in a room that its people hear of when they are away. */
export const ROOM_ACTIVITIES = ["chat", "slot_proposed", "slot_accepted", "slot_rejected", "slot_confirmed", "status"] as const;
export type RoomActivity = (typeof ROOM_ACTIVITIES)[number];

export type RoomNoticeDeps = Pick<RoomsDeps, "db" | "realtime" | "log" | "mailer" | "presence" | "baseUrl" | "siteName" | "now">;

/**
 * Tells a room's people what someone did in it (a chat message, a slot proposed, answered or confirmed, a new
 * status), when they are not in the room to see it (`presence`). Who acted is not told; an Admin's act is told
 * to both sides. The host gets a bell notification (`episode_room`, leading to /episode-panel/{roomId}); the
 * guest an email, and the bell too when they linked an account; the host an email as well. One email an hour
 * at most per room and person: the right to send is claimed on `episode_room_mail_clock` by one conditional
 * upsert, so events at the same moment send one email. `mail: false` leaves the emails out (the confirmation
 * mail already told them). Called after the change is stored; never throws (a failure is logged).
 *
 * The chat's operation calls it after storing a message (`"chat"`), the admin tab after a status change.
 */
export async function tellRoomActivity(
  deps: RoomNoticeDeps,
  roomId: string,
  kind: RoomActivity,
  by: RoomRole,
  options: { mail?: boolean } = {},
): Promise<void> {
  try {
    const [room] = await deps.db.select().from(episodeRooms).where(eq(episodeRooms.id, roomId)).limit(1);
    if (!room) return;
    const sides: RoomSide[] = by === "admin" ? ["host", "guest"] : [sideOf(by) === "host" ? "guest" : "host"];
    const now = deps.now();
    for (const side of sides) {
      if (deps.presence.isPresent(roomId, side)) continue;
      // The guest's access ends with publishing: from then on only the news of it reaches them.
      if (side === "guest" && room.status === "published" && kind !== "status") continue;
      const userId = side === "host" ? room.hostId : room.guestUserId;
      if (userId) {
        await notify(deps, [
          {
            userId,
            type: "episode_room",
            actorId: by === "guest" ? room.guestUserId : null,
            data: { roomId, title: room.title, kind, status: room.status },
            createdAt: now,
          },
        ]);
      }
      if (options.mail === false) continue;
      const to = side === "host" ? await hostRecipient(deps, room) : guestRecipient(room);
      if (!to || !(await claimMailTurn(deps, roomId, side, now))) continue;
      const t = translator(to.locale, "mail");
      const template = "rooms.notify";
      const rendered = renderEmail(
        {
          template,
          title: room.title,
          what: t(`rooms.notify.what.${kind}`, { status: t(`rooms.notify.status.${room.status}`) }),
          url: roomUrl(deps, to.locale, roomId),
        },
        to.locale,
        deps.siteName,
      );
      await deps.mailer.send({ template, locale: to.locale, to: to.email, ...rendered });
    }
  } catch (err) {
    deps.log.warn("room notice not sent", { err, roomId, kind });
  }
}

/**
 * Claims the right to email one side of a room now: true when nothing was sent to them in the last hour (and
 * records the send), false otherwise. One statement, so of two claims at once only one wins.
 */
export async function claimMailTurn(deps: Pick<RoomsDeps, "db">, roomId: string, recipient: RoomSide, now: Date): Promise<boolean> {
  const rows = await deps.db
    .insert(episodeRoomMailClock)
    .values({ roomId, recipient, lastSentAt: now })
    .onConflictDoUpdate({
      target: [episodeRoomMailClock.roomId, episodeRoomMailClock.recipient],
      set: { lastSentAt: now },
      setWhere: lte(episodeRoomMailClock.lastSentAt, new Date(now.getTime() - ROOM_MAIL_INTERVAL_MS)),
    })
    .returning({ roomId: episodeRoomMailClock.roomId });
  return rows.length > 0;
}
