import { describe, expect, it } from "vitest";
import { avatarInitial, campaignsPathFor, currentView, headerLinks, isActivePath, isGuardedPath, viewLinks } from "./nav";

describe("header rules (SPEC §2)", () => {
  it("highlights the link whose path equals or prefixes the current path", () => {
    expect(isActivePath("/campaigns", "/campaigns")).toBe(true);
    expect(isActivePath("/campaigns", "/campaigns/42")).toBe(true);
    expect(isActivePath("/campaigns", "/campaignsx")).toBe(false);
    expect(isActivePath("/contact", "/")).toBe(false);
    expect(isActivePath("/", "/about")).toBe(false);
  });

  it("shows the community link only when the forum is on", () => {
    expect(headerLinks(false).map((l) => l.to)).toEqual(["/campaigns", "/featured-games", "/collaborate", "/contact"]);
    expect(headerLinks(true).map((l) => l.to)).toContain("/community");
  });

  it("chooses the view from the path, then the profile role", () => {
    expect(currentView("/company/games", "creator")).toBe("company");
    expect(currentView("/creator/onboarding", "company")).toBe("creator");
    expect(currentView("/campaigns/3", "company")).toBe("creator");
    expect(currentView("/about", "company")).toBe("company");
    expect(currentView("/about", "creator")).toBe("creator");
    expect(currentView("/about", null)).toBe("creator");
    expect(currentView("/companyx", null)).toBe("creator");
  });

  it("groups the view links", () => {
    expect(viewLinks("company", true).map((l) => l.to)).toEqual(["/company/games", "/company/campaigns"]);
    expect(viewLinks("creator", true).map((l) => l.to)).toEqual(["/campaigns", "/community"]);
    expect(viewLinks("creator", false).map((l) => l.to)).toEqual(["/campaigns"]);
  });

  it("sends a company's campaigns link to /company/campaigns", () => {
    expect(campaignsPathFor("company")).toBe("/company/campaigns");
    expect(campaignsPathFor("creator")).toBe("/campaigns");
  });

  it("falls back to the upper-case first letter of the username, else the email", () => {
    expect(avatarInitial("lucia", "x@y.z")).toBe("L");
    expect(avatarInitial(null, "maya@y.z")).toBe("M");
    expect(avatarInitial("  ", "ñu@y.z")).toBe("Ñ");
  });
});

describe("guarded paths (the full-screen spinner while a session page loads)", () => {
  it("covers the signed-in areas and nothing public", () => {
    for (const p of [
      "/dashboard",
      "/account",
      "/account/security",
      "/admin",
      "/admin/roles",
      "/company/verification",
      "/my-keys",
      "/notifications",
    ])
      expect(isGuardedPath(p), p).toBe(true);
    for (const p of ["/", "/about", "/u/lucia", "/company/estudio-brisa", "/auth/login", "/accounts", "/notificationsx"])
      expect(isGuardedPath(p), p).toBe(false);
  });
});
