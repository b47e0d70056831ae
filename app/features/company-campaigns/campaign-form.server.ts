import { readDateInput } from "#app/components/ui/date-input.server";
import { list, text } from "./failure.server";

/** Checkbox groups of the campaign form (kept whole after a refused submit). */
export const CAMPAIGN_LISTS = ["platforms", "regions", "languages"] as const;

/**
 * The campaign form as the operations' input. The dates come from the three-box date inputs: a campaign
 * starts at the start of its first day and takes requests to the end of its last (UTC). A date the boxes
 * cannot make is thrown like a DomainError naming its field (both dates' errors at once).
 */
export function readCampaignForm(form: FormData) {
  const fieldErrors: Record<string, string> = {};
  const day = (name: string) => {
    try {
      return readDateInput(form, name, { required: true });
    } catch (err) {
      Object.assign(fieldErrors, (err as { details: { fieldErrors: Record<string, string> } }).details.fieldErrors);
      return null;
    }
  };
  const starts = day("startsAt");
  const ends = day("endsAt");
  if (!starts || !ends) throw { name: "DomainError", code: "input.invalid", status: 400, details: { fieldErrors } };
  return {
    gameId: text(form, "gameId"),
    description: text(form, "description"),
    startsAt: `${starts}T00:00:00.000Z`,
    endsAt: `${ends}T23:59:59.999Z`,
    autoApprove: form.get("autoApprove") === "on",
    minSubscribers: text(form, "minSubscribers").trim() || "0",
    minAverageViews: text(form, "minAverageViews").trim() || "0",
    platforms: list(form, "platforms"),
    regions: list(form, "regions"),
    languages: list(form, "languages"),
    coverageDays: text(form, "coverageDays").trim(),
  };
}
