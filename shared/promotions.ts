/**
 * Featured games: paid promotion, promo codes, payments and game analytics. The values, limits and
 * lists that the pages show and the server enforces; their labels are translated by these codes
 * (`promotions:labels.*`).
 */
export { RELEASE_STATUSES, type ReleaseStatus, PLATFORMS, type Platform } from "./campaigns";

/** SPEC §3: where a paid placement shows. `both` gives the homepage slot and the details page. */
export const FEATURE_TYPES = ["homepage", "details_page", "both"] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];
/** Feature types that give the game a page at /games/{slug}. */
export const FEATURE_TYPES_WITH_PAGE: readonly FeatureType[] = ["details_page", "both"];
/** Feature types that take one of the homepage's limited slots. */
export const FEATURE_TYPES_ON_HOMEPAGE: readonly FeatureType[] = ["homepage", "both"];

/**
 * SPEC §4 submission status. pending_payment: waiting for the payer; pending_review: paid (or covered by a 100%
 * code), in the team's queue; pending_approval: a Moderator checked its content and it waits for an Admin's
 * decision; approved (it became a featured game) and rejected are final.
 */
export const SUBMISSION_STATUSES = ["pending_payment", "pending_review", "pending_approval", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * SPEC §4 active featured game. scheduled → active at its start, active → finished at its end (the schedule
 * job); expired: the team ended it before its end date. Visible or hidden is a separate flag.
 */
export const SCHEDULE_STATUSES = ["scheduled", "active", "finished", "expired"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/**
 * SPEC §4 payment status: pending (checkout opened) → processing (the provider is settling it) → success, fail
 * or cancelled. A final status never changes again (a late or repeated event is recorded and ignored).
 */
export const PAYMENT_STATUSES = ["pending", "processing", "success", "fail", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = ["success", "fail", "cancelled"];
/** A refund of a successful payment (a paid submission that the team rejected). */
export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const PAYMENT_PROVIDERS = ["sandbox", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** SPEC §5 promo code outcomes, each with its translated message (`promotions:promo.outcomes.*`). */
export const PROMO_OUTCOMES = ["invalid", "inactive", "expired", "usage_limit_reached", "success", "error"] as const;
export type PromoOutcome = (typeof PROMO_OUTCOMES)[number];

/** A promo code as typed: letters, digits, dash and underscore, compared without case (stored upper case). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const normalisePromoCode = (code: string) => code.trim().toUpperCase();

/** SPEC §5 and §9. */
export const SHORT_DESCRIPTION_MAX = 280;
export const GAME_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const GAME_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** Screenshots a studio may add to a submission (optional), each checked and limited as the game image is. */
export const SUBMISSION_SCREENSHOTS_MAX = 5;
export const CONTACT_NAME_MAX = 120;
export const STUDIO_NAME_MAX = 120;
export const GAME_NAME_MAX = 120;
export const DETAILS_MARKDOWN_MAX = 20_000;
export const REJECTION_REASON_MAX = 1000;

/** Durations the team may approve a featured game for, in days. */
export const FEATURE_DURATION_MIN_DAYS = 1;
export const FEATURE_DURATION_MAX_DAYS = 365;

/** Analytics windows of the studio's dashboard and the admin analytics tab (SPEC §9). */
export const ANALYTICS_WINDOWS = [7, 30, 90] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];

/** What is counted about a featured game's page (analytics events with the game's id). */
export const GAME_EVENT_TYPES = ["game_view", "store_click", "trailer_click", "campaign_click"] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];

/** SPEC §9: the promo email history shows the last 10 sends. */
export const STUDIO_PROMOTIONS_HISTORY = 10;
/** Rows per page of the admin queues and lists of this area. */
export const PROMOTIONS_PAGE_SIZE = 20;

/** The price of one feature type, as the admin settings hold it: whole minor units and days. */
export type FeatureOffer = { priceMinor: number; durationDays: number };
export type FeaturedOffer = { currency: string; offers: Record<FeatureType, FeatureOffer>; homepageSlots: number };

export type PromoTerms = { discountType: DiscountType; discountValue: number };

/**
 * What the payer owes after a promo code, in minor units: a percentage discount is rounded up to a whole minor
 * unit (in the payer's favour), a fixed amount never takes the total below zero.
 */
export function amountAfterDiscount(priceMinor: number, promo: PromoTerms | null): { discountMinor: number; amountMinor: number } {
  if (!promo) return { discountMinor: 0, amountMinor: priceMinor };
  const raw =
    promo.discountType === "percentage"
      ? Math.ceil((priceMinor * Math.min(100, Math.max(0, promo.discountValue))) / 100)
      : promo.discountValue;
  const discountMinor = Math.min(priceMinor, Math.max(0, raw));
  return { discountMinor, amountMinor: priceMinor - discountMinor };
}

/** Minor units per major unit of the currencies the offer may be priced in. */
export const CURRENCIES = { EUR: 2, USD: 2, GBP: 2, MXN: 2 } as const;
export type Currency = keyof typeof CURRENCIES;

/** YouTube video id from the URL forms people paste (watch, youtu.be, shorts, embed), or null. */
export function youtubeVideoId(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return null;
  const host = u.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = u.pathname.slice(1).split("/")[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (u.pathname === "/watch") id = u.searchParams.get("v");
    else {
      const m = /^\/(?:shorts|embed|live|v)\/([^/?#]+)/.exec(u.pathname);
      id = m?.[1] ?? null;
    }
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}
