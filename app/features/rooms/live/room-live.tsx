import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CONNECT_TIMEOUT_MS, RECONNECT_DELAYS_MS } from "#app/features/notifications/realtime-client";
import { roomSocketPath, type RoomRole } from "#shared/rooms";

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
  /** Sends a message on the socket; false when it is not open (nothing is queued). */
  send(message: Record<string, unknown>): boolean;
  /** Whether the server lets this person edit the documents now (null until the socket is ready). */
  edit: boolean | null;
  /** Closed for good: the guest access ended or the episode was published (close code 4003). */
  ended: boolean;
};

/** The server closes with this code when the person may no longer be in the room. */
const CLOSE_ACCESS_ENDED = 4003;
/** Attempts in a row after which the socket rests until the page is shown again or the network returns. */
const MAX_ATTEMPTS = 12;

const Offline: RoomLive = { status: "offline", present: [], on: () => () => undefined, send: () => false, edit: null, ended: false };
const RoomLiveContext = createContext<RoomLive>(Offline);

/** Everyone in the room, from each instance's list (the same person on two instances is shown once). */
function union(byInstance: Map<string, RoomPresent[]>): RoomPresent[] {
  const seen = new Map<string, RoomPresent>();
  for (const list of byInstance.values()) for (const p of list) seen.set(`${p.role}:${p.name}`, p);
  return [...seen.values()].sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name));
}

/**
 * Opens the room's socket while the page is shown, reconnecting with the SPEC's delays (1, 2, 5, 10 s).
 * Listeners added with `on` hear every message of their type; "ready" is sent to them too (after each
 * connection: what was missed while offline must be read again), and "closed" when the socket drops.
 */
export function RoomLiveProvider({ roomId, children }: { roomId: string; children: ReactNode }) {
  const [status, setStatus] = useState<RoomLive["status"]>("connecting");
  const [present, setPresent] = useState<RoomPresent[]>([]);
  const [edit, setEdit] = useState<boolean | null>(null);
  const [ended, setEnded] = useState(false);
  const listeners = useRef(new Map<string, Set<(event: RoomEvent) => void>>());
  const socketRef = useRef<WebSocket | null>(null);
  const endedRef = useRef(false);

  const emit = useCallback((event: RoomEvent) => {
    for (const listener of [...(listeners.current.get(event.type) ?? [])]) {
      try {
        listener(event);
      } catch (err) {
        console.error(err);
      }
    }
  }, []);

  useEffect(() => {
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const byInstance = new Map<string, RoomPresent[]>();

    const open = () => {
      retry = undefined;
      setStatus("connecting");
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${roomSocketPath(roomId)}`);
      socketRef.current = ws;
      const timeout = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
      ws.onmessage = (e) => {
        let event: RoomEvent;
        try {
          event = JSON.parse(String(e.data)) as RoomEvent;
        } catch {
          return;
        }
        if (event.type === "ready") {
          clearTimeout(timeout);
          attempt = 0;
          setStatus("live");
          setEdit(event.edit === true);
        } else if (event.type === "access") {
          setEdit(event.edit === true);
        } else if (event.type === "presence" && typeof event.instance === "string") {
          try {
            const list = JSON.parse(String(event.present)) as RoomPresent[];
            if (list.length) byInstance.set(event.instance, list);
            else byInstance.delete(event.instance);
            setPresent(union(byInstance));
          } catch {
            // A malformed list changes nothing.
          }
        }
        emit(event);
      };
      ws.onclose = (e) => {
        clearTimeout(timeout);
        if (socketRef.current !== ws) return;
        socketRef.current = null;
        byInstance.clear();
        setPresent([]);
        setStatus("offline");
        emit({ type: "closed", code: e.code });
        if (e.code === CLOSE_ACCESS_ENDED) {
          endedRef.current = true;
          setEnded(true);
          return;
        }
        if (stopped || attempt >= MAX_ATTEMPTS) return;
        retry = setTimeout(open, RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
        attempt++;
      };
    };

    // Back from a hidden tab or a lost network: try at once instead of waiting out the delay.
    const wake = () => {
      if (stopped || socketRef.current || endedRef.current || document.visibilityState !== "visible") return;
      clearTimeout(retry);
      attempt = 0;
      open();
    };
    open();
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    return () => {
      stopped = true;
      clearTimeout(retry);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
      const ws = socketRef.current;
      socketRef.current = null;
      ws?.close();
    };
  }, [roomId, emit]);

  const on = useCallback((type: string, listener: (event: RoomEvent) => void) => {
    let set = listeners.current.get(type);
    if (!set) listeners.current.set(type, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }, []);

  const send = useCallback((message: Record<string, unknown>) => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(message));
    return true;
  }, []);

  const value = useMemo<RoomLive>(() => ({ status, present, on, send, edit, ended }), [status, present, on, send, edit, ended]);
  return <RoomLiveContext.Provider value={value}>{children}</RoomLiveContext.Provider>;
}

export const useRoomLive = () => useContext(RoomLiveContext);
