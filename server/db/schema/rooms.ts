import { sql } from "drizzle-orm";
import { bigserial, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { EpisodeStatus, RoomDoc, RoomRole, SlotStatus } from "#shared/rooms";
import { users } from "./accounts";
import { podcastEpisodes } from "./content";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
  toDriver: (v) => v,
});

/**
 * SPEC §3 Episode room: a host (a team member) prepares a podcast episode with one invited guest. The guest's
 * email is shown only to the host and Admins. `guest_user_id` is set when the guest links an account.
 */
export const episodeRooms = pgTable(
  "episode_rooms",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    /** The language the guest's mails are written in. */
    guestLocale: text("guest_locale").notNull().default("es"),
    guestUserId: text("guest_user_id").references(() => users.id, { onDelete: "set null" }),
    hostId: text("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    podcastId: text("podcast_id").references(() => podcastEpisodes.id, { onDelete: "set null" }),
    status: text("status").$type<EpisodeStatus>().notNull().default("preparing"),
    /** The host's time zone (IANA), shown to the guest beside their own. */
    hostTimeZone: text("host_time_zone").notNull().default("Europe/Madrid"),
    guestTimeZone: text("guest_time_zone"),
    publishedAt: ts("published_at"),
    filesPurgedAt: ts("files_purged_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("episode_rooms_host_idx").on(t.hostId, t.createdAt),
    index("episode_rooms_status_idx").on(t.status, t.createdAt),
    check("episode_rooms_status_check", sql`${t.status} in ('preparing', 'ready', 'recorded', 'editing', 'published')`),
    check("episode_rooms_guest_locale_check", sql`${t.guestLocale} in ('es', 'en')`),
  ],
);

/**
 * An invitation link's access token: only its SHA-256 is kept. Single use (`used_at`), expiring, revocable;
 * re-issuing revokes the open ones and makes a new one.
 */
export const episodeRoomTokens = pgTable(
  "episode_room_tokens",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    revokedAt: ts("revoked_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("episode_room_tokens_hash_idx").on(t.tokenHash), index("episode_room_tokens_room_idx").on(t.roomId, t.createdAt)],
);

/**
 * A guest's session in one room, started by a used token. The cookie carries a random secret; only its SHA-256 is
 * kept. It ends when the host revokes it or the room is published.
 */
export const episodeGuestSessions = pgTable(
  "episode_guest_sessions",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    tokenId: text("token_id").references(() => episodeRoomTokens.id, { onDelete: "set null" }),
    secretHash: text("secret_hash").notNull(),
    /** The account the guest linked, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: ts("revoked_at"),
    lastSeenAt: ts("last_seen_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("episode_guest_sessions_secret_idx").on(t.secretHash), index("episode_guest_sessions_room_idx").on(t.roomId)],
);

/**
 * The Yjs updates of a room's live documents (script, notes), in the order they were applied. A restart or
 * another instance rebuilds the document from them; compaction replaces many rows by one merged update.
 */
export const episodeDocUpdates = pgTable(
  "episode_doc_updates",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    doc: text("doc").$type<RoomDoc>().notNull(),
    update: bytea("update").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("episode_doc_updates_room_doc_idx").on(t.roomId, t.doc, t.id),
    check("episode_doc_updates_doc_check", sql`${t.doc} in ('script', 'notes')`),
  ],
);

/** A saved version of the script: its text as it was, who saved it and a short summary. Restoring makes a new one. */
export const episodeScriptVersions = pgTable(
  "episode_script_versions",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    body: text("body").notNull(),
    summary: text("summary").notNull().default(""),
    authorRole: text("author_role").$type<RoomRole>().notNull(),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown, kept as it was. */
    authorName: text("author_name").notNull(),
    restoredFrom: integer("restored_from"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("episode_script_versions_number_idx").on(t.roomId, t.number)],
);

/** SPEC §4 schedule slot: proposed by either side, accepted or rejected by the other, one confirmed by the host. */
export const episodeSlots = pgTable(
  "episode_slots",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    startsAt: ts("starts_at").notNull(),
    minutes: integer("minutes").notNull(),
    status: text("status").$type<SlotStatus>().notNull().default("proposed"),
    proposedBy: text("proposed_by").$type<RoomRole>().notNull(),
    decidedAt: ts("decided_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("episode_slots_room_idx").on(t.roomId, t.startsAt),
    // At most one confirmed slot per room.
    uniqueIndex("episode_slots_confirmed_idx")
      .on(t.roomId)
      .where(sql`${t.status} = 'confirmed'`),
    check("episode_slots_status_check", sql`${t.status} in ('proposed', 'accepted', 'confirmed', 'rejected')`),
  ],
);

/** The room's chat, kept. */
export const episodeMessages = pgTable(
  "episode_messages",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    authorRole: text("author_role").$type<RoomRole>().notNull(),
    authorUserId: text("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("episode_messages_room_idx").on(t.roomId, t.createdAt)],
);

export const episodeLinks = pgTable(
  "episode_links",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    addedByRole: text("added_by_role").$type<RoomRole>().notNull(),
    addedByName: text("added_by_name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("episode_links_room_idx").on(t.roomId, t.createdAt)],
);

/** A file of the room, stored under `private/episode-rooms/<room>/<random>`: served only through the room's route. */
export const episodeFiles = pgTable(
  "episode_files",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    uploadedByRole: text("uploaded_by_role").$type<RoomRole>().notNull(),
    uploadedByName: text("uploaded_by_name").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("episode_files_room_idx").on(t.roomId, t.createdAt)],
);

/**
 * When each side of a room was last emailed about it: one email per hour at most per room and person
 * (a conditional update claims the right to send).
 */
export const episodeRoomMailClock = pgTable(
  "episode_room_mail_clock",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => episodeRooms.id, { onDelete: "cascade" }),
    recipient: text("recipient").$type<"host" | "guest">().notNull(),
    lastSentAt: ts("last_sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.recipient] })],
);
