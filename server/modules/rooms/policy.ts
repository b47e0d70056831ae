import { CAPABILITY_OTHER, CAPABILITY_SELF, type CapabilityCases } from "#server/modules/area";
import { hasRole, isStaff, ROLE_ADMIN, type Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { RoomRole } from "#shared/rooms";

/**
 * Every action of episode rooms, one per verb (SPEC §6: host and guest only; guests enter with an access token).
 * The team (Admins and Moderators) opens rooms and hosts them: a room's host is the team member who made it. A
 * room is open to its host, its invited guest (a verified guest session, or the account the guest linked) and
 * Admins; nobody else, whatever their role. Once the episode is published the guest's access ends and the room
 * is read-only.
 */
const TEAM_ACTIONS = [
  /** The "Episode rooms" admin tab: the rooms one hosts (an Admin: every room). */
  "episode_room.list",
  /** Opening a room and inviting its guest. */
  "episode_room.create",
] as const;
/** The host's (or an Admin's) actions on one room. */
const HOST_ACTIONS = [
  /** Title, guest name and email, related podcast, status. */
  "episode_room.update",
  /** A new invitation link (the open ones stop working). */
  "episode_room.reissue_token",
  /** Ending the guest's access: open links and guest sessions. */
  "episode_room.revoke_guest",
  /** Deleting the room's files once the episode is published. */
  "episode_room.purge_files",
  /** The guest's email address. */
  "episode_room.read_guest_email",
  /** Confirming one accepted slot as the recording time. */
  "episode_slot.confirm",
] as const;
/** What the host, the guest and Admins do inside a room. */
const MEMBER_ACTIONS = [
  /** Opening the room: script, schedule, chat, links, files, notes, and its live channel. */
  "episode_room.view",
  "episode_chat.send",
  "episode_link.add",
  "episode_link.remove",
  "episode_file.upload",
  "episode_file.download",
  "episode_file.delete",
  /** Editing the live script and notes. */
  "episode_doc.edit",
  /** Saving the script as a version. */
  "episode_script.save",
  /** Restoring an older version (as a new version). */
  "episode_script.restore",
  "episode_slot.propose",
  /** Accepting or rejecting the other side's slot. */
  "episode_slot.answer",
] as const;
/** Only the guest: tying the guest access to the account they are signed in with. */
const GUEST_ACTIONS = ["episode_guest.link_account"] as const;

export const ROOMS_ACTIONS = [...TEAM_ACTIONS, ...HOST_ACTIONS, ...MEMBER_ACTIONS, ...GUEST_ACTIONS] as const;
export type RoomsAction = (typeof ROOMS_ACTIONS)[number];

/**
 * One room, as the rules need it: its host, the account its guest linked, whether this request carries a
 * verified guest session of this room, and whether the episode is published.
 */
export type RoomResource = { hostId?: string; guestUserId?: string | null; guestSession?: boolean; published?: boolean };

const TEAM = new Set<RoomsAction>(TEAM_ACTIONS);
const HOST = new Set<RoomsAction>(HOST_ACTIONS);
const GUEST = new Set<RoomsAction>(GUEST_ACTIONS);
/** What may still be done in a published room (by its host and Admins). */
const AFTER_PUBLISHING = new Set<RoomsAction>([
  "episode_room.view",
  "episode_file.download",
  "episode_room.update",
  "episode_room.purge_files",
  "episode_room.read_guest_email",
]);

/** This person's place in the room: host, guest, Admin, or none. The guest's place ends with publishing. */
export function roomRole(actor: Actor, room: RoomResource): RoomRole | null {
  // Hosts are the team: someone who left the team no longer runs the rooms they opened (an Admin may hand them on).
  if (actor && room.hostId && actor.userId === room.hostId && isStaff(actor)) return "host";
  if (!room.published && (room.guestSession || (actor && room.guestUserId && actor.userId === room.guestUserId))) return "guest";
  if (hasRole(actor, ROLE_ADMIN)) return "admin";
  return null;
}

/** Pure rules (see the lists above). */
export function can(actor: Actor, action: RoomsAction, room: RoomResource = {}): boolean {
  if (TEAM.has(action)) return isStaff(actor);
  const role = roomRole(actor, room);
  if (!role) return false;
  if (room.published && !AFTER_PUBLISHING.has(action)) return false;
  if (GUEST.has(action)) return role === "guest" && !!actor;
  if (HOST.has(action)) return role === "host" || role === "admin";
  return true;
}

/**
 * Throws the code that explains a refusal. Team actions: a visitor must sign in, anyone else is forbidden.
 * Inside a room every outsider gets SPEC §8's 'You are not authorized to view this page.', and an insider
 * asking to change a published room is told it is published.
 */
export function assertCan(actor: Actor, action: RoomsAction, room: RoomResource = {}): void {
  if (can(actor, action, room)) return;
  if (TEAM.has(action)) throw new DomainError(actor ? "auth.forbidden" : "auth.unauthenticated");
  if (room.published && roomRole(actor, { ...room, published: false }) && roomRole(actor, room)) throw new DomainError("rooms.published");
  throw new DomainError("rooms.forbidden");
}

/** What the admin tab may offer this person. */
export function roomsAbilities(actor: Actor) {
  return { list: can(actor, "episode_room.list"), create: can(actor, "episode_room.create") };
}
export type RoomsAbilities = ReturnType<typeof roomsAbilities>;

/** What one room's page may offer this person in it. */
export function roomAbilities(actor: Actor, room: RoomResource) {
  const may = (action: RoomsAction) => can(actor, action, room);
  return {
    role: roomRole(actor, room),
    manage: may("episode_room.update"),
    readGuestEmail: may("episode_room.read_guest_email"),
    reissue: may("episode_room.reissue_token"),
    revokeGuest: may("episode_room.revoke_guest"),
    purgeFiles: may("episode_room.purge_files"),
    confirmSlot: may("episode_slot.confirm"),
    chat: may("episode_chat.send"),
    edit: may("episode_doc.edit"),
    saveScript: may("episode_script.save"),
    restoreScript: may("episode_script.restore"),
    addLink: may("episode_link.add"),
    removeLink: may("episode_link.remove"),
    upload: may("episode_file.upload"),
    download: may("episode_file.download"),
    deleteFile: may("episode_file.delete"),
    propose: may("episode_slot.propose"),
    answer: may("episode_slot.answer"),
    linkAccount: may("episode_guest.link_account"),
  };
}
export type RoomAbilities = ReturnType<typeof roomAbilities>;

/** The capability table: rooms one hosts and rooms of others. */
const own = { hostId: CAPABILITY_SELF };
const others = { hostId: CAPABILITY_OTHER };
export const ROOMS_CASES: CapabilityCases<RoomsAction, RoomResource> = Object.fromEntries(
  [...HOST_ACTIONS, ...MEMBER_ACTIONS].map((action) => [
    action,
    [
      { case: "own", resource: own },
      { case: "others", resource: others },
    ],
  ]),
);
