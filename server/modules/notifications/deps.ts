import { z } from "zod";
import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Realtime } from "#server/platform/realtime";

/**
 * What the notifications area needs. `now` is injectable for tests. `realtime` carries the live unread count
 * to the person's open pages; the forum knows nothing of it.
 */
export type NotificationsDeps = { db: Database; events: EventBus; now: () => Date; log: Logger; realtime: Realtime };

/**
 * The kinds of notification, each with its own setting: a reply in a followed thread, a mention, a
 * new thread by a followed person, a like, an accepted answer, a moderation action on one's content; and from
 * gamification: a new level, an unlocked achievement; and from creator key campaigns: a
 * company's decision on one's key request; and from episode rooms: news of a room one hosts or is the guest of
 * (a chat message, a slot, a status) while away from it.
 */
export const NOTIFICATION_TYPES = [
  "reply",
  "mention",
  "new_thread",
  "like",
  "answer_accepted",
  "moderation",
  "level_up",
  "achievement_unlocked",
  "campaign_decided",
  "episode_room",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export { NOTIFICATIONS_PAGE_SIZE as PAGE_SIZE } from "#shared/page-sizes";

export { parseInput } from "#server/modules/validate";

/** A boolean from JSON or a form field ("true"/"false", "on"/"off", "1"/"0"). */
export const flagField = z.preprocess(
  (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "off" || v === "0" ? false : v),
  z.boolean(),
);
