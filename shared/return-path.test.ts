import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { localizedReturnPath, safeReturnPath, type LocalePrefix } from "./return-path";

/** The return path after sign-in never leaves the site, whatever the trick and the language prefix. */
type Corpus = { count: number; groups: Record<string, string[]> };
const corpus = JSON.parse(readFileSync(new URL("../tests/fixtures/redirect-corpus.json", import.meta.url), "utf8")) as Corpus;
const entries = Object.entries(corpus.groups).flatMap(([group, values]) => values.map((value) => ({ group, value })));
const refused = entries.filter((e) => e.group !== "harmless");
const PREFIXES: LocalePrefix[] = ["", "/es", "/en"];
const SITE = "https://nexo.example";

/** Where a browser on the sign-in page would go with this Location. */
function staysOnSite(location: string) {
  expect(location).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  expect(location).not.toMatch(/[\u0000-\u0020\u007f\\]/);
  for (const page of [`${SITE}/`, `${SITE}/en/auth/login`, `${SITE}/es/login?redirectTo=x`]) {
    expect(new URL(location, page).origin).toBe(SITE);
  }
}

describe("the redirect corpus", () => {
  it("holds at least 100 tricks, no duplicates", () => {
    expect(entries.length).toBe(corpus.count);
    expect(entries.length).toBeGreaterThanOrEqual(100);
    expect(new Set(entries.map((e) => e.value)).size).toBe(entries.length);
  });
});

describe("localizedReturnPath", () => {
  it.each(PREFIXES)("keeps every entry on the site (prefix %j)", (prefix) => {
    for (const { value } of entries) staysOnSite(localizedReturnPath(value, prefix));
  });

  it.each(PREFIXES)("falls back to the dashboard for every trick (prefix %j)", (prefix) => {
    const failures = refused
      .map(({ group, value }) => ({ group, value, got: localizedReturnPath(value, prefix) }))
      .filter((r) => r.got !== `${prefix}/dashboard`);
    expect(failures).toEqual([]);
  });

  it("also when the browser would drop tabs and newlines first (what a raw query string turns into)", () => {
    for (const { value } of entries) {
      const stripped = value.replace(/[\t\n\r]/g, "");
      for (const prefix of PREFIXES) staysOnSite(localizedReturnPath(stripped, prefix));
    }
  });

  it("refuses what is not a string, and over-long paths", () => {
    for (const value of [null, undefined, 42, {}, ["/account"], new URL("https://evil.example")])
      expect(localizedReturnPath(value, "/en")).toBe("/en/dashboard");
    expect(localizedReturnPath(`/${"a".repeat(3000)}`, "")).toBe("/dashboard");
  });

  it.each([
    ["/account?tab=x", "", "/account?tab=x"],
    ["/account?tab=x", "/es", "/es/account?tab=x"],
    ["/community/general/some-thread#post-3", "/en", "/en/community/general/some-thread#post-3"],
    ["/community/general/some-thread?page=2#post-3", "/es", "/es/community/general/some-thread?page=2#post-3"],
    ["/es/account", "/en", "/en/account"],
    ["/en/account?tab=security", "/es", "/es/account?tab=security"],
    ["/es/account", "", "/account"],
    ["/en", "/es", "/es"],
    ["/en/", "", "/"],
    ["/en?welcome=1", "/es", "/es?welcome=1"],
    ["/", "/en", "/en"],
    ["/dashboard", "/es", "/es/dashboard"],
    ["/account/", "/en", "/en/account"],
    ["/endless-runner", "/es", "/es/endless-runner"],
    ["/search?q=a%2Fb&next=%2F%2Fx", "", "/search?q=a%2Fb&next=%2F%2Fx"],
    ["/u/maya_01", "/en", "/en/u/maya_01"],
    ["/u/josé", "/es", "/es/u/jos%C3%A9"],
    ["/notifications", "/en", "/en/notifications"],
    ["/account/progress", "", "/account/progress"],
    ["/leaderboard?period=week&page=2", "/es", "/es/leaderboard?period=week&page=2"],
  ] as const)("keeps %s (page prefix %j) → %s", (value, prefix, expected) => {
    expect(localizedReturnPath(value, prefix)).toBe(expected);
  });

  it("uses the given default, in the page's language", () => {
    expect(localizedReturnPath("//evil.example", "/es", "/account")).toBe("/es/account");
    expect(localizedReturnPath("//evil.example", "/en", "//evil.example")).toBe("/en");
  });
});

describe("safeReturnPath (forms that go back to the page they are on)", () => {
  it("keeps every entry on the site, and falls back for every trick", () => {
    for (const { group, value } of entries) {
      const got = safeReturnPath(value);
      staysOnSite(got);
      if (group !== "harmless") expect(got, JSON.stringify(value)).toBe("/");
    }
  });

  it("keeps the language prefix as given", () => {
    expect(safeReturnPath("/es/community?cookies=1")).toBe("/es/community?cookies=1");
    expect(safeReturnPath("/en/about#team", "/dashboard")).toBe("/en/about#team");
    expect(safeReturnPath("https://evil.example", "/dashboard")).toBe("/dashboard");
  });
});
