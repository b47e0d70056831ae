/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Key campaigns, their games, keys, requests, coverage and creators' channels.
 */
export const CAMPAIGNS_ERRORS = {
  "campaigns.not_found": 404,
  "campaigns.already_requested": 409,
  "campaigns.no_keys": 409,
  "campaigns.company_cannot_request": 403,
  "campaigns.creators_only": 403,
  "campaigns.onboarding_required": 409,
  "campaigns.not_open": 409,
  "campaigns.request_decided": 409,
  "campaigns.game_not_found": 404,
  "campaigns.game_slug_taken": 409,
  "campaigns.status_transition": 409,
  "campaigns.paused_by_team": 409,
  "campaigns.dates": 400,
  "campaigns.ended": 409,
  "campaigns.upload_empty": 400,
  "campaigns.upload_too_large": 413,
  "campaigns.upload_expired": 410,
  "campaigns.upload_nothing_new": 409,
  "campaigns.key_not_revocable": 409,
  "campaigns.key_unknown": 404,
  "campaigns.region_not_offered": 400,
  "campaigns.platform_not_offered": 400,
  "campaigns.coverage_url": 400,
  "campaigns.coverage_not_allowed": 409,
  "campaigns.coverage_limit": 409,
  "campaigns.channel_url": 400,
  "campaigns.reason_required": 400,
  "campaigns.not_paused_by_team": 409,
  "campaigns.channel_claimed": 409,
  "campaigns.channel_not_found": 404,
  "campaigns.verify_unsupported": 400,
  "campaigns.verify_code_missing": 409,
  "campaigns.channel_unreachable": 502,
  "campaigns.verify_too_many": 429,
  "campaigns.approval_paused_by_team": 409,
  "campaigns.approval_paused": 409,
  "campaigns.keys_paused_by_team": 409,
  "campaigns.preview_too_many": 429,
} as const satisfies Readonly<Record<string, number>>;
