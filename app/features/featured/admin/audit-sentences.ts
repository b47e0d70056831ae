import { plain, type AuditSentences } from "#app/features/admin/audit-sentence";

/** The review of featured submissions, the schedule, the offer, studio promotions and promo codes. */
export const featuredAuditSentences: AuditSentences = {
  "promotions.submission_checked": plain,
  "promotions.submission_approved": plain,
  "promotions.submission_rejected": plain,
  "promotions.submission_deleted": plain,
  "promotions.featured_hidden": plain,
  "promotions.featured_shown": plain,
  "promotions.featured_ended": plain,
  "promotions.featured_edited": plain,
  "promotions.offer_changed": plain,
  "promotions.studio_promotion_sent": plain,
  "promo_code.created": plain,
  "promo_code.updated": plain,
  "promo_code.deactivated": plain,
  "promo_code.reactivated": plain,
};
