import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Counts go through i18next's plural keys (`key_one`, `key_other`, picked by `count`), so that no page says
 * "Espera 1 segundos". Two rules keep it so without false alarms:
 * - `{{count}}` appears only in plural forms (i18next only picks a form when the key has them);
 * - a time quantity is never written before its unit as its own variable ("{{seconds}} seconds"): it is the
 *   `count` of a plural key, or a phrase made by one ("{{days}}" filled with "30 days").
 */
const LOCALES = join(import.meta.dirname, "locales");
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNT = /\{\{\s*count\s*(?:,[^}]*)?\}\}/;
const UNIT_AFTER_VARIABLE =
  /\{\{\s*\w+\s*\}\}\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|segundos?|minutos?|horas?|días?|semanas?|mes(?:es)?)\b/i;

type Leaf = { file: string; key: string; value: string };

function leaves(lang: string): Leaf[] {
  const out: Leaf[] = [];
  const walk = (file: string, node: unknown, path: string) => {
    if (typeof node === "string") out.push({ file, key: path, value: node });
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(file, v, path ? `${path}.${k}` : k);
  };
  for (const file of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith(".json")))
    walk(file, JSON.parse(readFileSync(join(LOCALES, lang, file), "utf8")), "");
  return out;
}

describe("counts in the translations", () => {
  for (const lang of ["en", "es"]) {
    const all = leaves(lang);

    it(`${lang}: {{count}} only in plural forms, each with its _one and _other`, () => {
      expect(all.length).toBeGreaterThan(1000);
      const single = all.filter((l) => COUNT.test(l.value) && !PLURAL.test(l.key)).map((l) => `${l.file}:${l.key}`);
      expect(single).toEqual([]);
      const keys = new Set(all.map((l) => `${l.file}:${l.key}`));
      const incomplete = all
        .filter((l) => PLURAL.test(l.key))
        .map((l) => `${l.file}:${l.key.replace(PLURAL, "")}`)
        .filter((base) => !keys.has(`${base}_one`) || !keys.has(`${base}_other`));
      expect([...new Set(incomplete)]).toEqual([]);
    });

    it(`${lang}: no time quantity written before its unit outside a plural form`, () => {
      const found = all
        .filter((l) => UNIT_AFTER_VARIABLE.test(l.value) && !PLURAL.test(l.key))
        .map((l) => `${l.file}:${l.key}: ${l.value}`);
      expect(found).toEqual([]);
    });
  }

  it("the rules catch what they are for", () => {
    expect(COUNT.test("Espera {{count}} segundos")).toBe(true);
    expect(UNIT_AFTER_VARIABLE.test("Espera {{seconds}} segundos antes")).toBe(true);
    expect(UNIT_AFTER_VARIABLE.test("The offer's duration is {{days}} days.")).toBe(true);
    expect(UNIT_AFTER_VARIABLE.test("{{threads}} and {{posts}} in the last {{days}}")).toBe(false);
  });
});
