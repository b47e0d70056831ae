import { defineArea } from "#server/modules/area";
import type { RoomsDeps } from "./deps";
import { RoomPresence } from "./presence";
import { ROOMS_ERRORS } from "./errors";
import { ROOMS_ACTIONS, ROOMS_CASES, can as canRooms, roomsAbilities } from "./policy";
import type { Actor } from "#server/modules/accounts/actor";
import { createRoom } from "./create-room";
import { roomsExportSection } from "./export-section";
import { listRooms } from "./list-rooms";
import { listPodcastChoices } from "./podcast-choices";
import { publishRoom } from "./publish-room";
import { purgeFiles } from "./purge-files";
import { reissueToken } from "./reissue-token";
import { revokeGuest } from "./revoke-guest";
import { updateRoom } from "./update-room";

export type { RoomsDeps, RoomViewer } from "./deps";
export type { RoomAbilities, RoomsAbilities, RoomResource } from "./policy";
export { ROOMS_ACTIONS, can as canRooms, type RoomsAction } from "./policy";
export type { RoomListItem, TokenState } from "./list-rooms";
export type { PodcastChoice } from "./podcast-choices";
export { ROOMS_PAGE_SIZE } from "./list-rooms";

/**
 * Episode rooms, as route modules reach them (`context.services.rooms`): the team's "Episode rooms" tab, the
 * guest access page and /episode-panel/{roomId}; every operation bound to its dependencies, each taking the
 * viewer (the actor, and the room's guest cookie where a guest may act) and checking its permission.
 */
export function createRoomsService(deps: RoomsDeps) {
  return {
    abilities: (actor: Actor) => roomsAbilities(actor),
    // The admin tab: rooms, invitations, status, publishing.
    list: (actor: Actor, input: unknown) => listRooms(deps, actor, input),
    podcastChoices: (actor: Actor) => listPodcastChoices(deps, actor),
    create: (actor: Actor, input: unknown) => createRoom(deps, actor, input),
    update: (actor: Actor, input: unknown) => updateRoom(deps, actor, input),
    reissueToken: (actor: Actor, input: unknown) => reissueToken(deps, actor, input),
    revokeGuest: (actor: Actor, input: unknown) => revokeGuest(deps, actor, input),
    publish: (actor: Actor, input: unknown) => publishRoom(deps, actor, input),
    purgeFiles: (actor: Actor, input: unknown) => purgeFiles(deps, actor, input),

    // The guest access page and guest sessions.

    // The room page: chat, links, files.

    // The live documents: script versions, notes.

    // The schedule.
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;

declare module "#server/modules/area" {
  interface AreaServices {
    rooms: RoomsService;
  }
}

/** Podcast episode rooms (SPEC §1 podcast guests, §3 Episode room, §6 host and guest only). Never indexed. */
export const roomsArea = defineArea({
  name: "rooms",
  deps: (ctx): RoomsDeps => ({
    db: ctx.db,
    settings: ctx.settings,
    mailer: ctx.mailer,
    storage: ctx.storage,
    realtime: ctx.realtime,
    rateLimiter: ctx.rateLimiter,
    events: ctx.events,
    presence: new RoomPresence(),
    siteName: ctx.env.siteName,
    baseUrl: ctx.env.baseUrl,
    now: ctx.now,
    log: ctx.log.child({ area: "rooms" }),
  }),
  service: createRoomsService,
  errors: ROOMS_ERRORS,
  policy: { actions: ROOMS_ACTIONS, can: canRooms, cases: ROOMS_CASES },
  exportSection: roomsExportSection,
});
