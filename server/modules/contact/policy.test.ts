import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, CONTACT_ACTIONS, contactAbilities } from "./policy";

const admin = testActor({ roles: ["Admin"] });
const moderator = testActor({ roles: ["Moderator"] });
const creator = testActor();
const company = testActor({ profileRole: "company", company: { slug: "s", companyName: "S", verified: true } });
const TEAM = CONTACT_ACTIONS.filter((a) => a !== "contact_message.send");

describe("contact policy", () => {
  it("lets anyone send a message, signed in or not", () => {
    for (const actor of [null, creator, company, moderator, admin]) expect(can(actor, "contact_message.send")).toBe(true);
  });

  it("gives every team action to Admins and Moderators, and to nobody else", () => {
    for (const action of TEAM) {
      expect(can(admin, action), action).toBe(true);
      expect(can(moderator, action), action).toBe(true);
      expect(can(creator, action), action).toBe(false);
      expect(can(company, action), action).toBe(false);
      expect(can(null, action), action).toBe(false);
    }
  });

  it("explains a refusal: a visitor must sign in, anyone else is forbidden", () => {
    const code = (fn: () => void) => {
      try {
        fn();
        return "ok";
      } catch (err) {
        return (err as DomainError).code;
      }
    };
    for (const action of TEAM) {
      expect(code(() => assertCan(null, action))).toBe("auth.unauthenticated");
      expect(code(() => assertCan(creator, action))).toBe("auth.forbidden");
      expect(code(() => assertCan(moderator, action))).toBe("ok");
    }
  });

  it("offers the tab's buttons from the same rules", () => {
    expect(contactAbilities(moderator)).toEqual({ list: true, mark: true, archive: true, reply: true });
    expect(contactAbilities(creator)).toEqual({ list: false, mark: false, archive: false, reply: false });
  });
});
