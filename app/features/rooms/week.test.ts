import { describe, expect, it } from "vitest";
import { zonedToUtc, dayInZone, timeInZone } from "#shared/room-time";
import { scheduleWeek } from "./week";

describe("the schedule's week", () => {
  // 2026-05-06 is a Wednesday.
  it("starts on Monday in Spanish and on Sunday in English", () => {
    expect(scheduleWeek(null, "2026-05-06", "es")).toEqual({
      start: "2026-05-04",
      days: ["2026-05-04", "2026-05-05", "2026-05-06", "2026-05-07", "2026-05-08", "2026-05-09", "2026-05-10"],
      prev: "2026-04-27",
      next: "2026-05-11",
      today: "2026-05-06",
    });
    expect(scheduleWeek(null, "2026-05-06", "en").days).toEqual([
      "2026-05-03",
      "2026-05-04",
      "2026-05-05",
      "2026-05-06",
      "2026-05-07",
      "2026-05-08",
      "2026-05-09",
    ]);
    // A Sunday is the last day of the Spanish week and the first of the English one.
    expect(scheduleWeek("2026-05-10", "2026-05-06", "es").start).toBe("2026-05-04");
    expect(scheduleWeek("2026-05-10", "2026-05-06", "en").start).toBe("2026-05-10");
  });

  it("follows ?week= across months and years, and ignores a malformed one", () => {
    expect(scheduleWeek("2026-12-31", "2026-05-06", "es")).toMatchObject({ start: "2026-12-28", next: "2027-01-04" });
    expect(scheduleWeek("2026-02-30", "2026-05-06", "en").start).toBe("2026-05-03");
    expect(scheduleWeek("next", "2026-05-06", "en").start).toBe("2026-05-03");
  });
});

describe("times in a zone", () => {
  it("reads a day and time typed in a zone as the right instant, summer and winter", () => {
    expect(zonedToUtc("2026-07-01", "18:00", "Europe/Madrid")?.toISOString()).toBe("2026-07-01T16:00:00.000Z");
    expect(zonedToUtc("2026-01-15", "18:00", "Europe/Madrid")?.toISOString()).toBe("2026-01-15T17:00:00.000Z");
    expect(zonedToUtc("2026-07-01", "11:00", "America/Mexico_City")?.toISOString()).toBe("2026-07-01T17:00:00.000Z");
    expect(zonedToUtc("2026-02-30", "11:00", "UTC")).toBeNull();
    const at = new Date("2026-07-01T23:30:00Z");
    expect([dayInZone(at, "Europe/Madrid"), timeInZone(at, "Europe/Madrid")]).toEqual(["2026-07-02", "01:30"]);
  });
});
