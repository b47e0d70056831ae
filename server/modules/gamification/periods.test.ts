import { describe, expect, it } from "vitest";
import { monthStart, utcDay, weekStart } from "./periods";

describe("gamification periods (UTC)", () => {
  it("starts the week on Monday (ISO), whatever the day", () => {
    expect(weekStart(new Date("2026-05-18T00:00:00Z"))).toBe("2026-05-18"); // Monday
    expect(weekStart(new Date("2026-05-24T23:59:59.999Z"))).toBe("2026-05-18"); // Sunday night
    expect(weekStart(new Date("2026-05-25T00:00:00Z"))).toBe("2026-05-25"); // next Monday
    expect(weekStart(new Date("2026-01-01T12:00:00Z"))).toBe("2025-12-29"); // across a year
  });

  it("starts the month on its first UTC day, and the day at UTC midnight", () => {
    expect(monthStart(new Date("2026-05-31T23:59:59.999Z"))).toBe("2026-05-01");
    expect(monthStart(new Date("2026-06-01T00:00:00Z"))).toBe("2026-06-01");
    expect(utcDay(new Date("2026-05-20T23:30:00-02:00"))).toEqual({
      start: new Date("2026-05-21T00:00:00Z"),
      end: new Date("2026-05-22T00:00:00Z"),
    });
  });
});
