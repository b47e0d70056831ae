import type { Consent, Theme } from "#shared/preferences";
import type { Locale } from "#shared/locales";
import type { Actor } from "#server/modules/accounts/actor";
import type { Logger } from "#server/platform/logger";
import type { Services } from "#server/services";
import type { ApiDocument } from "./api/openapi";

/** What every loader and action receives as its load context. */
export type RequestContext = {
  services: Services;
  requestId: string;
  nonce: string;
  log: Logger;
  locale: Locale;
  /** "/es", "/en" or "" when the page was asked for without a language prefix. */
  localePrefix: "" | "/es" | "/en";
  theme: Theme;
  consent: Consent | null;
  actor: Actor;
  /** A session cookie came with the request but its session is gone (revoked, expired): SPEC §7 sign-out. */
  sessionInvalid: boolean;
  /** What the actor may do, decided by the policies, for the UI to show or hide controls (`staff`: the admin panel link, `admin.panel`). */
  abilities: { staff: boolean };
  clientKey: string;
  country: string;
  /**
   * A document request's HTML fragments kept out of its hydration data (app/lib/html-once.server.ts): the page
   * renders them, the browser reads them back from the page. Null for data requests, which carry them inline.
   */
  htmlOnce: Map<string, string> | null;
  /** The API's OpenAPI document (GET /api/v1/openapi.json), which the wiki's API page lists. */
  apiDocument: () => ApiDocument;
};
