import { z } from "zod";
import { ACHIEVEMENT_RARITIES, ACHIEVEMENT_TYPES } from "#server/db/schema";
import { achievementKeyField, idField, optionalText, requiredText, rewardField, thresholdField } from "./input";

/** The achievements tab's fields (SPEC §2: with both languages' texts). */
const common = {
  type: z.enum(ACHIEVEMENT_TYPES, { error: "errors:gamification.achievement_type_invalid" }),
  threshold: thresholdField,
  rarity: z.enum(ACHIEVEMENT_RARITIES, { error: "errors:gamification.rarity_invalid" }),
  rewardXp: rewardField,
  icon: optionalText(200),
  descriptionEs: optionalText(300),
  descriptionEn: optionalText(300),
};

/** A new achievement: a unique key, and its name typed in both languages (it has no translation keys). */
export const createAchievementInput = z.object({ key: achievementKeyField, nameEs: requiredText(80), nameEn: requiredText(80), ...common });

/** Changes to an achievement (its key stays: pages choose the icon by it); typed names are optional here. */
export const updateAchievementInput = z.object({ id: idField, nameEs: optionalText(80), nameEn: optionalText(80), ...common });

export const achievementIdInput = z.object({ id: idField });
