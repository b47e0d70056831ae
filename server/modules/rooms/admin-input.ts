import { z } from "zod";
import { LOCALES } from "#shared/locales";
import { EPISODE_STATUSES, ROOM_LIMITS } from "#shared/rooms";

/**
 * Field rules of the "Episode rooms" admin tab (create, update, publish, list). Each message is an
 * `errors:rooms.*` key shown beside its field.
 */
// eslint-disable-next-line no-control-regex -- the characters refused in a one-line field
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Where the host is when no time zone is given. */
export const DEFAULT_HOST_TIME_ZONE = "Europe/Madrid";

/** Whether the platform knows this IANA time zone (`Europe/Madrid`, `America/Mexico_City`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const line = (required: string, tooLong: string, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !CONTROL.test(v), required);

export const roomTitle = line("errors:rooms.title_required", "errors:rooms.title_too_long", ROOM_LIMITS.titleMax);
export const guestName = line("errors:rooms.guest_name_required", "errors:rooms.guest_name_too_long", ROOM_LIMITS.guestNameMax);
export const guestEmail = z
  .string("errors:rooms.guest_email_invalid")
  .trim()
  .toLowerCase()
  .min(1, "errors:rooms.guest_email_invalid")
  .max(ROOM_LIMITS.emailMax, "errors:rooms.guest_email_invalid")
  .pipe(z.email("errors:rooms.guest_email_invalid"));
/** The related podcast episode: an id, or nothing (an empty select). */
export const podcastId = z
  .string()
  .trim()
  .max(100, "errors:rooms.podcast_not_found")
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const createRoomInput = z.object({
  title: roomTitle,
  guestName,
  guestEmail,
  guestLocale: z.enum(LOCALES, "errors:rooms.guest_locale_invalid"),
  podcastId,
  hostTimeZone: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v : DEFAULT_HOST_TIME_ZONE))
    .refine(isTimeZone, "errors:rooms.time_zone_invalid"),
});

/** A room's id as forms carry it (openRoom refuses a malformed one as not found). */
const roomId = z.string().max(64);

export const updateRoomInput = z.object({
  roomId,
  title: roomTitle.optional(),
  guestName: guestName.optional(),
  guestEmail: guestEmail.optional(),
  /** Left out: unchanged; empty: no related episode. */
  podcastId: z.string().trim().max(100, "errors:rooms.podcast_not_found").optional(),
  status: z.enum(EPISODE_STATUSES, "errors:rooms.status_invalid").optional(),
});

export const PUBLISH_FILES = ["keep", "purge"] as const;
export type PublishFiles = (typeof PUBLISH_FILES)[number];
export const publishRoomInput = z.object({ roomId, files: z.enum(PUBLISH_FILES, "errors:rooms.files_choice_required") });

export const roomIdInput = z.object({ roomId });

/** The room an input names, as `openRoom` checks it first (it refuses anything but a room's id). */
export const roomIdOf = (input: unknown): unknown =>
  input && typeof input === "object" ? (input as { roomId?: unknown }).roomId : undefined;

/** The list's address: the status filter, whose rooms (an Admin's choice) and the page. */
export const ROOM_LIST_STATUSES = ["all", ...EPISODE_STATUSES] as const;
export const ROOM_LIST_HOSTS = ["all", "mine"] as const;
export const listRoomsInput = z.object({
  status: z.enum(ROOM_LIST_STATUSES).catch("all"),
  host: z.enum(ROOM_LIST_HOSTS).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
