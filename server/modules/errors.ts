import { ACCOUNTS_ERRORS } from "#server/modules/accounts/errors";
import { ADMIN_ERRORS } from "#server/modules/admin/errors";
import { CAMPAIGNS_ERRORS } from "#server/modules/campaigns/errors";
import { CHARACTER_ERRORS } from "#server/modules/character/errors";
import { CONTACT_ERRORS } from "#server/modules/contact/errors";
import { ROOMS_ERRORS } from "#server/modules/rooms/errors";
import { CONTENT_ERRORS } from "#server/modules/content/errors";
import { FORUM_ERRORS } from "#server/modules/forum/errors";
import { GAMIFICATION_ERRORS } from "#server/modules/gamification/errors";
import { JOBS_ERRORS } from "#server/modules/jobs/errors";
import { NOTIFICATIONS_ERRORS } from "#server/modules/notifications/errors";
import { PROMOTIONS_ERRORS } from "#server/modules/promotions/errors";
import { SEARCH_ERRORS } from "#server/modules/search/errors";
import { SHOP_ERRORS } from "#server/modules/shop/errors";
import { SITE_ERRORS } from "#server/modules/site/errors";

/**
 * Operations throw DomainError with a stable code; the HTTP layer maps the code to a status and the page
 * shows the translated message `errors:<code>`. Each area declares its codes and their statuses once, in its
 * own `errors.ts`; the codes below belong to no area (every area refuses, validates, limits and misses things,
 * and every image form refuses oversized pictures).
 */
export const SHARED_ERRORS = {
  "auth.forbidden": 403,
  "auth.unauthenticated": 401,
  "input.invalid": 400,
  rate_limited: 429,
  not_found: 404,
  "images.dimensions": 422,
  // Public forms' spam checks (server/platform/form-guard.ts).
  "form.refused": 422,
  "form.too_fast": 422,
  "form.expired": 422,
} as const satisfies Readonly<Record<string, number>>;

/** Every table of codes, one line per area. */
export const ERROR_TABLES = [
  SHARED_ERRORS,
  ACCOUNTS_ERRORS,
  ADMIN_ERRORS,
  CAMPAIGNS_ERRORS,
  CHARACTER_ERRORS,
  CONTACT_ERRORS,
  ROOMS_ERRORS,
  CONTENT_ERRORS,
  FORUM_ERRORS,
  GAMIFICATION_ERRORS,
  JOBS_ERRORS,
  NOTIFICATIONS_ERRORS,
  PROMOTIONS_ERRORS,
  SEARCH_ERRORS,
  SHOP_ERRORS,
  SITE_ERRORS,
] as const;

type Tables = typeof ERROR_TABLES;
type CodesOf<T extends readonly object[]> = { [I in keyof T]: keyof T[I] }[number];
export type ErrorCode = CodesOf<Tables>;

/** The codes two tables both declare: none, or typecheck fails on `noCodeTwice` below. */
type Twice<T extends readonly object[]> = T extends readonly [infer Head, ...infer Rest extends readonly object[]]
  ? (keyof Head & CodesOf<Rest>) | Twice<Rest>
  : never;
const noCodeTwice: [Twice<Tables>] extends [never] ? true : { declaredTwice: Twice<Tables> } = true;
void noCodeTwice;

const statusByCode = Object.assign({}, ...ERROR_TABLES) as Record<ErrorCode, number>;

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: Record<string, unknown>,
  ) {
    super(code);
    this.name = "DomainError";
  }
  get status(): number {
    return statusByCode[this.code];
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
