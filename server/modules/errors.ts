/**
 * Operations throw DomainError with a stable code; the HTTP layer maps the code to a status and the page
 * shows the translated message `errors:<code>`.
 */
export type ErrorCode =
  | "auth.forbidden"
  | "auth.unauthenticated"
  | "input.invalid"
  | "rate_limited"
  | "not_found"
  | "site.maintenance"
  | "site.maintenance_wrong_password"
  | "site.maintenance_password_required"
  | "auth.credentials_required"
  | "auth.invalid_credentials"
  | "auth.email_taken"
  | "auth.password_mismatch"
  | "auth.password_too_short"
  | "auth.password_common"
  | "auth.email_unverified"
  | "auth.registration_failed"
  | "auth.resend_failed"
  | "auth.reset_token_invalid"
  | "auth.code_invalid"
  | "auth.sso_unavailable"
  | "auth.session_expired"
  | "auth.sign_out_failed"
  | "auth.already_verified"
  | "accounts.username_invalid"
  | "accounts.username_reserved"
  | "accounts.username_taken"
  | "accounts.username_too_soon"
  | "accounts.link_invalid"
  | "accounts.avatar_type"
  | "accounts.avatar_too_large"
  | "images.dimensions"
  | "accounts.password_wrong"
  | "accounts.last_sign_in_method"
  | "accounts.last_admin"
  | "accounts.email_same"
  | "company.not_found"
  | "company.pending"
  | "company.reason_required"
  | "forum.banned"
  | "forum.locked"
  | "forum.post_too_soon"
  | "forum.thread_too_soon"
  | "forum.new_user_thread_limit"
  | "forum.new_user_reply_limit"
  | "forum.duplicate_post"
  | "forum.first_post_delete"
  | "forum.own_post_like"
  | "forum.tag_unknown"
  | "forum.title_length"
  | "forum.body_length"
  | "forum.too_many_tags"
  | "forum.own_post_report"
  | "forum.already_reported"
  | "forum.report_failed"
  | "forum.report_reason_length"
  | "forum.report_closed"
  | "forum.accept_first_post"
  | "forum.self_follow"
  | "forum.ban_reason_required"
  | "forum.ban_until_past"
  | "forum.ban_self"
  | "forum.ban_staff"
  | "forum.first_post_hide"
  | "gamification.level_first"
  | "gamification.level_gap"
  | "gamification.level_order"
  | "gamification.level_not_last"
  | "gamification.achievement_key_taken"
  | "gamification.xp_negative"
  | "forum.slug_taken"
  | "forum.category_not_empty"
  | "forum.forum_not_empty";

const statusByCode: Record<ErrorCode, number> = {
  "auth.forbidden": 403,
  "auth.unauthenticated": 401,
  "input.invalid": 400,
  rate_limited: 429,
  not_found: 404,
  "site.maintenance": 503,
  "site.maintenance_wrong_password": 401,
  "site.maintenance_password_required": 400,
  "auth.credentials_required": 400,
  "auth.invalid_credentials": 401,
  "auth.email_taken": 409,
  "auth.password_mismatch": 400,
  "auth.password_too_short": 400,
  "auth.password_common": 400,
  "auth.email_unverified": 403,
  "auth.registration_failed": 500,
  "auth.resend_failed": 500,
  "auth.reset_token_invalid": 400,
  "auth.code_invalid": 400,
  "auth.sso_unavailable": 404,
  "auth.session_expired": 401,
  "auth.sign_out_failed": 500,
  "auth.already_verified": 409,
  "accounts.username_invalid": 400,
  "accounts.username_reserved": 400,
  "accounts.username_taken": 409,
  "accounts.username_too_soon": 409,
  "accounts.link_invalid": 400,
  "accounts.avatar_type": 415,
  "accounts.avatar_too_large": 413,
  "images.dimensions": 422,
  "accounts.password_wrong": 401,
  "accounts.last_sign_in_method": 409,
  "accounts.last_admin": 409,
  "accounts.email_same": 400,
  "company.not_found": 404,
  "company.pending": 403,
  "company.reason_required": 400,
  "forum.banned": 403,
  "forum.locked": 403,
  "forum.post_too_soon": 429,
  "forum.thread_too_soon": 429,
  "forum.new_user_thread_limit": 429,
  "forum.new_user_reply_limit": 429,
  "forum.duplicate_post": 409,
  "forum.first_post_delete": 409,
  "forum.own_post_like": 403,
  "forum.tag_unknown": 400,
  "forum.title_length": 400,
  "forum.body_length": 400,
  "forum.too_many_tags": 400,
  "forum.own_post_report": 403,
  "forum.already_reported": 409,
  "forum.report_failed": 500,
  "forum.report_reason_length": 400,
  "forum.report_closed": 409,
  "forum.accept_first_post": 409,
  "forum.self_follow": 400,
  "forum.ban_reason_required": 400,
  "forum.ban_until_past": 400,
  "forum.ban_self": 400,
  "forum.ban_staff": 403,
  "forum.first_post_hide": 409,
  "gamification.level_first": 409,
  "gamification.level_gap": 400,
  "gamification.level_order": 400,
  "gamification.level_not_last": 409,
  "gamification.achievement_key_taken": 409,
  "gamification.xp_negative": 409,
  "forum.slug_taken": 409,
  "forum.category_not_empty": 409,
  "forum.forum_not_empty": 409,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "DomainError";
  }
  get status(): number {
    return statusByCode[this.code];
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
