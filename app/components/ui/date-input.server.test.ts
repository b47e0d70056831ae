import { describe, expect, it } from "vitest";
import { datePartsSchema, readDateFilter, readDateInput } from "./date-input.server";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return "no error";
  } catch (err) {
    return (err as { details: { fieldErrors: Record<string, string> } }).details.fieldErrors.until;
  }
};

describe("date input (server side)", () => {
  it("turns day, month and year into a YYYY-MM-DD day", () => {
    expect(readDateInput(form({ "until-day": "7", "until-month": "3", "until-year": "2027" }), "until")).toBe("2027-03-07");
    expect(readDateInput(form({ "until-day": " 29 ", "until-month": "02", "until-year": "2028" }), "until")).toBe("2028-02-29");
  });

  it("refuses days that do not exist, half-filled dates and junk, with a message key for the field", () => {
    expect(codeOf(() => readDateInput(form({ "until-day": "31", "until-month": "2", "until-year": "2027" }), "until"))).toBe(
      "errors:input.date_invalid",
    );
    expect(codeOf(() => readDateInput(form({ "until-day": "29", "until-month": "2", "until-year": "2027" }), "until"))).toBe(
      "errors:input.date_invalid",
    );
    expect(codeOf(() => readDateInput(form({ "until-day": "1", "until-month": "13", "until-year": "2027" }), "until"))).toBe(
      "errors:input.date_invalid",
    );
    expect(codeOf(() => readDateInput(form({ "until-day": "1", "until-month": "1", "until-year": "27" }), "until"))).toBe(
      "errors:input.date_invalid",
    );
    expect(codeOf(() => readDateInput(form({ "until-day": "x", "until-month": "1", "until-year": "2027" }), "until"))).toBe(
      "errors:input.date_invalid",
    );
    expect(codeOf(() => readDateInput(form({ "until-day": "1", "until-month": "", "until-year": "2027" }), "until"))).toBe(
      "errors:input.date_incomplete",
    );
    expect(codeOf(() => readDateInput(form({ until: "tomorrow" }), "until"))).toBe("errors:input.date_invalid");
    expect(codeOf(() => readDateInput(form({ until: "2027-02-31" }), "until"))).toBe("errors:input.date_invalid");
  });

  it("is empty when nothing is typed, unless the date is required", () => {
    expect(readDateInput(form({ "until-day": "", "until-month": "", "until-year": "" }), "until")).toBeNull();
    expect(readDateInput(form({}), "until")).toBeNull();
    expect(codeOf(() => readDateInput(form({}), "until", { required: true }))).toBe("errors:input.date_required");
  });

  it("reads the date field's YYYY-MM-DD", () => {
    expect(readDateInput(new URLSearchParams("until=2026-11-24"), "until")).toBe("2026-11-24");
  });

  it("as a filter, a bad date is no filter and says why", () => {
    expect(readDateFilter(new URLSearchParams("from-day=31&from-month=4&from-year=2026"), "from")).toEqual({
      value: "",
      error: "errors:input.date_invalid",
    });
    expect(readDateFilter(new URLSearchParams("from-day=30&from-month=4&from-year=2026"), "from")).toEqual({
      value: "2026-04-30",
      error: null,
    });
  });

  it("is a zod schema the refusal comes from", () => {
    expect(datePartsSchema.safeParse({ day: "1", month: "1", year: "2026" })).toMatchObject({ success: true, data: "2026-01-01" });
    expect(datePartsSchema.safeParse({ day: "0", month: "1", year: "2026" }).success).toBe(false);
  });
});
