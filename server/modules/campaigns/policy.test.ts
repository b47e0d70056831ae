import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, campaignAbilities, can, CAMPAIGNS_ACTIONS, channelAbilities, requestAbility } from "./policy";

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
    for (const action of [
      "game.view",
      "game.create",
      "game.update",
      "campaign.view",
      "campaign.create",
      "campaign.update",
      "campaign.set_status",
      "keys.upload",
      "keys.revoke",
      "keys.export",
      "request.decide",
      "keys.trace",
    ] as const) {
      expect(can(company, action)).toBe(true);
      expect(can(company, action, { companyId: "co" })).toBe(true);
      expect(can(company, action, { companyId: "other" })).toBe(false);
      expect(can(pending, action)).toBe(false);
      expect(can(creator, action)).toBe(false);
      expect(can(moderator, action)).toBe(false);
      expect(can(null, action)).toBe(false);
    }
    for (const action of ["game.create", "campaign.set_status", "keys.upload", "keys.revoke", "keys.export"] as const) {
      expect(
        codeOf(() => assertCan(pending, action)),
        action,
      ).toBe("company.pending");
      expect(
        codeOf(() => assertCan(null, action)),
        action,
      ).toBe("auth.unauthenticated");
      expect(
        codeOf(() => assertCan(creator, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(company, action, { companyId: "other" })),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(company, action, { companyId: "co" })),
        action,
      ).toBe("allowed");
    }
  });

  it("gives creator actions to a confirmed creator on their own things; tells others why they cannot request", () => {
    for (const action of [
      "channels.view",
      "channels.save",
      "channels.verify",
      "campaign.request",
      "key.list",
      "key.reveal",
      "coverage.add",
      "coverage.remove",
    ] as const) {
      expect(can(creator, action)).toBe(true);
      expect(can(creator, action, { creatorId: "someone-else" })).toBe(false);
      expect(can(company, action)).toBe(false);
      expect(can(unconfirmed, action)).toBe(false);
      expect(can(player, action)).toBe(false);
      expect(can(moderator, action)).toBe(false);
    }
    expect(channelAbilities(creator)).toEqual({ view: true, save: true, verify: true });
    expect(channelAbilities(player)).toEqual({ view: false, save: false, verify: false });
    for (const action of ["channels.view", "channels.save", "key.list", "coverage.add", "coverage.remove"] as const) {
      expect(
        codeOf(() => assertCan(null, action)),
        action,
      ).toBe("auth.unauthenticated");
      expect(
        codeOf(() => assertCan(company, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(moderator, action)),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(creator, action, { creatorId: "someone-else" })),
        action,
      ).toBe("auth.forbidden");
      expect(
        codeOf(() => assertCan(creator, action, { creatorId: "cr" })),
        action,
      ).toBe("allowed");
    }
    expect(codeOf(() => assertCan(null, "channels.verify"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(company, "channels.verify"))).toBe("auth.forbidden");
    expect(requestAbility(creator)).toEqual({ request: true, reason: null });
    expect(requestAbility(null)).toEqual({ request: false, reason: "errors:auth.unauthenticated" });
    expect(requestAbility(company)).toEqual({ request: false, reason: "errors:campaigns.company_cannot_request" });
    expect(requestAbility(pending)).toEqual({ request: false, reason: "errors:campaigns.company_cannot_request" });
    expect(requestAbility(unconfirmed)).toEqual({ request: false, reason: "errors:auth.email_unverified" });
    expect(requestAbility(player)).toEqual({ request: false, reason: "errors:campaigns.creators_only" });
  });

  it("offers approving and adding keys only when the campaign's state allows them", () => {
    const state = (status: "draft" | "active" | "paused" | "finished", pausedByAdmin = false) => ({
      companyId: "co",
      status,
      pausedByAdmin,
      pauseReason: pausedByAdmin ? "Checking keys" : null,
    });
    const of = (c: ReturnType<typeof state>) => {
      const a = campaignAbilities(company, c);
      return { approve: a.approve, addKeys: a.addKeys, decide: a.decide, revokeKeys: a.revokeKeys, exportKeys: a.exportKeys };
    };
    expect(of(state("active"))).toEqual({ approve: true, addKeys: true, decide: true, revokeKeys: true, exportKeys: true });
    // The company's own pause gives out no key but may be restocked.
    expect(of(state("paused"))).toEqual({ approve: false, addKeys: true, decide: true, revokeKeys: true, exportKeys: true });
    // The team's pause: neither, whatever the status; rejecting, revoking and exporting stay.
    expect(of(state("paused", true))).toEqual({ approve: false, addKeys: false, decide: true, revokeKeys: true, exportKeys: true });
    expect(of(state("finished", true))).toEqual({ approve: false, addKeys: false, decide: true, revokeKeys: true, exportKeys: true });
    expect(of(state("finished"))).toEqual({ approve: true, addKeys: false, decide: true, revokeKeys: true, exportKeys: true });
    // Another company's campaign, a pending company, a creator: nothing.
    expect(campaignAbilities(company, { ...state("active"), companyId: "other" })).toMatchObject({ approve: false, addKeys: false });
    for (const who of [pending, creator, moderator, null]) {
      expect(campaignAbilities(who, state("active"))).toMatchObject({ approve: false, addKeys: false, decide: false });
    }
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
