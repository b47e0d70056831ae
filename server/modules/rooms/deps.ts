import type { Database } from "#server/db/client";
import type { EventBus } from "#server/platform/events";
import type { Logger } from "#server/platform/logger";
import type { Mailer } from "#server/platform/mail";
import type { RateLimiter } from "#server/platform/rate-limit";
import type { Realtime } from "#server/platform/realtime";
import type { Storage } from "#server/platform/storage";
import type { SettingsStore } from "#server/modules/site/settings";
import type { Actor } from "#server/modules/accounts/actor";
import type { RoomPresence } from "./presence";

/** What the room operations need; each takes the part it uses. `now` is injectable for tests. */
export type RoomsDeps = {
  db: Database;
  settings: SettingsStore;
  mailer: Mailer;
  storage: Storage;
  realtime: Realtime;
  rateLimiter: RateLimiter;
  events: EventBus;
  /** Who has each room open on this instance (the room socket keeps it). */
  presence: RoomPresence;
  siteName: string;
  baseUrl: string;
  now: () => Date;
  log: Logger;
};

/**
 * Who is asking, as a room operation sees it: the signed-in person (or null) and the secret of this room's
 * guest cookie, if the request carried one. The operation verifies the secret itself.
 */
export type RoomViewer = { actor: Actor; guestSecret: string | null };

/** The room's live channel (chat, presence, documents, slots): `room:<id>`. */
export const roomChannel = (roomId: string) => `room:${roomId}`;

/** Where a room's private files live in the storage layer: never under a public prefix. */
export const roomFilePrefix = (roomId: string) => `private/episode-rooms/${roomId}/`;

/** One email per hour at most per room and recipient. */
export const ROOM_MAIL_INTERVAL_MS = 3_600_000;

export { parseInput } from "#server/modules/validate";
