import { GAME_EVENT_TYPES } from "./promotions";

/**
 * The analytics events the site records (SPEC §3 analytics event), one list for the pages that send them and
 * the server that accepts them: an event of any other type is refused (`input.invalid`).
 *
 * - The featured games' events (`GAME_EVENT_TYPES`): sent by app/lib/game-analytics-client.ts from
 *   `data-game-event`, always with the game's id.
 * - The site's events (`SITE_EVENT_TYPES`): sent by app/lib/track-clicks.ts from any element carrying
 *   `data-track-event="<type>"` (with `data-track-id` as the element id and `data-track-detail` in the metadata).
 *
 * Each type has its sentence in the resource wiki (`site:resources.analyticsEvents.items.<type>`).
 */
export const SITE_EVENT_TYPES = ["video_play", "podcast_platform_click", "job_apply_click", "campaign_request_click"] as const;
export type SiteEventType = (typeof SITE_EVENT_TYPES)[number];

export const ANALYTICS_EVENT_TYPES = [...GAME_EVENT_TYPES, ...SITE_EVENT_TYPES] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const isSiteEventType = (v: string | undefined | null): v is SiteEventType =>
  !!v && (SITE_EVENT_TYPES as readonly string[]).includes(v);

/** How many rows each "top" table of the site analytics shows (pages, referrers, countries, devices, events). */
export const SITE_ANALYTICS_TOP = 20;

/** The tables of the site analytics, each downloadable as CSV (`?table=`) and together as one workbook. */
export const SITE_ANALYTICS_TABLES = ["daily", "pages", "referrers", "countries", "devices", "events"] as const;
export type SiteAnalyticsTable = (typeof SITE_ANALYTICS_TABLES)[number];
