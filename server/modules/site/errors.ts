/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Maintenance mode.
 */
export const SITE_ERRORS = {
  "site.maintenance": 503,
  "site.maintenance_wrong_password": 401,
  "site.maintenance_password_required": 400,
  /** An announcement that does not exist (deleted meanwhile, or a made-up id). */
  "site.announcement_not_found": 404,
  /** A new announcement sent without its banner. */
  "site.announcement_image_required": 400,
  /** A banner over ANNOUNCEMENT_LIMITS.imageMaxBytes as uploaded. */
  "site.announcement_image_too_large": 400,
} as const satisfies Readonly<Record<string, number>>;
