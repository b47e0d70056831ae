import { defineArea } from "#server/modules/area";
import type { RoomsDeps, RoomViewer } from "./deps";
import { RoomPresence } from "./presence";
import { ROOMS_ERRORS } from "./errors";
import { ROOMS_ACTIONS, ROOMS_CASES, can as canRooms, roomsAbilities } from "./policy";
import type { Actor } from "#server/modules/accounts/actor";
import type { RoomRole } from "#shared/rooms";
import { answerSlot } from "./answer-slot";
import { confirmSlot } from "./confirm-slot";
import { listSlots } from "./list-slots";
import { proposeSlot } from "./propose-slot";
import { tellRoomActivity, type RoomActivity } from "./room-notices";
import { setTimeZone } from "./set-time-zone";
import { enterLive } from "./enter-live";
import { editDoc } from "./edit-doc";
import { syncDoc } from "./sync-doc";
import { docTexts } from "./doc-text";
import { saveScriptVersion } from "./save-script-version";
import { listScriptVersions } from "./list-script-versions";
import { compareScriptVersions } from "./compare-script-versions";
import { restoreScriptVersion } from "./restore-script-version";
import { createRoom } from "./create-room";
import { roomsExportSection } from "./export-section";
import { listRooms } from "./list-rooms";
import { listPodcastChoices } from "./podcast-choices";
import { publishRoom } from "./publish-room";
import { purgeFiles } from "./purge-files";
import { reissueToken } from "./reissue-token";
import { revokeGuest } from "./revoke-guest";
import { updateRoom } from "./update-room";
import { verifyGuestToken, type GuestTokenInput } from "./verify-guest-token";
import { linkGuestAccount } from "./link-guest-account";
import { roomView } from "./room-view";
import { sendRoomMessage } from "./send-message";
import { listRoomMessages } from "./list-messages";
import { addRoomLink } from "./add-link";
import { removeRoomLink } from "./remove-link";
import { listRoomLinks } from "./list-links";
import { uploadRoomFile, type RoomFileUpload } from "./upload-file";
import { downloadRoomFile } from "./download-file";
import { deleteRoomFile } from "./delete-file";
import { listRoomFiles } from "./list-files";

export type { RoomsDeps, RoomViewer } from "./deps";
export type { RoomAbilities, RoomsAbilities, RoomResource } from "./policy";
export type { ScheduleView, SlotView } from "./list-slots";
export { ROOM_ACTIVITIES, tellRoomActivity, type RoomActivity } from "./room-notices";
export type { RoomHeader } from "./room-view";
export type { RoomMessage } from "./list-messages";
export type { RoomLink } from "./list-links";
export type { RoomFile } from "./list-files";
export { ROOMS_ACTIONS, can as canRooms, type RoomsAction } from "./policy";
export type { ScriptVersionRow } from "./list-script-versions";
export type { DiffPart, VersionComparison } from "./compare-script-versions";
export type { LiveEntry } from "./enter-live";
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
    verifyGuestToken: (viewer: RoomViewer, input: GuestTokenInput) => verifyGuestToken(deps, viewer, input),
    linkGuestAccount: (viewer: RoomViewer, input: { roomId?: unknown }) => linkGuestAccount(deps, viewer, input),

    // The room page: chat, links, files.
    roomView: (viewer: RoomViewer, input: { roomId?: unknown }) => roomView(deps, viewer, input),
    sendChat: (viewer: RoomViewer, input: { roomId?: unknown; body?: unknown }) => sendRoomMessage(deps, viewer, input),
    listChat: (viewer: RoomViewer, input: { roomId?: unknown; before?: unknown }) => listRoomMessages(deps, viewer, input),
    addLink: (viewer: RoomViewer, input: { roomId?: unknown; title?: unknown; url?: unknown }) => addRoomLink(deps, viewer, input),
    removeLink: (viewer: RoomViewer, input: { roomId?: unknown; linkId?: unknown }) => removeRoomLink(deps, viewer, input),
    listLinks: (viewer: RoomViewer, input: { roomId?: unknown }) => listRoomLinks(deps, viewer, input),
    uploadFile: (viewer: RoomViewer, input: RoomFileUpload) => uploadRoomFile(deps, viewer, input),
    downloadFile: (viewer: RoomViewer, input: { roomId?: unknown; fileId?: unknown }) => downloadRoomFile(deps, viewer, input),
    deleteFile: (viewer: RoomViewer, input: { roomId?: unknown; fileId?: unknown }) => deleteRoomFile(deps, viewer, input),
    listFiles: (viewer: RoomViewer, input: { roomId?: unknown }) => listRoomFiles(deps, viewer, input),

    // The live documents: script versions, notes.
    /** Who has each room open on this instance (kept by the room socket). */
    presence: deps.presence,
    enterLive: (viewer: RoomViewer, roomId: unknown) => enterLive(deps, viewer, roomId),
    editDoc: (viewer: RoomViewer, input: Parameters<typeof editDoc>[2]) => editDoc(deps, viewer, input),
    syncDoc: (viewer: RoomViewer, input: Parameters<typeof syncDoc>[2]) => syncDoc(deps, viewer, input),
    docTexts: (viewer: RoomViewer, roomId: unknown) => docTexts(deps, viewer, roomId),
    saveScriptVersion: (viewer: RoomViewer, input: Parameters<typeof saveScriptVersion>[2]) => saveScriptVersion(deps, viewer, input),
    listScriptVersions: (viewer: RoomViewer, input: Parameters<typeof listScriptVersions>[2]) => listScriptVersions(deps, viewer, input),
    compareScriptVersions: (viewer: RoomViewer, input: Parameters<typeof compareScriptVersions>[2]) =>
      compareScriptVersions(deps, viewer, input),
    restoreScriptVersion: (viewer: RoomViewer, input: Parameters<typeof restoreScriptVersion>[2]) =>
      restoreScriptVersion(deps, viewer, input),

    // The schedule.
    listSlots: (viewer: RoomViewer, input: { roomId: unknown }) => listSlots(deps, viewer, input),
    proposeSlot: (viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) => proposeSlot(deps, viewer, input),
    answerSlot: (viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) => answerSlot(deps, viewer, input),
    confirmSlot: (viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) => confirmSlot(deps, viewer, input),
    setTimeZone: (viewer: RoomViewer, input: { roomId: unknown } & Record<string, unknown>) => setTimeZone(deps, viewer, input),
    /** Tells the room's people, when away, what was done in it (the chat and status changes call it). */
    tellActivity: (roomId: string, kind: RoomActivity, by: RoomRole) => tellRoomActivity(deps, roomId, kind, by),
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
