import { describe, expect, it } from "vitest";
import { testActor } from "#tests/support/actors";
import { DomainError } from "#server/modules/errors";
import { assertCan, can, SITE_ACTIONS, siteAdminAbilities } from "./policy";

const admin = testActor({ userId: "ad", profileRole: null, roles: ["Admin"] });
const moderator = testActor({ userId: "mo", profileRole: null, roles: ["Moderator"] });
const creator = testActor({ userId: "cr", profileRole: "creator" });
const company = testActor({ userId: "co", profileRole: "company", company: { slug: "co", companyName: "Co", verified: true } });

const codeOf = (fn: () => void) => {
  try {
    fn();
    return "allowed";
  } catch (e) {
    return e instanceof DomainError ? e.code : String(e);
  }
};

const ANNOUNCEMENT_AND_TRANSLATION_ACTIONS = [
  "announcement.list",
  "announcement.create",
  "announcement.update",
  "announcement.delete",
  "i18n_missing.read",
  "i18n_missing.clear",
] as const;

describe("site policy", () => {
  it("declares one action per verb for announcements and missing translations", () => {
    for (const action of ANNOUNCEMENT_AND_TRANSLATION_ACTIONS) expect(SITE_ACTIONS).toContain(action);
  });

  it("gives announcements and the missing translations to Admins only", () => {
    for (const action of ANNOUNCEMENT_AND_TRANSLATION_ACTIONS) {
      expect(can(admin, action)).toBe(true);
      for (const who of [moderator, creator, company]) expect(can(who, action)).toBe(false);
      expect(can(null, action)).toBe(false);
    }
  });

  it("explains a refusal: a visitor must sign in, anyone else is forbidden", () => {
    expect(codeOf(() => assertCan(null, "announcement.create"))).toBe("auth.unauthenticated");
    expect(codeOf(() => assertCan(moderator, "announcement.delete"))).toBe("auth.forbidden");
    expect(codeOf(() => assertCan(admin, "i18n_missing.clear"))).toBe("allowed");
  });

  it("computes what the admin screens may offer from the same rules", () => {
    expect(siteAdminAbilities(admin)).toEqual({
      createAnnouncement: true,
      updateAnnouncement: true,
      deleteAnnouncement: true,
      clearMissingTranslations: true,
    });
    expect(Object.values(siteAdminAbilities(moderator)).some(Boolean)).toBe(false);
  });
});
