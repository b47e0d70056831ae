import type { z } from "zod";
import { DomainError } from "./errors";

/**
 * Validates an operation's input. On failure throws `input.invalid` with one i18n key per field
 * (`details.fieldErrors`), which the page shows beside each field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(withoutNul(input ?? {}));
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    // Only our own messages are i18n keys ("errors:forum.title_length"); zod's ("Invalid input: expected
    // string…") also hold a colon and must not reach the page as keys.
    fieldErrors[key] ??= /^[a-z]+:[\w.]+$/.test(issue.message) ? issue.message : "errors:input.invalid";
  }
  throw new DomainError("input.invalid", { fieldErrors });
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL typed into any field would fail the query (a 500). It becomes
 * U+FFFD, as an HTML parser does, so "java\0script" never turns into "javascript" either.
 */
function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value;
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)]));
  }
  return value;
}
