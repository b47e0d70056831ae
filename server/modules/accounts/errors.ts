/**
 * The error codes this area's operations throw, each declared once, with the HTTP status it answers with; the
 * message is always the translation `errors:<code>` (app/i18n/locales/{en,es}/errors.json). Plain data with no
 * runtime imports, so server/modules/errors.ts builds the ErrorCode type and the status lookup from every
 * area's table without an import cycle. A 404 status makes the page that loads the thing a not-found page.
 * Sign-in, registration and the account itself (auth.*, accounts.*), and company.pending: the accounts
 * policy refuses a company the team has not verified yet.
 */
export const ACCOUNTS_ERRORS = {
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
  "accounts.password_wrong": 401,
  "accounts.last_sign_in_method": 409,
  "accounts.last_admin": 409,
  "accounts.email_same": 400,
  "company.pending": 403,
} as const satisfies Readonly<Record<string, number>>;
