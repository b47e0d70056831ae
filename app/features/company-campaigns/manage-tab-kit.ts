import type { FormFailure } from "#app/lib/form";
import type { ManageResult } from "./manage.server";
import type { ManageView } from "./manage-view.server";

/** What the manage page's action answered, and one tab's view (the tabs of /company/campaigns/{id}). */
export type Result = ManageResult | FormFailure | undefined;
export type ViewOf<V extends ManageView["view"]> = Extract<ManageView, { view: V }>;

/** The refusal of the form whose intent is one of `intents`, if that is what the action answered. */
export function failureOf(result: Result, ...intents: string[]): FormFailure | null {
  return result && !result.ok && intents.includes(result.values.intent ?? "") ? result : null;
}
export function messageOf(result: Result, ...intents: string[]) {
  return result && result.ok && "message" in result && intents.includes(result.intent) ? result : null;
}

export const regionLabel = (t: (k: string) => string, region: string | null) => t(`labels.region.${region ?? "none"}`);
