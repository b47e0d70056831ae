/**
 * Operations throw DomainError with a stable code; the HTTP layer maps the code to a status and the page
 * shows the translated message `errors:<code>`.
 */
export type ErrorCode =
  | "auth.forbidden"
  | "auth.unauthenticated"
  | "input.invalid"
  | "rate_limited"
  | "not_found"
  | "site.maintenance"
  | "site.maintenance_wrong_password"
  | "site.maintenance_password_required";

const statusByCode: Record<ErrorCode, number> = {
  "auth.forbidden": 403,
  "auth.unauthenticated": 401,
  "input.invalid": 400,
  rate_limited: 429,
  not_found: 404,
  "site.maintenance": 503,
  "site.maintenance_wrong_password": 401,
  "site.maintenance_password_required": 400,
};

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
