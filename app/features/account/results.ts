import type { FormFailure } from "#app/lib/form";

/** What an account form's action answers when it worked: the message key, and which form it was. */
export type FormSuccess = { ok: true; intent: string; message: string; messageValues?: Record<string, string> };

export const success = (intent: string, message: string, messageValues?: Record<string, string>): FormSuccess => ({
  ok: true,
  intent,
  message,
  messageValues,
});

/** The answer that belongs to the form with this intent (each tab holds several forms). */
export function resultFor(
  result: FormSuccess | FormFailure | null | undefined,
  intent: string,
): { success?: FormSuccess; failure?: FormFailure } {
  if (!result) return {};
  if (result.ok) return result.intent === intent ? { success: result } : {};
  return result.values.intent === intent ? { failure: result } : {};
}
