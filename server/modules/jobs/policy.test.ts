import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, JOBS_ACTIONS, jobsTeamAbilities } from "./policy";

const admin = testActor({ roles: ["Admin"], profileRole: null });
const moderator = testActor({ roles: ["Moderator"], profileRole: null });
const creator = testActor({ profileRole: "creator" });
const company = testActor({ profileRole: "company", company: { slug: "co", companyName: "Co", verified: true } });
const member = testActor({ profileRole: null });

const codeOf = (fn: () => void) => {
  try {
    fn();
    return "allowed";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe("jobs policy", () => {
  it("lets anyone apply, a visitor too", () => {
    for (const actor of [null, member, creator, company, moderator, admin]) expect(can(actor, "application.create")).toBe(true);
  });

  it("keeps every other action for Admins", () => {
    const team = JOBS_ACTIONS.filter((a) => a !== "application.create");
    expect(team.length).toBeGreaterThan(5);
    for (const action of team) {
      expect(can(admin, action), action).toBe(true);
      for (const other of [null, member, creator, company, moderator]) expect(can(other, action), action).toBe(false);
    }
  });

  it("explains a refusal: a visitor must sign in, anyone else is forbidden", () => {
    expect(codeOf(() => assertCan(null, "application.resume"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(moderator, "application.resume"))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(company, "job.create"))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(admin, "job.create"))).toBe("allowed");
  });

  it("offers the admin tabs' buttons from the same rules", () => {
    expect(Object.values(jobsTeamAbilities(admin)).every(Boolean)).toBe(true);
    expect(Object.values(jobsTeamAbilities(moderator)).some(Boolean)).toBe(false);
  });
});
