import { describe, expect, it } from "vitest";
import { KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { parseKeyUpload } from "./parse-key-upload";

describe("parseKeyUpload", () => {
  it("reads one key per line and CSV key_value,region, skipping blank lines and a header", () => {
    const text = [
      "key_value,region",
      "AAAAA-11111-BBBBB",
      "",
      "CCCCC-22222-DDDDD,EU",
      '"EEEEE-33333","na"',
      "  FFFFF-44444  \r",
      "GGGGG-55555,",
    ].join("\n");
    const r = parseKeyUpload(text, ["europe", "north_america"]);
    expect(r.detected).toBe(5);
    expect(r.invalid).toBe(0);
    expect(r.duplicateInUpload).toBe(0);
    expect(r.keys.map((k) => [k.value, k.region, k.line])).toEqual([
      ["AAAAA-11111-BBBBB", null, 2],
      ["CCCCC-22222-DDDDD", "europe", 4],
      ["EEEEE-33333", "north_america", 5],
      ["FFFFF-44444", null, 6],
      ["GGGGG-55555", null, 7],
    ]);
  });

  it("counts duplicates within the upload and invalid lines, and lists each bad line with why", () => {
    const text = [
      "ABCDE-1",
      "ABCDE-1",
      "abc",
      "has space-123",
      "KEY-ÑÑÑÑÑ",
      "x".repeat(101),
      "VALID-2,mars",
      "VALID-3,asia",
      "VALID-4,global",
    ].join("\n");
    const r = parseKeyUpload(text, ["europe"]);
    expect(r.detected).toBe(9);
    expect(r.keys.map((k) => k.value)).toEqual(["ABCDE-1", "VALID-4"]);
    expect(r.duplicateInUpload).toBe(1);
    expect(r.invalid).toBe(6);
    expect(r.badLines).toEqual([
      { line: 2, reason: "duplicate_in_upload" },
      { line: 3, reason: "too_short" },
      { line: 4, reason: "bad_characters" },
      { line: 5, reason: "bad_characters" },
      { line: 6, reason: "too_long" },
      { line: 7, reason: "unknown_region" },
      { line: 8, reason: "region_not_offered" },
    ]);
  });

  it("keeps counts exact past the listed lines, and a control character is a bad character", () => {
    const lines = Array.from({ length: 1000 }, (_, i) => (i % 2 ? `bad\u0000key-${i}` : `GOOD-KEY-${i}`));
    const r = parseKeyUpload(lines.join("\n"), []);
    expect(r.detected).toBe(1000);
    expect(r.keys).toHaveLength(500);
    expect(r.invalid).toBe(500);
    expect(r.badLines).toHaveLength(KEY_UPLOAD_LIMITS.listedLines);
    expect(r.badLines[0]).toEqual({ line: 2, reason: "bad_characters" });
  });

  it("an empty upload detects nothing", () => {
    expect(parseKeyUpload("\n\n  \n", [])).toEqual({ detected: 0, keys: [], duplicateInUpload: 0, invalid: 0, badLines: [] });
  });
});
