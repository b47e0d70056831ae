import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createCompany } from "#server/db/factories";
import { testDatabase } from "#tests/support/db";
import { RESERVED_COMPANY_SLUGS, uniqueCompanySlug } from "./company-slug";

/**
 * /company/{slug} shares its first segment with the company area's own pages: a company named
 * "Games", "Campaigns" or "Verification" never gets the bare slug, or /company/games would not reach its list.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

describe("company slugs", () => {
  it("skip the company area's own page names", async () => {
    expect([...RESERVED_COMPANY_SLUGS].sort()).toEqual(["campaigns", "games", "verification"]);
    expect(await uniqueCompanySlug(database.db, "Games")).toBe("games-2");
    expect(await uniqueCompanySlug(database.db, "CAMPAIGNS")).toBe("campaigns-2");
    expect(await uniqueCompanySlug(database.db, "Verificatión")).toBe("verification-2");
  });

  it("keep names that only contain a reserved word, and count on past taken slugs", async () => {
    expect(await uniqueCompanySlug(database.db, "Games Forge")).toBe("games-forge");
    await createCompany(database.db, { companyName: "Games Two", slug: "games-2" });
    expect(await uniqueCompanySlug(database.db, "Games")).toBe("games-3");
    // A company keeps its own slug when it is renamed to the same name.
    const own = await createCompany(database.db, { companyName: "Games Three", slug: "games-3" });
    expect(await uniqueCompanySlug(database.db, "Games", own.id)).toBe("games-3");
  });
});
