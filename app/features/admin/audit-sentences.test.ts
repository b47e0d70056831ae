import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en/admin.json";
import es from "#app/i18n/locales/es/admin.json";
import { AUDIT_AREAS, AUDIT_SENTENCES } from "#app/features/admin/audit-areas";

/**
 * Every action the code writes to the audit log has a sentence in both languages, with the placeholders the
 * page fills in: a new action cannot reach the log as a raw key. The actions are the literals given as an
 * entry's `action:` (or one of its two choices), or passed on to the helper that writes it (`setThreadFlag`,
 * `auditActionOf`), in the operations of the areas that audit. Each is in its area's table of sentences
 * (`app/features/<area>/admin/audit-sentences.ts`), which says the variant and details the page shows.
 */
const MODULES = join(process.cwd(), "server/modules");
const files = readdirSync(MODULES, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".ts") && !f.includes(".test."))
  .map((f) => readFileSync(join(MODULES, f), "utf8"))
  .filter((src) => /recordAudit\(|setThreadFlag\(/.test(src));
const PATTERNS = [
  // action: "x", or action: cond ? "x" : "y" (not a typed policy action, `action: ForumAction = …`)
  /action: (?![A-Z])(?:[^,\n]*\? )?"([a-z_.]+)"(?: : "([a-z_.]+)")?/g,
  /setThreadFlag\([^;]*?"([a-z_.]+)"\)/g,
  /auditActionOf = [^;]*\? "([a-z_.]+)" : "([a-z_.]+)"/g,
];
const written = [
  ...new Set(files.flatMap((src) => PATTERNS.flatMap((re) => [...src.matchAll(re)].flatMap((m) => m.slice(1).filter(Boolean))))),
].sort();

const lookup = (json: unknown, path: string) => path.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], json);

describe("audit log sentences", () => {
  it("finds the actions the code writes", () => {
    for (const a of ["role.grant", "forum.report.resolve", "forum.thread.pin", "gamification.xp.adjust", "profile.became_creator"])
      expect(written).toContain(a);
  });

  it("has each of them in the table of the area that writes it, and no action in two areas", () => {
    expect(written.filter((a) => !AUDIT_SENTENCES[a])).toEqual([]);
    const keys = AUDIT_AREAS.flatMap((area) => Object.keys(area));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  for (const [lng, json] of [
    ["en", en],
    ["es", es],
  ] as const) {
    it(`has a sentence in ${lng} for every action of the areas' tables`, () => {
      // A sentence with a count has its plural forms instead (`…_one`, `…_other`).
      const said = (a: string) => [a, `${a}_other`].some((k) => typeof lookup(json, `audit.sentences.${k}`) === "string");
      expect(Object.keys(AUDIT_SENTENCES).filter((a) => !said(a))).toEqual([]);
    });
  }

  for (const [lng, json] of [
    ["en", en],
    ["es", es],
  ] as const) {
    it(`has a sentence in ${lng} for each of them, naming who did it`, () => {
      const missing = written.filter((a) => typeof lookup(json, `audit.sentences.${a}`) !== "string");
      expect(missing).toEqual([]);
      for (const a of written) expect(lookup(json, `audit.sentences.${a}`)).toContain("{{actor}}");
      // The variants the page picks by the entry's details.
      for (const key of ["setting.on", "setting.off", "forum.user.banUntil", "gamification.level.add", "gamification.xp.take", "unknown"])
        expect(lookup(json, `audit.sentences.${key}`)).toContain("{{actor}}");
    });
  }
});
