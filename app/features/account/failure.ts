import type { ErrorCode } from "#server/modules/errors";

/**
 * A refusal decided by the page itself before calling an operation (a too large upload, an unticked
 * confirmation), shaped like a DomainError so `actionFailure` answers it the usual way.
 */
export function refusal(code: ErrorCode, status: number, details?: Record<string, unknown>) {
  return { name: "DomainError" as const, code, status, details };
}
