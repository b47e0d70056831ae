import { z } from "zod";
import { datePartNames, isoToParts, partsToIso, type DateParts } from "#shared/date-parts";

const box = z.string().trim().max(8).catch("");

/**
 * A date as day, month and year: all empty is no date (null), a real day is `YYYY-MM-DD`; some parts empty,
 * or no such day (31 February, month 13, a two-digit year), are refused with a message key.
 */
export const datePartsSchema = z.object({ day: box, month: box, year: box }).transform((p, ctx) => {
  if (!p.day && !p.month && !p.year) return null;
  if (!p.day || !p.month || !p.year) {
    ctx.addIssue({ code: "custom", message: "errors:input.date_incomplete" });
    return z.NEVER;
  }
  const iso = partsToIso(p);
  if (!iso) {
    ctx.addIssue({ code: "custom", message: "errors:input.date_invalid" });
    return z.NEVER;
  }
  return iso;
});

type FormLike = Pick<FormData | URLSearchParams, "get" | "has">;

/**
 * The date as sent: a DateInput (the platform's date field) and a link send `name=YYYY-MM-DD`; a page from
 * before, when the field was three boxes, sends `name-day`, `name-month` and `name-year`, still understood.
 */
function partsOf(form: FormLike, name: string): DateParts {
  const n = datePartNames(name);
  if (form.has(n.day) || form.has(n.month) || form.has(n.year)) {
    const s = (k: string) => {
      const v = form.get(k);
      return typeof v === "string" ? v : "";
    };
    return { day: s(n.day), month: s(n.month), year: s(n.year) };
  }
  const plain = form.get(name);
  if (typeof plain !== "string" || !plain.trim()) return { day: "", month: "", year: "" };
  const parts = isoToParts(plain.trim());
  // Not a YYYY-MM-DD: keep it in a box so the day check refuses it.
  return parts.year ? parts : { day: plain, month: "x", year: "x" };
}

/**
 * Reads a DateInput from a posted form or a URL's query: the day as `YYYY-MM-DD`, or null when left empty
 * (or `required` and empty: refused). A refusal is thrown shaped like a DomainError whose field error names
 * the field, so `actionFailure` answers with the translated message and what was typed.
 */
export function readDateInput(form: FormLike, name: string, options: { required?: boolean } = {}): string | null {
  const parsed = datePartsSchema.safeParse(partsOf(form, name));
  const error = parsed.success
    ? parsed.data === null && options.required
      ? "errors:input.date_required"
      : null
    : (parsed.error.issues[0]?.message ?? "errors:input.date_invalid");
  if (error)
    throw { name: "DomainError" as const, code: "input.invalid" as const, status: 400, details: { fieldErrors: { [name]: error } } };
  return parsed.success ? parsed.data : null;
}

/** Like `readDateInput`, for a filter: a date that is not a real day is no filter (the field says why). */
export function readDateFilter(form: FormLike, name: string): { value: string; error: string | null } {
  try {
    return { value: readDateInput(form, name) ?? "", error: null };
  } catch (err) {
    const fieldErrors = (err as { details: { fieldErrors: Record<string, string> } }).details.fieldErrors;
    return { value: "", error: fieldErrors[name] ?? "errors:input.date_invalid" };
  }
}
