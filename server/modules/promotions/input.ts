import { z } from "zod";
import {
  CONTACT_NAME_MAX,
  DISCOUNT_TYPES,
  FEATURE_TYPES,
  GAME_NAME_MAX,
  normalisePromoCode,
  PROMO_CODE_PATTERN,
  RELEASE_STATUSES,
  SHORT_DESCRIPTION_MAX,
  STUDIO_NAME_MAX,
  youtubeVideoId,
} from "#shared/promotions";

/** Field rules of /collaborate and the promo codes tab (messages are `errors:` keys, shown beside each field). */
const INVALID = "errors:input.invalid";

// eslint-disable-next-line no-control-regex -- the characters refused in a one-line field
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- multi-line text keeps tabs and line breaks
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const line = (max: number, min = 1) =>
  z
    .string(INVALID)
    .trim()
    .min(min, INVALID)
    .max(max, INVALID)
    .refine((v) => !CONTROL.test(v), INVALID);

const isHttps = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && !u.username && !u.password && u.hostname.includes(".");
  } catch {
    return false;
  }
};

export const submissionInput = z.object({
  contactName: line(CONTACT_NAME_MAX),
  contactEmail: z.string(INVALID).trim().toLowerCase().max(254, INVALID).pipe(z.email(INVALID)),
  studioName: line(STUDIO_NAME_MAX),
  gameName: line(GAME_NAME_MAX),
  shortDescription: z
    .string(INVALID)
    .trim()
    .min(1, INVALID)
    .max(SHORT_DESCRIPTION_MAX, INVALID)
    .refine((v) => !CONTROL_MULTILINE.test(v), INVALID),
  storeUrl: line(500).refine(isHttps, INVALID),
  youtubeUrl: line(300).refine((v) => youtubeVideoId(v) !== null, "errors:promotions.youtube_required"),
  releaseStatus: z.enum(RELEASE_STATUSES, INVALID),
  featureType: z.enum(FEATURE_TYPES, INVALID),
  promoCode: z
    .string(INVALID)
    .trim()
    .max(32, "errors:promotions.promo_invalid")
    .optional()
    .transform((v) => (v ? normalisePromoCode(v) : null))
    .refine((v) => v === null || PROMO_CODE_PATTERN.test(v), "errors:promotions.promo_invalid"),
  /** The signed-in company's game this submission starts from, if any. */
  companyGameId: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || null),
  locale: z.enum(["es", "en"]).default("en"),
});
export type SubmissionInput = z.infer<typeof submissionInput>;

export const promoCheckInput = z.object({
  code: z.string(INVALID).trim().min(1, "errors:promotions.promo_invalid").max(64, "errors:promotions.promo_invalid"),
  featureType: z.enum(FEATURE_TYPES, INVALID),
});

export const youtubeInput = z.object({
  url: z
    .string("errors:promotions.youtube_required")
    .trim()
    .max(300, "errors:promotions.youtube_required")
    .refine((v) => youtubeVideoId(v) !== null, "errors:promotions.youtube_required"),
});

/** An optional date typed as yyyy-mm-dd (the end of that day, UTC) or a full timestamp; "" clears it. */
const expiryField = z
  .union([z.string(), z.date(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "") return null;
    const d = v instanceof Date ? v : /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T23:59:59.999Z`) : new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: "errors:input.date_invalid" });
      return z.NEVER;
    }
    return d;
  });

const boolField = z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean());

/**
 * A promo code as the admin form sends it. A fixed discount is typed in major units ("5", "4.50", "4,50") and
 * stored in minor units; a percentage is a whole number from 1 to 100.
 */
export const promoCodeInput = z
  .object({
    code: z
      .string(INVALID)
      .transform(normalisePromoCode)
      .refine((v) => PROMO_CODE_PATTERN.test(v), "errors:promotions.promo_code_format"),
    discountType: z.enum(DISCOUNT_TYPES, INVALID),
    discountValue: z
      .union([z.string(), z.number()], "errors:promotions.promo_value_range")
      .transform((v) => String(v).trim().replace(",", ".")),
    expiresAt: expiryField,
    maxUses: z.coerce.number(INVALID).int(INVALID).min(0, INVALID).max(1_000_000, INVALID).default(0),
    isActive: boolField.default(true),
    note: z
      .string()
      .trim()
      .max(500, INVALID)
      .refine((v) => !CONTROL_MULTILINE.test(v), INVALID)
      .optional()
      .transform((v) => v || null),
  })
  .transform((v, ctx) => {
    const n = Number(v.discountValue);
    const ok = /^\d+(\.\d{1,2})?$/.test(v.discountValue) && Number.isFinite(n);
    const minor = v.discountType === "percentage" ? n : Math.round(n * 100);
    const inRange = v.discountType === "percentage" ? Number.isInteger(n) && n >= 1 && n <= 100 : minor >= 1 && minor <= 1_000_000;
    if (!ok || !inRange) {
      ctx.addIssue({ code: "custom", path: ["discountValue"], message: "errors:promotions.promo_value_range" });
      return z.NEVER;
    }
    return { ...v, discountValue: minor };
  });
export type PromoCodeInput = z.infer<typeof promoCodeInput>;

export const PROMO_LIST_FILTERS = ["all", "active", "inactive", "expired"] as const;
export type PromoListFilter = (typeof PROMO_LIST_FILTERS)[number];
