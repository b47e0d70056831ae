import { and, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { episodeSlots } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import type { MailResult } from "#server/platform/mail";
import { renderEmail } from "#server/platform/mail-render";
import { translator } from "#server/platform/translate";
import { openRoom, type RoomRow } from "./access";
import { parseInput, roomChannel, type RoomViewer, type RoomsDeps } from "./deps";
import { calendarInvite, ICS_CONTENT_TYPE } from "./ics";
import { guestRecipient, hostRecipient, roomUrl, type Recipient } from "./room-mail";
import { tellRoomActivity } from "./room-notices";
import { isUniqueViolation, lockRoom, OPEN_SLOT_STATUSES, slotOf, type SlotRow } from "./slots";

export const confirmSlotInput = z.object({ slotId: z.string() });

/**
 * The host (or an Admin) confirms an accepted slot as the recording time. A room has one confirmed slot: the
 * room's row is locked while it is checked and written, and the partial unique index turns any race left into
 * `rooms.slot_taken`. The room's other open slots become rejected. Then the host and the guest each get a mail
 * in their language with the calendar invitation (.ics) attached.
 */
export async function confirmSlot(deps: RoomsDeps, viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) {
  const { room, member } = await openRoom(deps, viewer, input.roomId, "episode_slot.confirm");
  const data = parseInput(confirmSlotInput, input);
  const now = deps.now();
  let slot: SlotRow;
  try {
    slot = await deps.db.transaction(async (tx) => {
      await lockRoom(tx, room.id);
      const [taken] = await tx
        .select({ id: episodeSlots.id })
        .from(episodeSlots)
        .where(and(eq(episodeSlots.roomId, room.id), eq(episodeSlots.status, "confirmed")))
        .limit(1);
      if (taken) throw new DomainError("rooms.slot_taken");
      const found = await slotOf(tx, room.id, data.slotId);
      if (found.status !== "accepted") throw new DomainError("rooms.slot_state");
      const [confirmed] = await tx
        .update(episodeSlots)
        .set({ status: "confirmed", decidedAt: now })
        .where(and(eq(episodeSlots.id, found.id), eq(episodeSlots.status, "accepted")))
        .returning();
      if (!confirmed) throw new DomainError("rooms.slot_state");
      await tx
        .update(episodeSlots)
        .set({ status: "rejected", decidedAt: now })
        .where(and(eq(episodeSlots.roomId, room.id), ne(episodeSlots.id, found.id), inArray(episodeSlots.status, OPEN_SLOT_STATUSES)));
      return confirmed;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError("rooms.slot_taken");
    throw err;
  }
  await deps.realtime.publish(roomChannel(room.id), { type: "slot.changed", id: slot.id });
  const mails = await sendConfirmationMails(deps, room, slot);
  // The invitation mail told both of them; the bell (and the room's live channel) is enough beside it.
  await tellRoomActivity(deps, room.id, "slot_confirmed", member.role, { mail: false });
  return { id: slot.id, startsAt: slot.startsAt, minutes: slot.minutes, mails };
}

/** "Monday, 4 May 2026, 18:00" in the recipient's language and zone. */
const whenIn = (at: Date, r: Recipient) =>
  new Intl.DateTimeFormat(r.locale === "en" ? "en-US" : "es-ES", { dateStyle: "full", timeStyle: "short", timeZone: r.timeZone }).format(
    at,
  );

/** The confirmation with its calendar invitation, to the host and to the guest; a failure is logged, not thrown. */
async function sendConfirmationMails(deps: RoomsDeps, room: RoomRow, slot: SlotRow) {
  const host = await hostRecipient(deps, room);
  const guest = guestRecipient(room);
  const people = host ? [host, guest] : [guest];
  const results: Record<"host" | "guest", MailResult["status"] | null> = { host: null, guest: null };
  for (const [i, r] of people.entries()) {
    const who = host && i === 0 ? "host" : "guest";
    const url = roomUrl(deps, r.locale, room.id);
    const template = "rooms.schedule.confirmed";
    const rendered = renderEmail(
      {
        template,
        title: room.title,
        when: whenIn(slot.startsAt, r),
        zone: r.timeZone,
        length: translator(r.locale, "mail")("rooms.schedule.minutes", { count: slot.minutes }),
        url,
      },
      r.locale,
      deps.siteName,
    );
    const ics = calendarInvite({
      slotId: slot.id,
      siteHost: new URL(deps.baseUrl).host,
      startsAt: slot.startsAt,
      minutes: slot.minutes,
      summary: room.title,
      description: translator(r.locale, "mail")("rooms.schedule.calendarDescription", { url, site: deps.siteName }),
      url,
      organizer: host ? { name: host.name, email: host.email } : { name: guest.name, email: guest.email },
      attendees: [...(host ? [{ name: host.name, email: host.email }] : []), { name: guest.name, email: guest.email }],
      now: deps.now(),
    });
    try {
      const sent = await deps.mailer.send({
        template,
        locale: r.locale,
        to: r.email,
        ...rendered,
        attachments: [{ filename: "invite.ics", content: ics, contentType: ICS_CONTENT_TYPE }],
      });
      results[who] = sent.status;
    } catch (err) {
      deps.log.error("slot confirmation mail not sent", { err, roomId: room.id, who });
      results[who] = "failed";
    }
  }
  return results;
}
