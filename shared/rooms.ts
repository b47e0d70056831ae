/**
 * Episode rooms (SPEC §3 "Episode room", §4 episode status and schedule slot): what pages and server both read.
 */

/** SPEC §4: preparing, recorded, editing, published; the Spanish text adds "ready" (between preparing and recorded). */
export const EPISODE_STATUSES = ["preparing", "ready", "recorded", "editing", "published"] as const;
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];

/** SPEC §4: a slot is proposed, then accepted, confirmed or rejected. */
export const SLOT_STATUSES = ["proposed", "accepted", "confirmed", "rejected"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** Who is in a room: its host (a team member), its invited guest, or an Admin looking in. */
export const ROOM_ROLES = ["host", "guest", "admin"] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

/** The two live documents of a room. */
export const ROOM_DOCS = ["script", "notes"] as const;
export type RoomDoc = (typeof ROOM_DOCS)[number];

export const ROOM_LIMITS = {
  titleMax: 160,
  guestNameMax: 80,
  emailMax: 254,
  /** Days an invitation link works (the default of the `episode_rooms` setting). */
  tokenDays: 14,
  chatMax: 2000,
  linkTitleMax: 120,
  urlMax: 2048,
  summaryMax: 140,
  /** Characters of a script or notes document. */
  docMax: 200_000,
  /** One Yjs update sent over the socket. */
  updateBytesMax: 256 * 1024,
  fileBytesMax: 25 * 1024 * 1024,
  fileNameMax: 200,
  /** Files, links and open slots per room. */
  filesMax: 100,
  linksMax: 100,
  openSlotsMax: 20,
  slotMinutesMin: 15,
  slotMinutesMax: 240,
  /** Chat messages per page of history. */
  chatPage: 50,
  versionsPage: 30,
} as const;

/** Form intents of /episode-panel/{roomId}. */
export const ROOM_INTENTS = [
  "chat",
  "link-add",
  "link-remove",
  "file-upload",
  "file-delete",
  "script-save",
  "script-restore",
  "slot-propose",
  "slot-accept",
  "slot-reject",
  "slot-confirm",
  "time-zone",
] as const;
export type RoomIntent = (typeof ROOM_INTENTS)[number];

/** Form intents of /admin/episode-rooms. */
export const ROOM_ADMIN_INTENTS = ["create", "status", "reissue", "revoke", "publish", "purge-files"] as const;
export type RoomAdminIntent = (typeof ROOM_ADMIN_INTENTS)[number];

/** The cookie a guest's session for one room travels in (one per room, so a guest of two rooms keeps both). */
export const guestCookieName = (roomId: string) => `episode_guest_${roomId.replace(/-/g, "")}`;

/** The WebSocket of one room (live documents, chat, presence). */
export const roomSocketPath = (roomId: string) => `/api/realtime/rooms/${roomId}`;
export const ROOM_SOCKET_PREFIX = "/api/realtime/rooms/";
