import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unguardText } from "#server/platform/csv";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { textOf } from "#tests/support/pages";
import { activeCampaign, campaignsDeps, companyActor, TEST_KEYS_SECRET } from "#tests/support/campaigns-kit";

/**
 * A campaign's keys exported as CSV (GET /company/campaigns/{id}/keys.csv) through the site's
 * one CSV writer. Keys may hold `= + - @ ; ' |` (printable ASCII without spaces, commas or quotes): each comes
 * out quoted with its formula starts guarded, so neither a `,` nor a `;` spreadsheet runs it, and the real key
 * comes back exactly by taking the apostrophes the writer added away (what the keys tab's help text says).
 */
let t: TestApp;
let cookie = "";
let campaignId = "";
const PAYLOAD = "Pwn;=1+2;=cmd|'/Ccalc'!A0";
const KEYS = ["=HYPERLINK-0001", "-MINUS-KEY-0002", "+PLUS-KEY-0003", "@AT-KEY-0004", "'=QUOTED-0005", PAYLOAD, "PLAIN-KEY-0007"];

beforeAll(async () => {
  // The app seals keys with the kit's secret, so the kit's operations can stock its pool.
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", GAME_KEYS_SECRET: TEST_KEYS_SECRET });
  const company = await companyActor(t.services.db, { name: "Formula Studio" });
  cookie = await signIn(t, company.email!, "correct-horse-battery");
  ({ campaignId } = await activeCampaign(campaignsDeps(t.services.db, { now: () => new Date() }), company, { keys: KEYS }));
});
afterAll(() => t.close());

/** The first cell of a line as the writer wrote it: between its quotes, inner quotes undoubled. */
const firstCell = (line: string) => /^"((?:[^"]|"")*)"/.exec(line)![1].replace(/""/g, '"');

describe("the keys CSV", () => {
  it("quotes every key and guards its formula starts; a ; spreadsheet finds no formula in it", async () => {
    const res = await t.request(`/en/company/campaigns/${campaignId}/keys.csv`, { cookie, headers: { "x-test-ip": "198.51.127.1" } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe('"key_value","region","status","holder","claimed_at","revoked_at","added_at"');
    expect(text).toContain(`"Pwn;'=1+2;'=cmd|'/Ccalc'!A0",,"available",,,,"`);
    expect(text).toContain(`"'=HYPERLINK-0001",,"available"`);
    expect(text).toContain(`"'-MINUS-KEY-0002",`);
    expect(text).toContain(`"'+PLUS-KEY-0003",`);
    expect(text).toContain(`"'@AT-KEY-0004",`);
    expect(text).toContain(`"''=QUOTED-0005",`);
    expect(text).toContain(`"PLAIN-KEY-0007",`);
    // Split on `;` and `,` as spreadsheets of either locale do, quotes ignored: no piece starts a formula.
    for (const piece of text.split(/[;,\r\n]/)) expect(piece.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
  });

  it("the keys tab says how the CSV guards a key and how to read it, in both languages", async () => {
    const page = (lang: string) =>
      t.request(`/${lang}/company/campaigns/${campaignId}?tab=keys`, { cookie, headers: { "x-test-ip": "198.51.127.3" } });
    const en = await textOf(await page("en"));
    expect(en).toContain("Remove that one added apostrophe to get the key.");
    const es = await textOf(await page("es"));
    expect(es).toContain("Quita ese apóstrofo añadido para obtener la clave.");
  });

  it("gives every key back exactly once the added apostrophes are taken away", async () => {
    const res = await t.request(`/en/company/campaigns/${campaignId}/keys.csv`, { cookie, headers: { "x-test-ip": "198.51.127.2" } });
    const rows = (await res.text()).trim().split("\r\n").slice(1);
    expect(rows.map((l) => unguardText(firstCell(l))).sort()).toEqual([...KEYS].sort());
  });
});
