import type { z } from "zod";
import { DomainError } from "./errors";

/**
 * Validates an operation's input. On failure throws `input.invalid` with one i18n key per field
 * (`details.fieldErrors`), which the page shows beside each field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
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
