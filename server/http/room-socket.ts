import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { createNodeWebSocket } from "@hono/node-ws";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { Database } from "#server/db/client";
import { sessions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { isDomainError } from "#server/modules/errors";
import type { RoomsService, RoomViewer } from "#server/modules/rooms";
import { roomChannel } from "#server/modules/rooms/deps";
import type { Logger } from "#server/platform/logger";
import type { Realtime, RealtimeMessage } from "#server/platform/realtime";
import { closeAll, HEARTBEAT_MS, pingAll, type RawSocket, type RealtimeSubEndpoint } from "#server/platform/realtime-socket";
import { guestCookieName, ROOM_DOCS, ROOM_LIMITS, ROOM_SOCKET_PREFIX, type RoomDoc, type RoomRole } from "#shared/rooms";

/** A document update travels as base64 (4 characters per 3 bytes) inside a little JSON. */
const MAX_INCOMING_BYTES = Math.ceil(ROOM_LIMITS.updateBytesMax * 1.4) + 1024;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Closed because this person may no longer be in the room (guest access revoked, episode published). */
export const CLOSE_ACCESS_ENDED = 4003;
export const CLOSE_SESSION_EXPIRED = 4001;

export type RoomSocketOptions = {
  rooms: Pick<RoomsService, "enterLive" | "editDoc" | "syncDoc" | "presence">;
  realtime: Realtime;
  db: Database;
  /** The site's public origin: a browser on any other page may not open a socket with our cookies. */
  baseUrl: string;
  log: Logger;
  heartbeatMs?: number;
};

type Peer = {
  id: string;
  ws: RawSocket;
  roomId: string;
  viewer: RoomViewer;
  /** Who they are in the room's presence list: a user id or a guest session's id. */
  key: string;
  role: RoomRole;
  name: string;
  alive: boolean;
  /** Their messages are handled one after another, in the order sent. */
  queue: Promise<void>;
  expiry?: ReturnType<typeof setTimeout>;
};

type Admitted = { viewer: RoomViewer; roomId: string; role: RoomRole; name: string; key: string; edit: boolean; expiresAt: Date | null };

/**
 * The WebSocket of one episode room, `/api/realtime/rooms/{roomId}` (decision 0036). The handshake runs
 * through the whole app like the personal socket's; this route checks the Origin, then lets in whoever the
 * room's own rule lets in (`rooms.enterLive`: the host, the guest by the room's cookie, Admins), before
 * upgrading. An open socket hears the room's channel (`room:<id>`, every instance's publishes), and sends:
 *
 * - `{ type: "doc.update", doc, update }` (base64 Yjs update): stored, then relayed to the room;
 * - `{ type: "doc.sync", doc, stateVector }`: answered to this socket only with `doc.state` (what it lacks
 *   and the server's state vector).
 *
 * Presence: each instance publishes who it has in the room (`{ type: "presence", instance, present }`, the
 * list as JSON) whenever someone comes or goes, asking the others to answer with theirs when someone comes;
 * the browser shows the union. A `room.changed` makes every socket of the room check its access again: a
 * revoked guest, or any guest once the episode is published, is closed with 4003.
 */
export function mountRoomSocket(app: Hono<any>, opts: RoomSocketOptions): RealtimeSubEndpoint {
  const { rooms, realtime, log } = opts;
  const baseOrigin = new URL(opts.baseUrl).origin;
  const instance = randomUUID();
  const nodeWs = createNodeWebSocket({ app, baseUrl: opts.baseUrl });
  (nodeWs.wss.options as { maxPayload?: number }).maxPayload = MAX_INCOMING_BYTES;
  const admitted = new WeakMap<Request, Admitted>();
  const peers = new Set<Peer>();
  /** One subscription per room with sockets on this instance. */
  const roomSubs = new Map<string, { peers: Set<Peer>; unsubscribe: () => void }>();
  let closing = false;

  const presentJson = (roomId: string) => JSON.stringify(rooms.presence.present(roomId));
  const publishPresence = (roomId: string, ask: boolean) =>
    realtime.publish(roomChannel(roomId), { type: "presence", instance, present: presentJson(roomId), ask });

  const send = (p: Peer, message: object) => {
    if (p.ws.readyState === p.ws.OPEN) p.ws.send(JSON.stringify(message));
  };

  /** A room.changed: everyone in the room here checks again whether they may stay. */
  const recheck = (p: Peer) => {
    p.queue = p.queue.then(async () => {
      try {
        const entry = await rooms.enterLive(p.viewer, p.roomId);
        send(p, { type: "access", edit: entry.edit });
      } catch (err) {
        if (isDomainError(err) && err.status < 500) p.ws.close(CLOSE_ACCESS_ENDED, "access ended");
        else log.warn("room access check failed", { roomId: p.roomId, err });
      }
    });
  };

  const onRoomMessage = (roomId: string, message: RealtimeMessage) => {
    const sub = roomSubs.get(roomId);
    if (!sub) return;
    // Someone came in on another instance (or this one lost messages): say who is here.
    if ((message.type === "presence" && message.ask === true && message.instance !== instance) || message.type === "resync") {
      if (rooms.presence.present(roomId).length) void publishPresence(roomId, message.type === "resync");
    }
    for (const p of sub.peers) {
      if (message.type === "doc.update" && message.from === p.id) continue;
      if (message.type === "room.changed") recheck(p);
      send(p, message);
    }
  };

  const join = (p: Peer) => {
    let sub = roomSubs.get(p.roomId);
    if (!sub) {
      const roomId = p.roomId;
      sub = { peers: new Set(), unsubscribe: realtime.subscribe(roomChannel(roomId), (m) => onRoomMessage(roomId, m)) };
      roomSubs.set(roomId, sub);
    }
    sub.peers.add(p);
    peers.add(p);
    heartbeat ??= setInterval(beat, opts.heartbeatMs ?? HEARTBEAT_MS);
    rooms.presence.enter(p.roomId, p.key, p.role, p.name);
  };

  const leave = (p: Peer) => {
    if (!peers.delete(p)) return;
    clearTimeout(p.expiry);
    rooms.presence.leave(p.roomId, p.key);
    void publishPresence(p.roomId, false);
    const sub = roomSubs.get(p.roomId);
    sub?.peers.delete(p);
    if (sub && sub.peers.size === 0) {
      sub.unsubscribe();
      roomSubs.delete(p.roomId);
    }
    if (peers.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  };

  const handle = async (p: Peer, raw: string) => {
    let m: { type?: unknown; doc?: unknown; update?: unknown; stateVector?: unknown };
    try {
      m = JSON.parse(raw) as typeof m;
    } catch {
      return;
    }
    if (!m || typeof m !== "object" || !ROOM_DOCS.includes(m.doc as RoomDoc)) return;
    const doc = m.doc as RoomDoc;
    try {
      if (m.type === "doc.update" && typeof m.update === "string") {
        await rooms.editDoc(p.viewer, { roomId: p.roomId, doc, update: fromBase64(m.update), from: p.id });
      } else if (m.type === "doc.sync") {
        const stateVector = typeof m.stateVector === "string" && m.stateVector ? fromBase64(m.stateVector) : undefined;
        const state = await rooms.syncDoc(p.viewer, { roomId: p.roomId, doc, stateVector });
        send(p, { type: "doc.state", doc, update: toBase64(state.update), stateVector: toBase64(state.stateVector) });
      }
    } catch (err) {
      if (!isDomainError(err)) log.error("room socket message failed", { roomId: p.roomId, type: String(m.type), err });
      // The client starts this document again from the server's copy.
      send(p, { type: "doc.rejected", doc, code: isDomainError(err) ? err.code : "internal" });
    }
  };

  app.get(
    `${ROOM_SOCKET_PREFIX}:roomId`,
    async (c, next) => {
      if (c.req.header("upgrade")?.toLowerCase() !== "websocket" || !c.env?.incoming) {
        return c.json({ error: { code: "upgrade_required" } }, 426);
      }
      if (closing) return c.json({ error: { code: "unavailable" } }, 503);
      if (c.req.header("origin") !== baseOrigin) return c.json({ error: { code: "auth.forbidden" } }, 403);
      const roomId = c.req.param("roomId");
      const getActor = (c.var as { getActor?: () => Promise<Actor> }).getActor;
      const actor = getActor ? await getActor().catch(() => null) : null;
      const viewer: RoomViewer = { actor, guestSecret: getCookie(c, guestCookieName(roomId)) ?? null };
      let entry;
      try {
        entry = await rooms.enterLive(viewer, roomId);
      } catch (err) {
        if (!isDomainError(err)) throw err;
        return c.json({ error: { code: err.code } }, err.status as 403);
      }
      let expiresAt: Date | null = null;
      if (actor?.sessionId) {
        const [s] = await opts.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, actor.sessionId)).limit(1);
        expiresAt = s?.expiresAt ?? null;
      }
      const { member } = entry;
      admitted.set(c.req.raw, {
        viewer,
        roomId: entry.roomId,
        role: member.role,
        name: member.name,
        key: member.guestSessionId ?? member.userId ?? randomUUID(),
        edit: entry.edit,
        expiresAt,
      });
      await next();
    },
    nodeWs.upgradeWebSocket((c) => {
      const who = admitted.get(c.req.raw)!;
      let peer: Peer | undefined;
      return {
        onOpen(_event, ctx) {
          const ws = ctx.raw as unknown as RawSocket;
          const p: Peer = {
            id: randomUUID(),
            ws,
            roomId: who.roomId,
            viewer: who.viewer,
            key: who.key,
            role: who.role,
            name: who.name,
            alive: true,
            queue: Promise.resolve(),
          };
          ws.on("pong", () => (p.alive = true));
          // A signed-in person's socket lives no longer than the session that opened it (a guest's ends
          // with the guest access, checked at every room.changed).
          if (who.expiresAt) {
            const left = who.expiresAt.getTime() - Date.now();
            p.expiry = setTimeout(() => ws.close(CLOSE_SESSION_EXPIRED, "session expired"), Math.max(0, Math.min(left, MAX_TIMER_MS)));
          }
          peer = p;
          join(p);
          send(p, { type: "ready", id: p.id, role: p.role, edit: who.edit });
          void publishPresence(p.roomId, true);
        },
        onMessage(event) {
          const p = peer;
          if (!p || typeof event.data !== "string") return;
          const data = event.data;
          p.queue = p.queue.then(() => handle(p, data)).catch((err) => log.warn("room socket message failed", { err }));
        },
        onClose() {
          if (peer) leave(peer);
        },
        onError(event) {
          log.debug("room socket error", { err: String((event as ErrorEvent).error ?? event) });
        },
      };
    }),
  );

  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const beat = () => pingAll(peers);

  const upgrades = new EventEmitter();
  nodeWs.injectWebSocket(upgrades as unknown as Server);

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      upgrades.emit("upgrade", req, socket, head);
    },
    get size() {
      return peers.size;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      await closeAll(peers);
      nodeWs.wss.close();
    },
  };
}

const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, "base64"));
