import { data } from "react-router";
import { formValues, type FormFailure } from "./form";

type DomainErrorLike = { name: "DomainError"; code: string; status: number; details?: Record<string, unknown> };

/**
 * Duck-typed on purpose: the React Router build and the server bundle each hold their own copy of the
 * DomainError class, so `instanceof` cannot be trusted across them.
 */
export function isDomainErrorLike(err: unknown): err is DomainErrorLike {
  return (
    !!err &&
    typeof err === "object" &&
    (err as { name?: unknown }).name === "DomainError" &&
    typeof (err as { code?: unknown }).code === "string"
  );
}

/**
 * Turns a refused operation into the action's answer: the form's values back, the translated message key
 * for the code, and the code's HTTP status (403 for a refused permission, 429 for a limit…).
 * Anything that is not a DomainError is rethrown to the error boundary.
 */
export function actionFailure(err: unknown, formData: FormData | null, fieldFor?: Partial<Record<string, string>>) {
  if (!isDomainErrorLike(err)) throw err;
  const key = `errors:${err.code}`;
  const field = fieldFor?.[err.code];
  const values = Object.fromEntries(
    Object.entries(err.details ?? {}).filter(([, v]) => typeof v === "string" || typeof v === "number"),
  ) as Record<string, string | number>;
  const given = (err.details?.fieldErrors ?? {}) as Record<string, string>;
  const body: FormFailure = {
    ok: false,
    values: formData ? formValues(formData) : {},
    fieldErrors: field ? { ...given, [field]: key } : given,
    formError: key,
    formErrorValues: values,
  };
  // A limit says when to try again: rate limits in retryAfterSeconds, the forum's posting limits in seconds.
  const retry = err.code === "rate_limited" ? err.details?.retryAfterSeconds : err.status === 429 ? err.details?.seconds : undefined;
  const headers = typeof retry === "number" && retry > 0 ? { "Retry-After": String(retry) } : undefined;
  return data(body, { status: err.status, headers });
}
