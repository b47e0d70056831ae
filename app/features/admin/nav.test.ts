import { describe, expect, it } from "vitest";
import { isCurrentTab, visibleTabGroups, ADMIN_TABS } from "./nav";

describe("admin navigation", () => {
  it("hides the tabs a Moderator cannot use", () => {
    const mod = visibleTabGroups({ panel: true, rolesView: true, companiesReview: true, auditRead: true, mailRead: false, settingsUpdate: false });
    const paths = mod.flatMap((g) => g.tabs.map((t) => t.to));
    expect(paths).toEqual(["/admin", "/admin/roles", "/admin/companies", "/admin/audit"]);
    const all = visibleTabGroups({ panel: true, rolesView: true, companiesReview: true, auditRead: true, mailRead: true, settingsUpdate: true });
    expect(all.flatMap((g) => g.tabs)).toHaveLength(ADMIN_TABS.length);
    expect(all.map((g) => g.group)).toEqual(["overview", "people", "site"]);
  });

  it("marks the current tab; the quick view only on its own path", () => {
    const [quick, roles] = ADMIN_TABS;
    expect(isCurrentTab(quick, "/admin")).toBe(true);
    expect(isCurrentTab(quick, "/admin/roles")).toBe(false);
    expect(isCurrentTab(roles, "/admin/roles")).toBe(true);
    expect(isCurrentTab(roles, "/admin/rolesx")).toBe(false);
  });
});
