import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { assertCan, type PromotionsAction } from "./policy";
import { DETAILS_MARKDOWN_MAX, FEATURE_DURATION_MAX_DAYS, FEATURE_DURATION_MIN_DAYS, REJECTION_REASON_MAX } from "#shared/promotions";

/** Field rules of the review and featured-games operations (messages are `errors:` keys, shown beside each field). */
export const idField = z.string().min(1).max(100);

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Free text typed by the team: trimmed, at most `max`, no control characters (line breaks and tabs are fine). */
export const teamText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors:input.invalid")
    .refine((v) => !CONTROL.test(v), "errors:input.invalid");

export const reasonField = teamText(REJECTION_REASON_MAX).pipe(z.string().min(1, "errors:promotions.reason_required"));
export const noteField = teamText(REJECTION_REASON_MAX)
  .nullish()
  .transform((v) => v || null);
export const detailsField = z
  .string()
  .max(DETAILS_MARKDOWN_MAX, "errors:input.invalid")
  .refine((v) => !CONTROL.test(v), "errors:input.invalid")
  .nullish()
  .transform((v) => v ?? "");

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, "errors:input.invalid")
  .max(80, "errors:input.invalid")
  .regex(SLUG_PATTERN, "errors:input.invalid");

export const durationField = z.coerce
  .number({ error: "errors:promotions.duration_range" })
  .int("errors:promotions.duration_range")
  .min(FEATURE_DURATION_MIN_DAYS, "errors:promotions.duration_range")
  .max(FEATURE_DURATION_MAX_DAYS, "errors:promotions.duration_range");

/** A calendar day as a date input sends it (YYYY-MM-DD), read as that day's midnight UTC. */
export const dayField = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "errors:input.invalid")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "errors:input.invalid");

/** A list sent by a form as repeated fields or one value: deduplicated, each from `values`. */
export const listOf = <T extends readonly [string, ...string[]]>(values: T, max: number) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values)).max(max))
    .transform((list) => [...new Set(list)]);

/** `assertCan` for the team's actions (never public), returning the actor as signed in. */
export function assertTeam(actor: Actor, action: PromotionsAction): NonNullable<Actor> {
  assertCan(actor, action);
  if (!actor) throw new DomainError("auth.unauthenticated");
  return actor;
}
