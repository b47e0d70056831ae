import { describe, expect, it } from "vitest";
import { formatDate, formatRelative, weekdayNames, weekStartsOn } from "./format";

describe("dates in the active language", () => {
  it("starts the week on Monday in Spanish and Sunday in English", () => {
    expect(weekStartsOn("es")).toBe(1);
    expect(weekStartsOn("en")).toBe(0);
    expect(weekdayNames("es", "long")[0]).toBe("lunes");
    expect(weekdayNames("en", "long")[0]).toBe("Sunday");
    expect(weekdayNames("es")).toHaveLength(7);
  });

  it("formats dates through Intl", () => {
    expect(formatDate("2026-11-21", "es")).toBe("21 de noviembre de 2026");
    expect(formatDate("2026-11-21", "en")).toBe("November 21, 2026");
  });

  it("formats relative times", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(formatRelative("2026-11-21T09:00:00Z", "es", now)).toBe("hace 3 horas");
    expect(formatRelative("2026-11-21T09:00:00Z", "en", now)).toBe("3 hours ago");
    expect(formatRelative("2026-11-20T12:00:00Z", "en", now)).toBe("yesterday");
    expect(formatRelative("2026-11-20T12:00:00Z", "es", now)).toBe("ayer");
    expect(formatRelative("2026-11-21T11:59:30Z", "en", now)).toBe("30 seconds ago");
  });
});
