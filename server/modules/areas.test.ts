import { describe, expect, it } from "vitest";
import { AREAS } from "./areas";
import { ERROR_TABLES, SHARED_ERRORS } from "./errors";

describe("the list of areas", () => {
  it("names each area once", () => {
    const names = AREAS.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has every area's error table among the tables the status lookup reads, and no table of no area", () => {
    const declared = AREAS.map((a) => a.errors);
    for (const area of AREAS) expect(ERROR_TABLES, area.name).toContain(area.errors);
    expect(ERROR_TABLES.filter((table) => table !== SHARED_ERRORS && !declared.includes(table))).toEqual([]);
  });

  it("gives the capability table and the policy coverage test every area with rules", () => {
    const withRules = AREAS.flatMap((a) => ("policy" in a && a.policy ? [a.name] : []));
    expect(withRules).toEqual([
      "accounts",
      "forum",
      "gamification",
      "character",
      "notifications",
      "site",
      "campaigns",
      "promotions",
      "content",
      "rooms",
      "jobBoard",
      "contact",
    ]);
  });

  it("gives each search section its own id", () => {
    const ids = AREAS.flatMap((a) => ("search" in a && a.search ? a.search.map((p) => p.id) : []));
    expect(ids).toEqual(["threads", "posts", "campaigns", "featured", "videos", "podcast", "jobs"]);
  });
});
