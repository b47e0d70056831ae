import { EventEmitter } from "node:events";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { createNodeWebSocket } from "@hono/node-ws";
import type { Hono } from "hono";
import type { Auth } from "./auth";
import type { Logger } from "./logger";
import { userChannel, type Realtime } from "./realtime";

export const REALTIME_PATH = "/api/realtime";
/** SPEC §9: socket heartbeat 25 seconds. A socket that did not answer the previous ping is dropped. */
export const HEARTBEAT_MS = 25_000;
/** Clients only listen; anything they send is tiny or ignored. */
const MAX_INCOMING_BYTES = 1024;
/** setTimeout's limit is about 24.8 days; a longer session is checked again when the socket reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export type RealtimeEndpointOptions = {
  realtime: Realtime;
  auth: Auth;
  /** The site's public origin: a browser on any other page may not open a socket with our cookies. */
  baseUrl: string;
  log: Logger;
  heartbeatMs?: number;
};

/**
 * Another WebSocket endpoint under REALTIME_PATH (the episode rooms' `/api/realtime/rooms/{id}`), made by
 * whoever mounts it on the app: `attach` hands it the upgrades whose path starts with its prefix.
 */
export type RealtimeSubEndpoint = {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly size: number;
  close(): Promise<void>;
};

export type RealtimeEndpoint = {
  /**
   * Sends this server's WebSocket upgrades for REALTIME_PATH (and the mounted endpoints' prefixes) through the
   * Hono app; other upgrades are refused.
   */
  attach(server: Server): void;
  /** Adds an endpoint for the upgrades whose path starts with `prefix`; closed with this one. */
  mount(prefix: string, endpoint: RealtimeSubEndpoint): void;
  /** Open sockets (for tests and logs). */
  readonly size: number;
  /** Closes every socket (1001, "going away") and stops the heartbeat. */
  close(): Promise<void>;
};

/** The little of a `ws` socket the endpoints use (the package ships no types of its own). */
export type RawSocket = {
  readonly readyState: number;
  readonly OPEN: number;
  readonly CLOSED: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: "pong", listener: () => void): void;
  once(event: "close", listener: () => void): void;
};

type Peer = { ws: RawSocket; userId: string; alive: boolean; unsubscribe: () => void; expiry?: ReturnType<typeof setTimeout> };

/**
 * The WebSocket endpoint at /api/realtime (ARCHITECTURE mount order: after /api/v1, before static files and
 * pages). The upgrade request runs through the whole Hono app (request id, log, maintenance gate), then
 * this route checks the Origin against the site's base URL and the session cookie with better-auth, and
 * subscribes the socket to its person's channel (`user:<id>`). Nothing a client sends is read.
 */
export function mountRealtime(app: Hono<any>, opts: RealtimeEndpointOptions): RealtimeEndpoint {
  const { realtime, auth, log } = opts;
  const baseOrigin = new URL(opts.baseUrl).origin;
  const nodeWs = createNodeWebSocket({ app, baseUrl: opts.baseUrl });
  // @hono/node-ws builds its server without options; ws reads maxPayload from them at each upgrade.
  (nodeWs.wss.options as { maxPayload?: number }).maxPayload = MAX_INCOMING_BYTES;
  const peers = new Set<Peer>();
  const sessions = new WeakMap<Request, { userId: string; expiresAt: Date }>();
  let closing = false;

  app.get(
    REALTIME_PATH,
    async (c, next) => {
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket" || !c.env?.incoming) {
        return c.json({ error: { code: "upgrade_required" } }, 426);
      }
      // Shutting down: the client tries again, and reaches another instance or this one restarted.
      if (closing) return c.json({ error: { code: "unavailable" } }, 503);
      // Browsers always send Origin with a WebSocket handshake; a missing or foreign one is refused.
      if (c.req.header("origin") !== baseOrigin) return c.json({ error: { code: "auth.forbidden" } }, 403);
      // No refresh here: a renewed session's cookie could not reach the browser through a handshake.
      const session = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } }).catch(() => null);
      if (!session) return c.json({ error: { code: "auth.unauthenticated" } }, 401);
      sessions.set(c.req.raw, { userId: session.user.id, expiresAt: new Date(session.session.expiresAt) });
      await next();
    },
    nodeWs.upgradeWebSocket((c) => {
      const who = sessions.get(c.req.raw)!;
      let peer: Peer | undefined;
      return {
        onOpen(_event, ctx) {
          const ws = ctx.raw as unknown as RawSocket;
          const p: Peer = {
            ws,
            userId: who.userId,
            alive: true,
            unsubscribe: realtime.subscribe(userChannel(who.userId), (message) => {
              if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
            }),
          };
          ws.on("pong", () => (p.alive = true));
          // The socket lives no longer than the session that opened it.
          const left = who.expiresAt.getTime() - Date.now();
          p.expiry = setTimeout(() => ws.close(4001, "session expired"), Math.max(0, Math.min(left, MAX_TIMER_MS)));
          peer = p;
          track(p);
          // Subscribed: from now on nothing published for this person is missed.
          ws.send(JSON.stringify({ type: "ready" }));
        },
        onClose() {
          if (!peer) return;
          peer.unsubscribe();
          clearTimeout(peer.expiry);
          untrack(peer);
        },
        onError(event) {
          log.debug("realtime socket error", { err: String((event as ErrorEvent).error ?? event) });
        },
      };
    }),
  );

  // The heartbeat runs while sockets are open.
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const beat = () => pingAll(peers);
  const track = (p: Peer) => {
    peers.add(p);
    heartbeat ??= setInterval(beat, opts.heartbeatMs ?? HEARTBEAT_MS);
  };
  const untrack = (p: Peer) => {
    peers.delete(p);
    if (peers.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  const upgrades = new EventEmitter();
  nodeWs.injectWebSocket(upgrades as unknown as Server);
  const mounted: { prefix: string; endpoint: RealtimeSubEndpoint }[] = [];

  return {
    attach(server) {
      server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Node's HTTP server stops watching the socket's errors once it is handed over for an upgrade.
        socket.on("error", () => socket.destroy());
        const path = (req.url ?? "").split("?")[0];
        if (path === REALTIME_PATH) return void upgrades.emit("upgrade", req, socket, head);
        const other = mounted.find((m) => path.startsWith(m.prefix));
        if (other) return other.endpoint.upgrade(req, socket, head);
        socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      });
    },
    mount(prefix, endpoint) {
      mounted.push({ prefix, endpoint });
    },
    get size() {
      return peers.size;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await closeAll(peers);
      nodeWs.wss.close();
      await Promise.all(mounted.map((m) => m.endpoint.close()));
    },
  };
}

/** The heartbeat's round: a socket that did not answer the previous ping is dropped, the others are pinged. */
export function pingAll(peers: Iterable<{ ws: RawSocket; alive: boolean }>) {
  for (const p of peers) {
    if (!p.alive) {
      p.ws.terminate();
      continue;
    }
    p.alive = false;
    p.ws.ping();
  }
}

/** Closes every socket (1001, "going away"), cutting one that has not closed within a second. */
export async function closeAll(peers: Iterable<{ ws: RawSocket }>): Promise<void> {
  await Promise.all(
    [...peers].map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.ws.readyState === p.ws.CLOSED) return resolve();
          const force = setTimeout(() => {
            p.ws.terminate();
            resolve();
          }, 1000);
          p.ws.once("close", () => {
            clearTimeout(force);
            resolve();
          });
          p.ws.close(1001, "server shutting down");
        }),
    ),
  );
}
