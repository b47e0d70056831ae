import { youtubeVideoId } from "./promotions";

/** Videos, podcast episodes and collaborators: what the pages and the server both use. */

/** Cards per page of /videos and /podcast. */
export const CONTENT_PAGE_SIZE = 12;

/** The two kinds of item an admin publishes on the content tab. */
export const CONTENT_KINDS = ["video", "episode"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** An episode's platforms, in the order its page lists them (each link optional). */
export const PODCAST_PLATFORMS = ["spotify", "apple", "amazon", "ivoox", "steam"] as const;
export type PodcastPlatform = (typeof PODCAST_PLATFORMS)[number];

export const CONTENT_LIMITS = {
  slugMax: 80,
  titleMax: 160,
  descriptionMax: 4000,
  urlMax: 500,
  nameMax: 80,
  /** An uploaded thumbnail or avatar, as sent (re-encoded smaller). */
  imageMaxBytes: 5 * 1024 * 1024,
  collaboratorsMax: 20,
} as const;

/** The intents the content and collaborators tabs post. */
export const CONTENT_INTENTS = {
  create: "create",
  update: "update",
  delete: "delete",
  moveUp: "move-up",
  moveDown: "move-down",
  publish: "publish",
  unpublish: "unpublish",
} as const;

/** A YouTube video's id from its address (`youtubeVideoId`, shared with /collaborate) or the bare 11-character id. */
export function youtubeIdOf(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(v)) return v;
  // An address pasted without its scheme ("youtu.be/…", "www.youtube.com/watch?v=…").
  return youtubeVideoId(/^(?:www\.|m\.)?(?:youtube\.com|youtu\.be)\//i.test(v) ? `https://${v}` : v);
}
