import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { assertCan, can, CONTENT_ACTIONS, contentAbilities } from "./policy";

describe("content policy", () => {
  const admin = testActor({ roles: ["Admin"] });
  const moderator = testActor({ roles: ["Moderator"] });
  const member = testActor();
  const company = testActor({ profileRole: "company", company: { slug: "s", companyName: "S", verified: true } });

  it("lets only Admins do anything on the content and collaborators tabs", () => {
    for (const action of CONTENT_ACTIONS) {
      expect(can(admin, action), action).toBe(true);
      for (const who of [null, member, company, moderator]) expect(can(who, action), action).toBe(false);
    }
  });

  it("tells a visitor to sign in and anyone else that it is forbidden", () => {
    expect(() => assertCan(null, "content.create")).toThrow(expect.objectContaining({ code: "auth.unauthenticated" }));
    expect(() => assertCan(moderator, "collaborator.delete")).toThrow(expect.objectContaining({ code: "auth.forbidden" }));
    expect(() => assertCan(admin, "content.publish")).not.toThrow();
  });

  it("offers the tabs' controls from the same rules", () => {
    expect(Object.values(contentAbilities(admin)).every(Boolean)).toBe(true);
    expect(Object.values(contentAbilities(moderator)).some(Boolean)).toBe(false);
  });
});
