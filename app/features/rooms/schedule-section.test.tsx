import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "#app/i18n/server";
import type { RoomAbilities } from "#server/modules/rooms";
import { ScheduleSection } from "./schedule-section";
import type { ScheduleData } from "./schedule.server";
import { scheduleWeek } from "./week";

const abilities = (over: Partial<RoomAbilities> = {}) => ({ propose: true, answer: true, confirmSlot: true, ...over }) as RoomAbilities;

function data(locale: "es" | "en", over: Partial<ScheduleData> = {}): ScheduleData {
  return {
    slots: [
      // 16:00 UTC: 18:00 in Madrid, 10:00 in Mexico City.
      {
        id: "s1",
        startsAt: "2026-07-07T16:00:00.000Z",
        minutes: 60,
        status: "proposed",
        proposedBy: "guest",
        proposedBySide: "guest",
        decidedAt: null,
      },
      {
        id: "s2",
        startsAt: "2026-07-08T16:00:00.000Z",
        minutes: 90,
        status: "accepted",
        proposedBy: "host",
        proposedBySide: "host",
        decidedAt: null,
      },
      {
        id: "s3",
        startsAt: "2026-07-09T16:00:00.000Z",
        minutes: 30,
        status: "proposed",
        proposedBy: "host",
        proposedBySide: "host",
        decidedAt: null,
      },
    ],
    hostTimeZone: "Europe/Madrid",
    guestTimeZone: "America/Mexico_City",
    hostName: "host_ana",
    guestName: "Lucía",
    role: "host",
    side: "host",
    viewerTimeZone: "Europe/Madrid",
    otherTimeZone: "America/Mexico_City",
    otherName: "Lucía",
    week: scheduleWeek("2026-07-08", "2026-07-01", locale),
    locale,
    timeZones: ["America/Mexico_City", "Europe/Madrid", "UTC"],
    ...over,
  };
}

function render(d: ScheduleData, a = abilities()) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <ScheduleSection data={d} abilities={a} roomId="r1" /> }]);
  return renderToString(
    <I18nextProvider i18n={serverI18n(d.locale)}>
      <Stub initialEntries={["/"]} />
    </I18nextProvider>,
  );
}

describe("the schedule section", () => {
  it("draws the week from Monday in Spanish and from Sunday in English, with links to the weeks around it", () => {
    const es = render(data("es"));
    expect(es.indexOf("lun")).toBeLessThan(es.indexOf("dom"));
    expect(es).toContain('href="?week=2026-06-29#schedule"');
    expect(es).toContain('href="?week=2026-07-13#schedule"');
    const en = render(data("en"));
    expect(en.indexOf("Sun")).toBeLessThan(en.indexOf("Mon"));
    expect(en).toContain('href="?week=2026-06-28#schedule"');
  });

  it("gives each slot in the viewer's time and the other person's, with its state in words", () => {
    const html = render(data("en")).replace(/<!-- -->/g, "");
    expect(html).toContain("18:00–19:00 your time");
    expect(html).toContain("10:00 for Lucía (America/Mexico_City)");
    expect(html).toContain("Proposed");
    expect(html).toContain("Accepted");
  });

  it("offers answers only on the other side's proposals, and confirming to the host", () => {
    const host = render(data("en"));
    expect(host.match(/value="slot-accept"/g)).toHaveLength(1);
    expect(host.match(/value="slot-confirm"/g)).toHaveLength(1);
    const guest = render(
      data("en", {
        role: "guest",
        side: "guest",
        viewerTimeZone: "America/Mexico_City",
        otherTimeZone: "Europe/Madrid",
        otherName: "host_ana",
      }),
      abilities({ confirmSlot: false }),
    ).replace(/<!-- -->/g, "");
    expect(guest.match(/value="slot-accept"/g)).toHaveLength(1);
    expect(guest).not.toContain('value="slot-confirm"');
    expect(guest).toContain("10:00–11:00 your time");
    expect(guest).toContain("18:00 for host_ana (Europe/Madrid)");
  });
});
