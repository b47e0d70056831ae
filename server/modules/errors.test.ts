import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DomainError, ERROR_TABLES } from "./errors";

const locales = join(import.meta.dirname, "../../app/i18n/locales");
const messages = (lang: string) => JSON.parse(readFileSync(join(locales, lang, "errors.json"), "utf8")) as Record<string, unknown>;
/**
 * `errors:<code>` as i18next reads it: the code's dots walk into the namespace's nested objects. A message
 * that counts something is plural forms (`<code>_one`, `<code>_other`), picked by the error's `count`.
 */
const messageOf = (tree: Record<string, unknown>, code: string): unknown => {
  const parts = code.split(".");
  const last = parts.pop()!;
  const parent = parts.reduce<unknown>(
    (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
    tree,
  ) as Record<string, unknown> | undefined;
  return parent?.[last] ?? parent?.[`${last}_other`];
};

const codes = ERROR_TABLES.flatMap((table) => Object.keys(table));

describe("the error codes of every area", () => {
  it("declare each code once, across the shared table and every area's", () => {
    const twice = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(twice).toEqual([]);
  });

  it("answer with an HTTP error status, the one DomainError reports", () => {
    for (const table of ERROR_TABLES) {
      for (const [code, status] of Object.entries(table)) {
        expect(status, code).toBeGreaterThanOrEqual(400);
        expect(status, code).toBeLessThan(600);
        expect(new DomainError(code as DomainError["code"]).status, code).toBe(status);
      }
    }
  });

  for (const lang of ["en", "es"]) {
    it(`have a message in ${lang}/errors.json (the page shows errors:<code>)`, () => {
      const tree = messages(lang);
      const missing = codes.filter((code) => {
        const text = messageOf(tree, code);
        return typeof text !== "string" || text.trim() === "";
      });
      expect(missing).toEqual([]);
    });
  }
});
