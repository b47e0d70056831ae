import { CAMPAIGN_LIMITS, CHANNEL_KINDS, CONTENT_LANGUAGES, type ChannelKind } from "#shared/campaigns";
import { isValidSocialLink } from "#shared/profile-limits";
import { CHANNELS_MAX } from "#shared/campaigns";

/**
 * The onboarding form's rows as typed (strings, so a failed save gives back exactly what was written). The
 * form names each field `<field>-<row>`; languages are repeated checkboxes.
 */
export type ChannelRow = { kind: string; url: string; subscribers: string; averageViews: string; languages: string[] };
export type RowErrors = Partial<Record<"kind" | "url" | "subscribers" | "averageViews" | "languages", string>>;

/** The most channels one creator may list (the save operation enforces the same number). */
export const CHANNEL_ROWS_MAX = CHANNELS_MAX;

export const emptyRow = (): ChannelRow => ({ kind: "youtube", url: "", subscribers: "", averageViews: "", languages: [] });

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The rows a submitted form holds, in order (at most the limit, plus one for the "add another" row). */
export function rowsFromForm(form: FormData): ChannelRow[] {
  const count = Math.min(Math.max(Number.parseInt(text(form, "rows"), 10) || 0, 0), CHANNEL_ROWS_MAX + 1);
  return Array.from({ length: count }, (_, i) => ({
    kind: text(form, `kind-${i}`),
    url: text(form, `url-${i}`).trim(),
    subscribers: text(form, `subscribers-${i}`).trim(),
    averageViews: text(form, `averageViews-${i}`).trim(),
    languages: form.getAll(`languages-${i}`).filter((v): v is string => typeof v === "string"),
  }));
}

/** A row with nothing typed in it (the empty row the form always offers) is not a channel. */
export const isBlank = (r: ChannelRow) => !r.url && !r.subscribers && !r.averageViews && r.languages.length === 0;

const count = (v: string) => {
  if (v === "") return 0;
  if (!/^\d+$/.test(v)) return null;
  const n = Number(v);
  return n <= CAMPAIGN_LIMITS.audienceMax ? n : null;
};

export type ChannelValue = { kind: ChannelKind; url: string; subscribers: number; averageViews: number; languages: string[] };

/**
 * Which field of which row is wrong, before the list goes to the save operation (which checks the same rules
 * but names only the list): so the message appears beside the field that needs fixing.
 */
export function checkRows(rows: ChannelRow[]): { channels: ChannelValue[]; errors: Record<number, RowErrors> } {
  const errors: Record<number, RowErrors> = {};
  const channels: ChannelValue[] = [];
  rows.forEach((r, i) => {
    if (isBlank(r)) return;
    const e: RowErrors = {};
    const kind = (CHANNEL_KINDS as readonly string[]).includes(r.kind) ? (r.kind as ChannelKind) : null;
    if (!kind) e.kind = "errors:input.invalid";
    if (!r.url || (kind && !isValidSocialLink(kind, r.url))) e.url = "errors:campaigns.channel_url";
    const subscribers = count(r.subscribers);
    const averageViews = count(r.averageViews);
    if (subscribers === null) e.subscribers = "errors:input.invalid";
    if (averageViews === null) e.averageViews = "errors:input.invalid";
    if (r.languages.some((l) => !(CONTENT_LANGUAGES as readonly string[]).includes(l))) e.languages = "errors:input.invalid";
    if (Object.keys(e).length) errors[i] = e;
    else channels.push({ kind: kind!, url: r.url, subscribers: subscribers!, averageViews: averageViews!, languages: r.languages });
  });
  return { channels, errors };
}
