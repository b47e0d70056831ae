/**
 * The error codes this area's operations throw, each with its HTTP status; the message is always the
 * translation `errors:<code>`. The field rules' messages (`errors:contact.*` too) come back beside each field
 * under `input.invalid`.
 */
export const CONTACT_ERRORS = {
  /** A message that does not exist (or an address with a malformed id). */
  "contact.not_found": 404,
  /** The mail server refused the team's notice or the sender's copy: nothing was kept (SPEC §8). */
  "contact.send_failed": 502,
  /** The mail server refused the team's reply: nothing was recorded. */
  "contact.reply_failed": 502,
} as const satisfies Readonly<Record<string, number>>;
