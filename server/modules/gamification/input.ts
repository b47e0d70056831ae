import { z } from "zod";
import { GAMIFICATION_LIMITS as L } from "#shared/gamification-limits";

/** Field rules of the gamification operations (and the admin tabs' forms, which send strings). */
export const idField = z.string().trim().min(1).max(100);
export const pageField = z.coerce.number().int().min(1).max(100_000).default(1).catch(1);
export const periodField = z.enum(["all", "month", "week"]).default("all").catch("all");

const int = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const xpField = int(0, L.xpMax, "errors:gamification.xp_range");
/** A daily cap: a whole number, or empty (a form's blank field) / null for no cap. */
export const capField = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  int(0, L.capMax, "errors:gamification.cap_range").nullable(),
);
export const statPointsField = int(0, L.statPointsMax, "errors:gamification.stat_points_range");
export const levelNumberField = int(1, L.levelMax, "errors:gamification.level_range");
export const xpRequiredField = int(0, L.xpRequiredMax, "errors:gamification.xp_required_range");
export const titleKeyField = z
  .string()
  .trim()
  .regex(/^[a-z0-9_.-]{1,80}$/, "errors:gamification.title_key_invalid");
export const achievementKeyField = z
  .string()
  .trim()
  .regex(/^[a-z0-9_]{2,60}$/, "errors:gamification.achievement_key_invalid");
export const thresholdField = int(1, L.thresholdMax, "errors:gamification.threshold_range");
export const rewardField = int(0, L.rewardMax, "errors:gamification.xp_range");
export const adjustAmountField = int(-L.adjustMax, L.adjustMax, "errors:gamification.adjust_amount_range").refine(
  (n) => n !== 0,
  "errors:gamification.adjust_amount_range",
);
export const adjustReasonField = z
  .string({ error: "errors:gamification.adjust_reason_required" })
  .trim()
  .min(L.reasonMin, "errors:gamification.adjust_reason_required")
  .max(L.reasonMax, "errors:gamification.adjust_reason_required");

/** An optional text typed by an admin (blank is none). */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(max, "errors:gamification.text_too_long").nullable().optional(),
  );
export const requiredText = (max: number) =>
  z
    .string({ error: "errors:gamification.name_required" })
    .trim()
    .min(1, "errors:gamification.name_required")
    .max(max, "errors:gamification.text_too_long");
