/**
 * Creator key campaigns: the values, limits and lists that the pages show and the server enforces.
 * Their labels are translated by these codes (`campaigns:labels.*` on the creators' pages,
 * `company-campaigns:labels.*` on the company's).
 */

/** Rows per page of the campaign lists (public, the company's tabs, the team's tabs). */
export const CAMPAIGNS_PAGE_SIZE = 20;

export const RELEASE_STATUSES = ["released", "early_access", "unreleased"] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const PLATFORMS = ["pc", "playstation", "xbox", "switch", "mobile", "vr"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const GENRES = [
  "action",
  "adventure",
  "platformer",
  "puzzle",
  "rpg",
  "roguelike",
  "shooter",
  "simulation",
  "strategy",
  "horror",
  "narrative",
  "sports",
  "racing",
  "fighting",
  "metroidvania",
  "cozy",
] as const;
export type Genre = (typeof GENRES)[number];

/** Where a key can be redeemed. A key without a region redeems anywhere. */
export const REGIONS = ["global", "europe", "north_america", "latin_america", "asia", "oceania"] as const;
export type Region = (typeof REGIONS)[number];

/** How a region may be written in an uploaded CSV (`key_value,region`), case and spaces ignored. */
export const REGION_ALIASES: Record<string, Region> = {
  global: "global",
  ww: "global",
  world: "global",
  worldwide: "global",
  europe: "europe",
  eu: "europe",
  north_america: "north_america",
  northamerica: "north_america",
  na: "north_america",
  us: "north_america",
  latin_america: "latin_america",
  latinamerica: "latin_america",
  latam: "latin_america",
  asia: "asia",
  oceania: "oceania",
  oce: "oceania",
};

export const STORES = ["steam", "itch", "epic", "gog", "playstation", "xbox", "nintendo", "apple", "google", "website"] as const;
export type Store = (typeof STORES)[number];

export const CAMPAIGN_STATUSES = ["draft", "active", "paused", "finished"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const KEY_STATUSES = ["available", "claimed", "revoked"] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const CHANNEL_KINDS = ["youtube", "twitch", "tiktok", "website"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const COVERAGE_KINDS = ["youtube", "twitch", "tiktok", "web"] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

/** Languages a creator may say they cover games in (ISO 639-1). */
export const CONTENT_LANGUAGES = ["es", "en", "pt", "fr", "de", "it", "ja", "ko", "zh", "ru"] as const;

export const GAME_LIMITS = {
  nameMax: 80,
  shortDescriptionMax: 280,
  descriptionMax: 20_000,
  storeLinksMax: 8,
  genresMax: 5,
  /** The cover: PNG, JPG or WEBP judged by content, at most this many bytes before re-encoding. */
  coverMaxBytes: 5 * 1024 * 1024,
} as const;

export const CAMPAIGN_LIMITS = {
  descriptionMax: 5_000,
  requestMessageMax: 1_000,
  rejectionReasonMax: 500,
  pauseReasonMax: 500,
  coverageDaysMin: 1,
  coverageDaysMax: 180,
  /** The reminder goes out once, this many days before the coverage deadline. */
  reminderDaysBefore: 3,
  audienceMax: 1_000_000_000,
} as const;

export const KEY_UPLOAD_LIMITS = {
  /** Lines (keys) in one upload. */
  maxLines: 100_000,
  /** The whole upload, file or pasted text. */
  maxBytes: 8 * 1024 * 1024,
  keyMinLength: 5,
  keyMaxLength: 100,
  /** Bad lines listed in the preview (the counts are always exact). */
  listedLines: 200,
  /** An unsaved preview is kept this long. */
  previewMinutes: 60,
  /** Previews one company may make in an hour (each one parses, fingerprints and seals a file). */
  previewsPerHour: 30,
  /**
   * Unsaved previews one company keeps at once, and the room their sealed keys may take: a new preview drops
   * the company's oldest unsaved ones until it fits (a full 100,000-key preview takes 5 to 10 MB).
   */
  pendingPreviews: 3,
  pendingMegabytes: 20,
} as const;

/** The most channels one creator may list on /creator/onboarding. */
export const CHANNELS_MAX = 8;

export const COVERAGE_LIMITS = { linksPerRequest: 20, urlMax: 500 } as const;

/**
 * What a coverage link points to, or null when it is not an https address of a public site: a YouTube, Twitch
 * or TikTok video, else any web page.
 */
export function coverageKindOf(value: string): CoverageKind | null {
  if (value.length > COVERAGE_LIMITS.urlMax) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || !url.hostname.includes(".")) return null;
  const host = url.hostname.toLowerCase();
  const on = (h: string) => host === h || host.endsWith(`.${h}`);
  if (on("youtube.com") || on("youtu.be")) return "youtube";
  if (on("twitch.tv")) return "twitch";
  if (on("tiktok.com")) return "tiktok";
  return "web";
}
