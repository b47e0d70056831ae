import type { LiveNotificationDetail } from "#server/modules/notifications";

/**
 * The browser's end of /api/realtime: one WebSocket while a signed-in page is open. The server sends small
 * JSON messages (`ready` once subscribed, then `notification`/`unread` counts — a new level or achievement
 * with what its toast says —, `resync` when it may have
 * missed some). Reconnects with the SPEC's delays (1, 2, 5, 10 s); a handshake that does not finish within
 * 10 s counts as failed. After many failures in a row (a session that ended, a server gone for long) it rests
 * until the page is shown again or the network comes back.
 */
export type RealtimeEvent = { type: string; unread?: number } & Partial<LiveNotificationDetail>;

export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
export const CONNECT_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 12;

export type RealtimeHandlers = {
  onMessage(event: RealtimeEvent): void;
  /** Subscribed again after a drop: whatever was sent meanwhile was missed, so read the state again. */
  onReconnect(): void;
};

type Connection = { hold(): Promise<void>; release(): void };
const connections = new Set<Connection>();

/**
 * Closes every live socket of this page and keeps them closed until the returned function is called. Signing
 * out waits for it: a handshake still in flight when the session ends would be refused (401), which the
 * browser reports as an error on the page.
 */
export async function holdRealtime(): Promise<() => void> {
  const held = [...connections];
  await Promise.all(held.map((c) => c.hold()));
  return () => held.forEach((c) => c.release());
}

export function connectRealtime(handlers: RealtimeHandlers, path = "/api/realtime"): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let held = false;
  /** Tries since the last successful subscription. */
  let attempt = 0;
  let everReady = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    retry = undefined;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}${path}`);
    socket = ws;
    const timeout = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
    ws.onmessage = (e) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(String(e.data)) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.type === "ready") {
        clearTimeout(timeout);
        attempt = 0;
        if (everReady) handlers.onReconnect();
        everReady = true;
        return;
      }
      if (event.type === "resync") return handlers.onReconnect();
      handlers.onMessage(event);
    };
    ws.onclose = () => {
      clearTimeout(timeout);
      if (socket !== ws) return;
      socket = null;
      if (stopped || held || attempt >= MAX_ATTEMPTS) return;
      retry = setTimeout(open, RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]);
      attempt++;
    };
  };

  // Back from a hidden tab or a lost network: try at once instead of waiting out the delay.
  const wake = () => {
    if (stopped || held || socket || document.visibilityState !== "visible") return;
    clearTimeout(retry);
    attempt = 0;
    open();
  };
  /** Closes the socket; a handshake in flight is let finish first (closing it makes the browser log an error). */
  const shut = (): Promise<void> => {
    clearTimeout(retry);
    const ws = socket;
    socket = null;
    if (!ws) return Promise.resolve();
    if (ws.readyState !== WebSocket.CONNECTING) {
      ws.close();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const limit = setTimeout(resolve, CONNECT_TIMEOUT_MS);
      const done = () => {
        clearTimeout(limit);
        resolve();
      };
      ws.onopen = () => {
        ws.close();
        done();
      };
      ws.addEventListener("close", done);
    });
  };

  const connection: Connection = {
    hold() {
      held = true;
      return shut();
    },
    release() {
      held = false;
      if (stopped || socket) return;
      attempt = 0;
      open();
    },
  };
  connections.add(connection);
  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  open();

  return () => {
    stopped = true;
    connections.delete(connection);
    document.removeEventListener("visibilitychange", wake);
    window.removeEventListener("online", wake);
    void shut();
  };
}
