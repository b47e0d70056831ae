import { describe, expect, it } from "vitest";
import en from "#app/i18n/locales/en/levels.json";
import es from "#app/i18n/locales/es/levels.json";
import type { z } from "zod";
import {
  adjustAmountField,
  adjustReasonField,
  capField,
  levelNumberField,
  rewardField,
  statPointsField,
  thresholdField,
  xpField,
  xpRequiredField,
} from "#server/modules/gamification/input";
import { GAMIFICATION_LIMITS, LEVEL_TITLE_KEYS } from "#shared/gamification-limits";

describe("gamification limits", () => {
  it("offer every level title both languages translate", () => {
    const keys = (titles: Record<string, string>) => Object.keys(titles).map((k) => `titles.${k}`);
    expect([...LEVEL_TITLE_KEYS]).toEqual(keys(en.titles));
    expect([...LEVEL_TITLE_KEYS]).toEqual(keys(es.titles));
  });

  it("are the edges the operations enforce", () => {
    const L = GAMIFICATION_LIMITS;
    const edges: [z.ZodType, number, number][] = [
      [xpField, 0, L.xpMax],
      [capField, 0, L.capMax],
      [statPointsField, 0, L.statPointsMax],
      [levelNumberField, 1, L.levelMax],
      [xpRequiredField, 0, L.xpRequiredMax],
      [thresholdField, 1, L.thresholdMax],
      [rewardField, 0, L.rewardMax],
      [adjustAmountField, -L.adjustMax, L.adjustMax],
    ];
    for (const [field, min, max] of edges) {
      expect([field.safeParse(String(min)).success, field.safeParse(String(max)).success]).toEqual([true, true]);
      expect([field.safeParse(String(min - 1)).success, field.safeParse(String(max + 1)).success]).toEqual([false, false]);
    }
    expect(adjustReasonField.safeParse("x".repeat(L.reasonMin)).success).toBe(true);
    expect(adjustReasonField.safeParse("x".repeat(L.reasonMin - 1)).success).toBe(false);
    expect(adjustReasonField.safeParse("x".repeat(L.reasonMax + 1)).success).toBe(false);
  });
});
