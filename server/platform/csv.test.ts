import { describe, expect, it } from "vitest";
import { csvCell, guardText, toCsv, unguardText } from "./csv";

/**
 * A reader's split of a CSV line on one separator, ignoring quotes (what a spreadsheet with a `;` list separator
 * may do with a comma file), so each piece can be checked for a formula start.
 */
const piecesOf = (text: string) => text.split(/[,;\t\r\n]/).map((p) => p.replace(/^"+/, ""));
const formulaStart = /^[=+\-@]/;

describe("the CSV writer", () => {
  const PAYLOAD = "Pwn;=1+2;=cmd|' /C calc'!A0";

  it("quotes the issue's payload and neutralises every formula start in it, at the start and after each ;", () => {
    expect(csvCell(PAYLOAD)).toBe(`"Pwn;'=1+2;'=cmd|' /C calc'!A0"`);
    const line = toCsv([[PAYLOAD, "Studio", 3]]);
    expect(line).toBe(`"Pwn;'=1+2;'=cmd|' /C calc'!A0","Studio",3\r\n`);
    // Split on any separator, ignoring quotes: no piece starts a formula.
    for (const piece of piecesOf(line)) expect(piece).not.toMatch(formulaStart);
  });

  it("neutralises = + - @, tab and carriage return at the start and after , ; tab and newlines", () => {
    expect(guardText("=1+1")).toBe("'=1+1");
    expect(guardText("+1")).toBe("'+1");
    expect(guardText("-1")).toBe("'-1");
    expect(guardText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(guardText("\t=1")).toBe("'\t'=1");
    expect(guardText("\r=1")).toBe("'\r'=1");
    expect(guardText("a,=1")).toBe("a,'=1");
    expect(guardText("a;+1")).toBe("a;'+1");
    expect(guardText("a\n-1")).toBe("a\n'-1");
    expect(guardText("a\r\n@x")).toBe("a\r\n'@x");
    expect(guardText("a\t=1")).toBe("a\t'=1");
    // Not a formula start where it stands: left alone.
    expect(guardText("Half-Life 2")).toBe("Half-Life 2");
    expect(guardText("a=b+c")).toBe("a=b+c");
    expect(guardText("Fine")).toBe("Fine");
  });

  it("quotes every text cell and doubles inner quotes; numbers stay numbers; nothing is an empty cell", () => {
    expect(csvCell('He said "hi"')).toBe('"He said ""hi"""');
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(42)).toBe("42");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(1.5)).toBe("1.5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("ends every row with CRLF and can start with a byte order mark", () => {
    expect(
      toCsv([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe('"a",1\r\n"b",2\r\n');
    expect(toCsv([["á"]], { bom: true })).toBe('\uFEFF"á"\r\n');
    expect(toCsv([])).toBe("");
  });

  it("can be undone exactly: a key that starts with = or -, or holds ; or an apostrophe, comes back as it was", () => {
    for (const key of [
      "=ABCD-EFGH",
      "-ABCD-EFGH",
      "+1234",
      "@HOME",
      "'=ABCD",
      "''=X",
      "AB;=CD",
      "AB;'CD",
      "A'B",
      "ABCD-EFGH-IJKL",
      PAYLOAD,
      "\t=1\r\n-2",
    ]) {
      expect(unguardText(guardText(key))).toBe(key);
    }
    // An apostrophe the writer did not add is kept.
    expect(guardText("A'B")).toBe("A'B");
    expect(unguardText("A'B")).toBe("A'B");
    expect(guardText("'quoted")).toBe("''quoted");
  });
});
