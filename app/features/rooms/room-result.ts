import type { FormFailure } from "#app/lib/form";
import type { RoomActionResult } from "./action-result";

/** What the last action said to one form of the page: its failure (values kept, errors) or its success message. */
export function resultFor(result: RoomActionResult | undefined, intents: readonly string[]) {
  if (!result || !result.intent || !intents.includes(result.intent)) return { failure: undefined, success: undefined };
  if (result.ok) return { failure: undefined, success: result };
  return { failure: result as FormFailure, success: undefined };
}
