import { describe, expect, it } from "vitest";
import { serverI18n } from "#app/i18n/server";
import { achievementName } from "./achievement-name";
import { gamificationToast } from "./live-toast";

const tFor = (locale: "es" | "en") => serverI18n(locale).getFixedT(locale);
const none = { key: null, nameKey: null, nameEs: null, nameEn: null };

describe("gamification toasts", () => {
  it("says a new level with its stat points, in both languages", () => {
    expect(gamificationToast(tFor("en"), "en", { kind: "level_up", level: 3, statPoints: 6, ...none })).toEqual({
      title: "Level up! You reached level 3 and earned 6 stat points.",
      variant: "success",
      once: "level-up:3",
    });
    expect(gamificationToast(tFor("es"), "es", { kind: "level_up", level: 2, statPoints: 1, ...none })?.title).toContain("2");
  });

  it("names an unlocked achievement: the typed name of the language, else its badges key", () => {
    const en = tFor("en");
    expect(
      gamificationToast(en, "en", { kind: "achievement_unlocked", key: "threads_1", nameKey: "threads_1.name", nameEs: null, nameEn: null })
        ?.title,
    ).toBe("Achievement unlocked: First thread");
    expect(
      gamificationToast(tFor("es"), "es", {
        kind: "achievement_unlocked",
        key: "jam",
        nameKey: "jam.name",
        nameEs: "Estrella",
        nameEn: "Star",
      })?.title,
    ).toContain("Estrella");
    // A typed name missing in this language: the other one, rather than a raw key.
    expect(achievementName(en, "en", { key: "jam", nameKey: "jam.name", names: { es: "Estrella", en: null } })).toBe("Estrella");
    expect(achievementName(en, "en", { key: "jam", nameKey: "jam.name", names: null })).toBe("jam");
  });

  it("has nothing to say for other messages", () => {
    expect(gamificationToast(tFor("en"), "en", {})).toBeNull();
    expect(gamificationToast(tFor("en"), "en", { kind: "level_up", level: null, statPoints: null, ...none })).toBeNull();
  });
});
