import { roomChannel, type RoomsDeps } from "./deps";

/** Tells the room's open pages that the room changed (status, guest access); a failure only costs a live update. */
export async function announce(deps: Pick<RoomsDeps, "realtime" | "log">, roomId: string, type = "room.changed"): Promise<void> {
  await deps.realtime.publish(roomChannel(roomId), { type, id: roomId }).catch((err: unknown) => {
    deps.log.warn("room change not announced", { err, roomId });
  });
}
