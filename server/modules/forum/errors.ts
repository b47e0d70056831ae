/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * The community: threads, posts, reports, bans and the forum's own administration.
 */
export const FORUM_ERRORS = {
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
  "forum.slug_taken": 409,
  "forum.category_not_empty": 409,
  "forum.forum_not_empty": 409,
} as const satisfies Readonly<Record<string, number>>;
