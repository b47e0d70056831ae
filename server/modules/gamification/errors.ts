/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Levels, achievements and XP.
 */
export const GAMIFICATION_ERRORS = {
  "gamification.level_first": 409,
  "gamification.level_gap": 400,
  "gamification.level_order": 400,
  "gamification.level_not_last": 409,
  "gamification.achievement_key_taken": 409,
  "gamification.xp_negative": 409,
} as const satisfies Readonly<Record<string, number>>;
