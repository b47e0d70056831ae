/**
 * The calendar invitation of a confirmed recording slot: one RFC 5545 VCALENDAR with one VEVENT, sent as an
 * attachment (and understood by calendar apps as an invitation: METHOD:REQUEST). Times are in UTC, lines end in
 * CRLF and are folded at 75 octets, text values are escaped.
 */
export type CalendarInvite = {
  /** The slot's id; with the site's host it makes the event's UID, so a second mail updates the same event. */
  slotId: string;
  siteHost: string;
  startsAt: Date;
  minutes: number;
  /** The room's title. */
  summary: string;
  description: string;
  /** The room's address. */
  url: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  /** When the invitation is made (DTSTAMP). */
  now: Date;
  /** Bumped when the same event is sent again changed. */
  sequence?: number;
};

/** `20260504T160000Z`: a UTC date-time as RFC 5545 writes it. */
export const icsDateTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");

/** A parameter value (a CN): quoted, without the characters a quoted parameter cannot hold. */
const paramValue = (value: string) => `"${[...value].filter((c) => c !== '"' && c !== "\\" && c.charCodeAt(0) >= 0x20).join("")}"`;

/**
 * Folds one content line at 75 octets (RFC 5545 §3.1): the rest continues on lines that begin with a space.
 * Never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = 75;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

/** The invitation's text (`text/calendar`), every line ended by CRLF. */
export function calendarInvite(invite: CalendarInvite): string {
  const end = new Date(invite.startsAt.getTime() + invite.minutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(invite.siteHost)}//Episode rooms//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:REQUEST",
    "BEGIN:VEVENT",
    `UID:${invite.slotId}@${invite.siteHost}`,
    `DTSTAMP:${icsDateTime(invite.now)}`,
    `DTSTART:${icsDateTime(invite.startsAt)}`,
    `DTEND:${icsDateTime(end)}`,
    `SEQUENCE:${invite.sequence ?? 0}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `URL:${invite.url}`,
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...invite.attendees.map(
      (a) => `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`,
    ),
    "STATUS:CONFIRMED",
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The attachment's MIME type, with the method calendar apps look for. */
export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8; method=REQUEST";
