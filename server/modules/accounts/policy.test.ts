import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { assertCan, can } from "./policy";

/** Who may do what in accounts: the rules every operation calls. */
describe("accounts policy", () => {
  const creator = testActor();
  const unverified = testActor({ emailVerified: false });
  const pending = testActor({ profileRole: "company", company: { slug: "s", companyName: "S", verified: false } });
  const company = testActor({ profileRole: "company", company: { slug: "s", companyName: "S", verified: true } });
  const moderator = testActor({ roles: ["Moderator"] });
  const admin = testActor({ roles: ["Admin"] });

  it("lets only confirmed accounts and verified companies submit content, and says why", () => {
    expect([creator, company, moderator, admin].every((a) => can(a, "content.submit"))).toBe(true);
    expect(can(null, "content.submit")).toBe(false);
    expect(() => assertCan(null, "content.submit")).toThrow(expect.objectContaining({ code: "auth.unauthenticated" }));
    expect(() => assertCan(unverified, "content.submit")).toThrow(expect.objectContaining({ code: "auth.email_unverified" }));
    expect(() => assertCan(pending, "content.submit")).toThrow(expect.objectContaining({ code: "company.pending" }));
  });

  it("opens the admin panel and company review to staff, mail and Admin grants to Admins", () => {
    for (const action of [
      "admin.panel",
      "audit.read",
      "roles.view",
      "companies.list",
      "companies.review",
      "roles.grant_moderator",
    ] as const) {
      expect(
        [creator, company, pending].some((a) => can(a, action)),
        action,
      ).toBe(false);
      expect(can(moderator, action) && can(admin, action), action).toBe(true);
    }
    for (const action of ["roles.grant_admin", "mail.read", "mail.retry"] as const) {
      expect(can(moderator, action), action).toBe(false);
      expect(can(admin, action), action).toBe(true);
    }
    expect(() => assertCan(moderator, "mail.read")).toThrow(expect.objectContaining({ code: "auth.forbidden" }));
  });
});
