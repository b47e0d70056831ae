/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Notifications throw only the shared codes (not_found for someone else's notification).
 */
export const NOTIFICATIONS_ERRORS = {} as const satisfies Readonly<Record<string, number>>;
