import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type {
  DiscountType,
  FeatureType,
  PaymentProviderName,
  PaymentStatus,
  RefundStatus,
  ReleaseStatus,
  ScheduleStatus,
  SubmissionStatus,
} from "#shared/promotions";
import { companyProfiles, users } from "./accounts";
import { companyGames } from "./campaigns";
import { mailOutbox } from "./mail";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * SPEC §3 Promo code. `uses_count` is raised only when a payment succeeds (or a 100% code completes a
 * submission), by one conditional update that also checks the limit, so concurrent checkouts never pass it.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: text("id").primaryKey(),
    /** Upper case (codes are compared without case). */
    code: text("code").notNull(),
    discountType: text("discount_type").$type<DiscountType>().notNull(),
    /** A percentage (1–100) or an amount in minor units of the offer's currency. */
    discountValue: integer("discount_value").notNull(),
    expiresAt: ts("expires_at"),
    /** 0: unlimited. */
    maxUses: integer("max_uses").notNull().default(0),
    usesCount: integer("uses_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    note: text("note"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_idx").on(t.code),
    check("promo_codes_discount_type_check", sql`${t.discountType} in ('percentage', 'fixed')`),
    check(
      "promo_codes_discount_value_check",
      sql`${t.discountValue} > 0 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 100)`,
    ),
    check("promo_codes_max_uses_check", sql`${t.maxUses} >= 0`),
    // The last line of defence against a use past the limit.
    check("promo_codes_uses_check", sql`${t.usesCount} >= 0 and (${t.maxUses} = 0 or ${t.usesCount} <= ${t.maxUses})`),
  ],
);

/**
 * SPEC §3 Featured game submission: what a studio asked for and what it owes. The price is fixed when the
 * submission is made (a later change of the offer does not change it); amounts are whole minor units.
 */
export const featuredSubmissions = pgTable(
  "featured_submissions",
  {
    id: text("id").primaryKey(),
    /** The signed-in member who submitted, if any (visitors may submit too). */
    submittedBy: text("submitted_by").references(() => users.id, { onDelete: "set null" }),
    /** The company the submission is for, when a signed-in company started from one of its games. */
    companyId: text("company_id").references(() => companyProfiles.id, { onDelete: "set null" }),
    companyGameId: text("company_game_id").references(() => companyGames.id, { onDelete: "set null" }),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    studioName: text("studio_name").notNull(),
    gameName: text("game_name").notNull(),
    shortDescription: text("short_description").notNull(),
    storeUrl: text("store_url").notNull(),
    youtubeUrl: text("youtube_url").notNull(),
    /** The re-encoded image in storage (deleted with the submission). */
    imageUrl: text("image_url").notNull(),
    /** Up to five re-encoded screenshots in storage, in order (deleted with the submission; approval copies them). */
    screenshots: jsonb("screenshots").$type<string[]>().notNull().default([]),
    releaseStatus: text("release_status").$type<ReleaseStatus>().notNull(),
    featureType: text("feature_type").$type<FeatureType>().notNull(),
    promoCodeId: text("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    /** The code as entered, kept when the code row is later deleted. */
    promoCode: text("promo_code"),
    priceMinor: integer("price_minor").notNull(),
    discountMinor: integer("discount_minor").notNull().default(0),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    durationDays: integer("duration_days").notNull(),
    status: text("status").$type<SubmissionStatus>().notNull().default("pending_payment"),
    /** The language the studio wrote in: its emails (receipt, decision) are sent in it. */
    locale: text("locale").notNull().default("en"),
    reviewNote: text("review_note"),
    rejectionReason: text("rejection_reason"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("featured_submissions_status_idx").on(t.status, t.createdAt),
    index("featured_submissions_company_idx").on(t.companyId),
    check(
      "featured_submissions_status_check",
      sql`${t.status} in ('pending_payment', 'pending_review', 'pending_approval', 'approved', 'rejected')`,
    ),
    check("featured_submissions_feature_type_check", sql`${t.featureType} in ('homepage', 'details_page', 'both')`),
    check("featured_submissions_release_status_check", sql`${t.releaseStatus} in ('released', 'early_access', 'unreleased')`),
    check(
      "featured_submissions_amounts_check",
      sql`${t.priceMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.amountMinor} = ${t.priceMinor} - ${t.discountMinor}`,
    ),
    check("featured_submissions_short_description_check", sql`char_length(${t.shortDescription}) <= 280`),
  ],
);

/**
 * A payment for a submission (SPEC §4 payment status). One submission may have several attempts (a cancelled
 * checkout, then a new one), but at most one successful payment: a studio is never charged twice.
 */
export const payments = pgTable(
  "payments",
  {
    /** Unguessable: it names the payment in /checkout/sandbox/{id} and the result pages. */
    id: text("id").primaryKey(),
    submissionId: text("submission_id")
      .notNull()
      .references(() => featuredSubmissions.id, { onDelete: "cascade" }),
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    /** The provider's checkout session id (Stripe `cs_…`, the sandbox's own). */
    providerSessionId: text("provider_session_id"),
    /** The provider's payment id (Stripe `pi_…`), needed for a refund. */
    providerPaymentId: text("provider_payment_id"),
    checkoutUrl: text("checkout_url"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    failureReason: text("failure_reason"),
    refundStatus: text("refund_status").$type<RefundStatus>(),
    providerRefundId: text("provider_refund_id"),
    refundedAt: ts("refunded_at"),
    receiptSentAt: ts("receipt_sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    uniqueIndex("payments_provider_session_idx").on(t.provider, t.providerSessionId),
    index("payments_submission_idx").on(t.submissionId, t.createdAt),
    // Never charged twice: one successful payment per submission.
    uniqueIndex("payments_one_success_idx")
      .on(t.submissionId)
      .where(sql`${t.status} = 'success'`),
    check("payments_status_check", sql`${t.status} in ('pending', 'processing', 'success', 'fail', 'cancelled')`),
    check("payments_refund_status_check", sql`${t.refundStatus} is null or ${t.refundStatus} in ('pending', 'succeeded', 'failed')`),
    check("payments_amount_check", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Every webhook event received, by the provider's event id: the same event delivered again is recognised
 * and has no second effect. `applied` says whether it changed the payment (a late event is kept, not applied).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").$type<PaymentProviderName>().notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    applied: boolean("applied").notNull().default(false),
    /** When the provider created the event (events may arrive out of order). */
    createdAtProvider: ts("created_at_provider"),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("payment_events_payment_idx").on(t.paymentId)],
);

/** One use of a promo code, by the submission it paid for (one per submission: the use is counted once). */
export const promoCodeUses = pgTable(
  "promo_code_uses",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    promoCodeId: text("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    submissionId: text("submission_id").references(() => featuredSubmissions.id, { onDelete: "set null" }),
    paymentId: text("payment_id").references(() => payments.id, { onDelete: "set null" }),
    discountMinor: integer("discount_minor").notNull(),
    usedAt: ts("used_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("promo_code_uses_submission_idx").on(t.submissionId), index("promo_code_uses_code_idx").on(t.promoCodeId, t.usedAt)],
);

/**
 * SPEC §4 active featured game: an approved submission on its schedule. `slug` names its page /games/{slug}
 * (details_page and both); homepage features take one of the homepage's slots while active.
 */
export const featuredGames = pgTable(
  "featured_games",
  {
    id: text("id").primaryKey(),
    submissionId: text("submission_id").references(() => featuredSubmissions.id, { onDelete: "set null" }),
    companyId: text("company_id").references(() => companyProfiles.id, { onDelete: "set null" }),
    companyGameId: text("company_game_id").references(() => companyGames.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    gameName: text("game_name").notNull(),
    studioName: text("studio_name").notNull(),
    shortDescription: text("short_description").notNull(),
    detailsMd: text("details_md").notNull().default(""),
    /** Rendered and sanitised from the Markdown on save, as forum posts are. */
    detailsHtml: text("details_html").notNull().default(""),
    imageUrl: text("image_url").notNull(),
    /** The card's picture (key art with the title lettered on it); without one, cards show `image_url`. */
    capsuleUrl: text("capsule_url"),
    /** Screenshots for the game page's gallery, in order; empty leaves the gallery out. */
    screenshots: jsonb("screenshots").$type<string[]>().notNull().default([]),
    storeUrl: text("store_url").notNull(),
    youtubeVideoId: text("youtube_video_id"),
    releaseStatus: text("release_status").$type<ReleaseStatus>().notNull(),
    platforms: jsonb("platforms").$type<string[]>().notNull().default([]),
    featureType: text("feature_type").$type<FeatureType>().notNull(),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    scheduleStatus: text("schedule_status").$type<ScheduleStatus>().notNull().default("scheduled"),
    visible: boolean("visible").notNull().default(true),
    approvedBy: text("approved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("featured_games_slug_idx").on(sql`lower(${t.slug})`),
    uniqueIndex("featured_games_submission_idx").on(t.submissionId),
    index("featured_games_schedule_idx").on(t.scheduleStatus, t.startsAt),
    index("featured_games_company_idx").on(t.companyId),
    check("featured_games_schedule_status_check", sql`${t.scheduleStatus} in ('scheduled', 'active', 'finished', 'expired')`),
    check("featured_games_feature_type_check", sql`${t.featureType} in ('homepage', 'details_page', 'both')`),
    check("featured_games_dates_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Daily rollup of a featured game's analytics (the rollup job writes it from analytics_events). */
export const featuredGameDaily = pgTable(
  "featured_game_daily",
  {
    featuredGameId: text("featured_game_id")
      .notNull()
      .references(() => featuredGames.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    storeClicks: integer("store_clicks").notNull().default(0),
    trailerClicks: integer("trailer_clicks").notNull().default(0),
    campaignClicks: integer("campaign_clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.featuredGameId, t.day] })],
);

/** Studios' consent to promotional email (SPEC: only studios that agreed receive it). */
export const studioMailConsent = pgTable("studio_mail_consent", {
  companyId: text("company_id")
    .primaryKey()
    .references(() => companyProfiles.id, { onDelete: "cascade" }),
  agreed: boolean("agreed").notNull().default(false),
  changedAt: ts("changed_at").notNull().defaultNow(),
});

/** SPEC §3 email history entry: one promotional send to the studios' list, with its status (sent or failed). */
export const studioPromotions = pgTable(
  "studio_promotions",
  {
    id: text("id").primaryKey(),
    featuredGameId: text("featured_game_id").references(() => featuredGames.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    recipients: integer("recipients").notNull().default(0),
    /** queued until the mail queue has tried every recipient; then sent, or failed if any delivery failed. */
    status: text("status").$type<"queued" | "sent" | "failed">().notNull().default("queued"),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("studio_promotions_created_idx").on(t.createdAt),
    check("studio_promotions_status_check", sql`${t.status} in ('queued', 'sent', 'failed')`),
  ],
);

/** Which outbox mails a promotional send wrote (its status is read from them). */
export const studioPromotionMails = pgTable(
  "studio_promotion_mails",
  {
    promotionId: text("promotion_id")
      .notNull()
      .references(() => studioPromotions.id, { onDelete: "cascade" }),
    mailId: bigint("mail_id", { mode: "number" })
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    companyId: text("company_id").references(() => companyProfiles.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.mailId] })],
);
