import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Same check as the shared i18n-parity tool, kept in the suite so CI on a bare clone runs it too. */
const root = join(import.meta.dirname, "../../app/i18n/locales");
const flatten = (obj: Record<string, unknown>, prefix = ""): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" && !Array.isArray(v) ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const read = (lang: string, file: string) => JSON.parse(readFileSync(join(root, lang, file), "utf8"));

describe("translations", () => {
  const files = readdirSync(join(root, "en"));
  it("has the same namespaces in both languages", () => {
    expect(readdirSync(join(root, "es")).sort()).toEqual(files.sort());
  });
  for (const file of files) {
    it(`${file}: en and es have the same keys, arrays the same length, nothing empty`, () => {
      const en = read("en", file);
      const es = read("es", file);
      expect(flatten(es).sort()).toEqual(flatten(en).sort());
      const shape = (v: unknown): unknown =>
        Array.isArray(v)
          ? v.map(shape)
          : v && typeof v === "object"
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]))
            : typeof v;
      expect(shape(es)).toEqual(shape(en));
      expect(JSON.stringify(es)).not.toMatch(/:""/);
    });
  }
});
