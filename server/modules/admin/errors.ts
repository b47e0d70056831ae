/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * The team's review of companies and a verified company's public page (company.*).
 */
export const ADMIN_ERRORS = {
  "company.not_found": 404,
  "company.reason_required": 400,
} as const satisfies Readonly<Record<string, number>>;
