/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Featured games: submissions, promo codes, payments and studio mailings.
 */
export const PROMOTIONS_ERRORS = {
  "promotions.not_found": 404,
  "promotions.submission_not_found": 404,
  "promotions.payment_not_found": 404,
  "promotions.promo_invalid": 404,
  "promotions.promo_inactive": 409,
  "promotions.promo_expired": 409,
  "promotions.promo_used_up": 409,
  "promotions.promo_error": 500,
  "promotions.promo_code_format": 400,
  "promotions.promo_code_taken": 409,
  "promotions.promo_value_range": 400,
  "promotions.promo_max_below_uses": 409,
  "promotions.youtube_required": 400,
  "promotions.youtube_unavailable": 502,
  "promotions.image_required": 400,
  "promotions.image_type": 415,
  "promotions.image_too_large": 413,
  "promotions.image_compress_failed": 400,
  "promotions.not_payable": 409,
  "promotions.already_paid": 409,
  "promotions.payment_unavailable": 502,
  "promotions.payment_final": 409,
  "promotions.decided": 409,
  "promotions.not_reviewable": 409,
  "promotions.slots_full": 409,
  "promotions.slug_taken": 409,
  "promotions.reason_required": 400,
  "promotions.refund_failed": 502,
  "promotions.start_past": 400,
  "promotions.price_range": 400,
  "promotions.duration_range": 400,
  "promotions.slots_range": 400,
  "promotions.game_not_found": 404,
  "promotions.no_recipients": 409,
  "promotions.unsubscribe_invalid": 400,
  "promotions.add_failed": 500,
  "promotions.update_failed": 500,
  "promotions.delete_failed": 500,
  "promotions.paid_not_refunded": 409,
  "promotions.payments_off": 409,
} as const satisfies Readonly<Record<string, number>>;
