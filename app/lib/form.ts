import type { z } from "zod";

/**
 * Forms post to route actions and work before JavaScript loads. A failed submit answers with the values
 * typed (never passwords) and an i18n key per field, so nothing is lost and every message is translated.
 * Zod messages in the shared schemas are i18n keys such as "errors:auth.password_too_short".
 */
export type FieldErrors = Record<string, string>;
export type FormFailure = {
  ok: false;
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  /** i18n key of a message about the whole form. */
  formError?: string;
  /** Interpolation values for formError (a date, a retry time…). */
  formErrorValues?: Record<string, string | number>;
};

const SECRET_FIELDS = /password|token|code|otp/i;

/** Plain string values of a form, without secrets (passwords are never sent back to the page). */
export function formValues(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of formData) if (typeof v === "string" && !SECRET_FIELDS.test(k)) out[k] = v;
  return out;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    if (out[key]) continue;
    out[key] = issue.message.includes(":") ? issue.message : "errors:input.invalid";
  }
  return out;
}

export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): { ok: true; data: z.infer<S> } | FormFailure {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of formData) raw[k] = v;
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, values: formValues(formData), fieldErrors: fieldErrorsOf(parsed.error), formError: "errors:input.invalid" };
}

/** The failed answer of an action, when it came from the form whose `field` holds `value` (a page of many forms). */
export function failureFor(result: { ok: true } | FormFailure | undefined, field: string, value: string): FormFailure | undefined {
  return result && !result.ok && result.values[field] === value ? result : undefined;
}
