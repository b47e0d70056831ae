import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, CAMPAIGNS_ACTIONS, requestAbility } from "./policy";

const company = testActor({ userId: "co", profileRole: "company", company: { slug: "co", companyName: "Co", verified: true } });
const pending = testActor({ userId: "pc", profileRole: "company", company: { slug: "pc", companyName: "Pc", verified: false } });
const creator = testActor({ userId: "cr", profileRole: "creator" });
const unconfirmed = testActor({ userId: "un", profileRole: "creator", emailVerified: false });
const player = testActor({ userId: "pl", profileRole: null });
const moderator = testActor({ userId: "mo", profileRole: null, roles: ["Moderator"] });

const codeOf = (fn: () => void) => {
  try {
    fn();
    return "allowed";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

describe("campaigns policy", () => {
  it("gives company actions to a verified company, on its own things only", () => {
    for (const action of ["game.manage", "campaign.manage", "keys.manage", "request.decide", "keys.trace"] as const) {
      expect(can(company, action)).toBe(true);
      expect(can(company, action, { companyId: "co" })).toBe(true);
      expect(can(company, action, { companyId: "other" })).toBe(false);
      expect(can(pending, action)).toBe(false);
      expect(can(creator, action)).toBe(false);
      expect(can(moderator, action)).toBe(false);
      expect(can(null, action)).toBe(false);
    }
    expect(codeOf(() => assertCan(pending, "campaign.manage"))).toBe("company.pending");
    expect(codeOf(() => assertCan(null, "campaign.manage"))).toBe("auth.unauthenticated");
  });

  it("gives creator actions to a confirmed creator on their own things; tells others why they cannot request", () => {
    for (const action of ["channels.manage", "campaign.request", "key.reveal", "coverage.manage"] as const) {
      expect(can(creator, action)).toBe(true);
      expect(can(creator, action, { creatorId: "someone-else" })).toBe(false);
      expect(can(company, action)).toBe(false);
      expect(can(unconfirmed, action)).toBe(false);
    }
    expect(requestAbility(creator)).toEqual({ request: true, reason: null });
    expect(requestAbility(null)).toEqual({ request: false, reason: "errors:auth.unauthenticated" });
    expect(requestAbility(company)).toEqual({ request: false, reason: "errors:campaigns.company_cannot_request" });
    expect(requestAbility(pending)).toEqual({ request: false, reason: "errors:campaigns.company_cannot_request" });
    expect(requestAbility(unconfirmed)).toEqual({ request: false, reason: "errors:auth.email_unverified" });
    expect(requestAbility(player)).toEqual({ request: false, reason: "errors:campaigns.creators_only" });
  });

  it("gives the team's tabs to Moderators and Admins only", () => {
    for (const action of ["campaign.list_all", "campaign.admin_pause", "creator.list", "creator.review"] as const) {
      expect(can(moderator, action)).toBe(true);
      expect(can(testActor({ roles: ["Admin"] }), action)).toBe(true);
      expect(can(company, action)).toBe(false);
      expect(can(creator, action)).toBe(false);
    }
    expect(new Set(CAMPAIGNS_ACTIONS).size).toBe(CAMPAIGNS_ACTIONS.length);
  });
});
