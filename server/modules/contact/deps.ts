import type { Database } from "#server/db/client";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";

/** What the contact operations need; each takes the part it uses. `now` is injectable for tests. */
export type ContactDeps = {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Signs and checks the form's spam-check ticket (AUTH_SECRET). */
  formSecret: string;
  /** How long a person takes at least to fill the form (FORM_MIN_FILL_SECONDS). */
  formMinSeconds: number;
  /** The team's address (CONTACT_EMAIL): told of every message, and where replies to the team's answers go. */
  contactEmail: string;
  siteName: string;
  baseUrl: string;
  now: () => Date;
  log: Logger;
};

/** The guard's name for this form (its ticket is good for this form only). */
export const CONTACT_FORM = "contact";

/** Messages per client address: five a minute, the sixth refused (a person writes one; a script may not flood). */
export const CONTACT_RATE_PER_CLIENT = { limit: 5, windowSeconds: 60 };
