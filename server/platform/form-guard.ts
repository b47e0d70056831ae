import { sign, verifySignature } from "./signing";

export { FORM_TICKET_FIELD, HONEYPOT_FIELD } from "#shared/form-guard";

/**
 * Spam checks for public forms (contact, job applications) without a third-party captcha: a field people do not
 * see (a bot fills every field), and a signed ticket with the time the page was served (a bot sends at once,
 * and cannot forge an older ticket). The third check, a rate limit per address, is the operation's own
 * (`RateLimiter`), since its bucket names the form.
 */
const PURPOSE = "form-ticket";
/** A page left open longer than this sends again with a fresh ticket (its fields are kept). */
export const FORM_TICKET_MAX_AGE_SECONDS = 24 * 3600;

/** The ticket a form's page carries: when it was served, signed. */
export function issueFormTicket(secret: string, form: string, now: Date): string {
  const issued = String(now.getTime());
  return `${issued}.${sign(secret, PURPOSE, `${form}:${issued}`)}`;
}

export type FormGuardVerdict = "ok" | "form.refused" | "form.too_fast" | "form.expired";

/**
 * What the guard says of a submitted form. A filled honeypot and a missing or forged ticket are refused the
 * same way (a person never meets either); too fast and too old each have their own message.
 */
export function checkFormGuard(opts: {
  secret: string;
  form: string;
  now: Date;
  minSeconds: number;
  ticket: unknown;
  honeypot: unknown;
}): FormGuardVerdict {
  if (typeof opts.honeypot === "string" && opts.honeypot.trim() !== "") return "form.refused";
  if (typeof opts.ticket !== "string" || opts.ticket.length > 100) return "form.refused";
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(opts.ticket);
  if (!match || !verifySignature(opts.secret, PURPOSE, `${opts.form}:${match[1]}`, match[2]!)) return "form.refused";
  const ageMs = opts.now.getTime() - Number(match[1]);
  if (ageMs < opts.minSeconds * 1000) return "form.too_fast";
  if (ageMs > FORM_TICKET_MAX_AGE_SECONDS * 1000) return "form.expired";
  return "ok";
}
