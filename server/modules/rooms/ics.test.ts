import { describe, expect, it } from "vitest";
import { calendarInvite, escapeText, foldLine, icsDateTime } from "./ics";

/** Unfolds an iCalendar text into its content lines (RFC 5545 §3.1), checking every physical line on the way. */
function icsLines(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
  }
  const out: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ")) out[out.length - 1] += line.slice(1);
    else out.push(line);
  }
  return out;
}

const invite = {
  slotId: "8a6c2f8e-3b1e-4c55-9a59-0d7f6c1e2b3a",
  siteHost: "nexoindie.example",
  startsAt: new Date("2026-05-04T16:00:00Z"),
  minutes: 90,
  summary: "Episode 12; pixels, shaders \\ and more",
  description: "Open the room:\nhttps://nexoindie.example/en/episode-panel/x",
  url: "https://nexoindie.example/en/episode-panel/x",
  organizer: { name: "host_ana", email: "ana@example.com" },
  attendees: [
    { name: "host_ana", email: "ana@example.com" },
    { name: 'Lucía "Luz" Pérez', email: "lucia@example.com" },
  ],
  now: new Date("2026-05-01T10:20:30.456Z"),
};

describe("the calendar invitation", () => {
  it("is a VCALENDAR with one VEVENT, in UTC, as a request", () => {
    const lines = icsLines(calendarInvite(invite));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("METHOD:REQUEST");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain(`UID:${invite.slotId}@nexoindie.example`);
    expect(lines).toContain("DTSTAMP:20260501T102030Z");
    expect(lines).toContain("DTSTART:20260504T160000Z");
    expect(lines).toContain("DTEND:20260504T173000Z");
    expect(lines).toContain("SUMMARY:Episode 12\\; pixels\\, shaders \\\\ and more");
    expect(lines).toContain("DESCRIPTION:Open the room:\\nhttps://nexoindie.example/en/episode-panel/x");
    expect(lines).toContain('ORGANIZER;CN="host_ana":mailto:ana@example.com');
    expect(lines.filter((l) => l.startsWith("ATTENDEE;"))).toEqual([
      'ATTENDEE;CN="host_ana";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ana@example.com',
      'ATTENDEE;CN="Lucía Luz Pérez";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:lucia@example.com',
    ]);
    // Every property line is NAME[;params]:value.
    for (const line of lines) expect(line).toMatch(/^[A-Z-]+[;:]/);
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = `SUMMARY:${"ñ".repeat(100)}`;
    const folded = foldLine(long);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const p of parts) expect(Buffer.byteLength(p, "utf8")).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(
      parts[0] +
        parts
          .slice(1)
          .map((p) => p.slice(1))
          .join(""),
    ).toBe(long);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
    const text = calendarInvite({ ...invite, description: "word ".repeat(60) });
    expect(icsLines(text).find((l) => l.startsWith("DESCRIPTION:"))).toBe(`DESCRIPTION:${"word ".repeat(60)}`);
  });

  it("escapes text and writes UTC times", () => {
    expect(escapeText("a,b;c\\d\r\ne\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    expect(icsDateTime(new Date("2026-12-31T23:59:59.999Z"))).toBe("20261231T235959Z");
  });
});
