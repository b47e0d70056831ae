import { describe, expect, it } from "vitest";
import { checkFormGuard, FORM_TICKET_MAX_AGE_SECONDS, issueFormTicket } from "./form-guard";

const secret = "s".repeat(32);
const served = new Date("2026-12-07T10:00:00Z");
const after = (seconds: number) => new Date(served.getTime() + seconds * 1000);
const ticket = issueFormTicket(secret, "contact", served);
const check = (over: Partial<Parameters<typeof checkFormGuard>[0]>) =>
  checkFormGuard({ secret, form: "contact", now: after(10), minSeconds: 3, ticket, honeypot: "", ...over });

describe("the form guard", () => {
  it("lets a person through who took longer than the minimum", () => {
    expect(check({})).toBe("ok");
    expect(check({ honeypot: undefined })).toBe("ok");
  });

  it("refuses a filled honeypot, even with a good ticket", () => {
    expect(check({ honeypot: "https://spam.example" })).toBe("form.refused");
  });

  it("refuses a send faster than the minimum time", () => {
    expect(check({ now: after(2) })).toBe("form.too_fast");
    expect(check({ now: after(3) })).toBe("ok");
  });

  it("asks for a fresh send after the ticket's age", () => {
    expect(check({ now: after(FORM_TICKET_MAX_AGE_SECONDS + 1) })).toBe("form.expired");
  });

  it("refuses a missing, forged or other form's ticket", () => {
    expect(check({ ticket: undefined })).toBe("form.refused");
    expect(check({ ticket: "123" })).toBe("form.refused");
    const older = String(served.getTime() - 60_000);
    expect(check({ ticket: `${older}.${ticket.split(".")[1]}` })).toBe("form.refused");
    expect(check({ ticket: issueFormTicket("other-secret-other-secret-other!!", "contact", served) })).toBe("form.refused");
    expect(check({ form: "job-application" })).toBe("form.refused");
    expect(check({ ticket: "x".repeat(500) })).toBe("form.refused");
  });
});
