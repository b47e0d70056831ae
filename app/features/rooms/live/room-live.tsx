import { createContext, useContext, type ReactNode } from "react";
import type { RoomRole } from "#shared/rooms";

/**
 * The room's live channel on the page: one WebSocket to /api/realtime/rooms/{roomId} shared by every section
 * (chat, presence, script, notes, schedule). Messages on it are small: `{ type, ...ids }` (chat.message,
 * link.changed, file.changed, slot.changed, version.saved, room.changed, presence) plus the documents' Yjs sync.
 */
export type RoomPresent = { role: RoomRole; name: string };
export type RoomEvent = { type: string } & Record<string, string | number | boolean | null>;
export type RoomLive = {
  /** "connecting" until subscribed, "live", or "offline" between reconnection attempts. */
  status: "connecting" | "live" | "offline";
  present: RoomPresent[];
  /** Listens to one kind of message; returns a function that stops listening. */
  on(type: string, listener: (event: RoomEvent) => void): () => void;
};

const Offline: RoomLive = { status: "offline", present: [], on: () => () => undefined };
const RoomLiveContext = createContext<RoomLive>(Offline);

/** Opens the room's socket while the page is shown (placeholder: the live channel arrives with its own module). */
export function RoomLiveProvider({ children }: { roomId: string; children: ReactNode }) {
  return <RoomLiveContext.Provider value={Offline}>{children}</RoomLiveContext.Provider>;
}

export const useRoomLive = () => useContext(RoomLiveContext);
