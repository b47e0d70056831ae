import type { TFunction } from "i18next";

const ROMAN: [number, string][] = [
  [1000, "M"],
  [900, "CM"],
  [500, "D"],
  [400, "CD"],
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** 1 → "I", 4 → "IV", 20 → "XX" (ranks within a title; the same in both languages). */
export function toRoman(n: number): string {
  let out = "";
  let rest = Math.max(0, Math.floor(n));
  for (const [value, numeral] of ROMAN) {
    while (rest >= value) {
      out += numeral;
      rest -= value;
    }
  }
  return out;
}

/**
 * A level's name in the page's language: its title, with the title's rank when several levels share it
 * ("Newcomer II", "Recién llegado II"), so every level reads differently. Needs the `levels` namespace.
 */
export function levelName(t: TFunction, level: { titleKey: string; titleRank: number | null }): string {
  const title = t(`levels:${level.titleKey}`, { defaultValue: level.titleKey });
  return level.titleRank ? t("levels:rankedTitle", { title, rank: toRoman(level.titleRank) }) : title;
}
