import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en/levels.json";
import es from "#app/i18n/locales/es/levels.json";
import { levelName, toRoman } from "#app/features/gamification/level-name";
import { DEFAULT_LEVELS } from "#server/modules/gamification";
import { rankTitles } from "#server/modules/gamification/list-levels";

async function translator(lng: "en" | "es") {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { levels: en }, es: { levels: es } }, ns: ["levels"], interpolation: { escapeValue: false } });
  return i18n.t;
}

describe("level names", () => {
  it("are distinct for every default level, in both languages", async () => {
    const table = rankTitles(DEFAULT_LEVELS);
    expect(table).toHaveLength(100);
    for (const lng of ["en", "es"] as const) {
      const t = await translator(lng);
      const names = table.map((l) => levelName(t, l));
      // Every name is translated (never the raw key) and no two levels share one.
      for (const name of names) expect(name).not.toMatch(/titles\.|\{\{/);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it("read as the issue's example says: level 2 and level 3 differ", async () => {
    const table = rankTitles(DEFAULT_LEVELS);
    const en_ = await translator("en");
    const es_ = await translator("es");
    expect(table.slice(0, 5).map((l) => levelName(en_, l))).toEqual([
      "Newcomer I",
      "Newcomer II",
      "Newcomer III",
      "Newcomer IV",
      "Explorer I",
    ]);
    expect(levelName(es_, table[2]!)).toBe("Recién llegado III");
    // A title that names one level only has no rank.
    expect(levelName(en_, table[99]!)).toBe("Mythic");
  });

  it("stay distinct whatever titles an admin gives the levels", async () => {
    const t = await translator("en");
    // Non-adjacent levels sharing a title, and a title used once.
    const edited = rankTitles([
      { level: 3, titleKey: "titles.explorer" },
      { level: 1, titleKey: "titles.newcomer" },
      { level: 2, titleKey: "titles.explorer" },
      { level: 4, titleKey: "titles.newcomer" },
      { level: 5, titleKey: "titles.legend" },
    ]);
    expect(edited.map((l) => [l.level, levelName(t, l)])).toEqual([
      [1, "Newcomer I"],
      [2, "Explorer I"],
      [3, "Explorer II"],
      [4, "Newcomer II"],
      [5, "Legend"],
    ]);
  });

  it("write ranks as Roman numerals", () => {
    expect([1, 4, 9, 14, 19, 20, 40, 99].map(toRoman)).toEqual(["I", "IV", "IX", "XIV", "XIX", "XX", "XL", "XCIX"]);
  });
});
