import { randomUUID } from "node:crypto";
import pg from "pg";
import type { SqlRunner } from "#server/db/client";
import type { Logger } from "./logger";

/**
 * The realtime port (ARCHITECTURE "realtime fan-out"). Areas publish small messages to channels
 * (`user:<id>`); the WebSocket endpoint (`realtime-socket.ts`) subscribes each open socket to its person's
 * channel. Messages carry ids and counts only: a client that wants more reads it through the pages.
 */
export type RealtimeMessage = { type: string } & Record<string, string | number | boolean | null>;
export type RealtimeListener = (message: RealtimeMessage) => void;

export interface Realtime {
  readonly kind: "in-process" | "postgres";
  /** Delivers to every subscriber of the channel, on this instance and (on PostgreSQL) on every other. Never throws. */
  publish(channel: string, message: RealtimeMessage): Promise<void>;
  /** Listens on a channel of this instance; the returned function stops listening. */
  subscribe(channel: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}

export const userChannel = (userId: string) => `user:${userId}`;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours stay far below. */
const MAX_PAYLOAD_BYTES = 7900;
/** SPEC §9: reconnect delays 1, 2, 5, 10 seconds (then every 10 s). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];
/** How often the LISTEN connection proves it is alive (a silently dropped connection would deliver nothing). */
const LISTEN_CHECK_MS = 30_000;

/** The listeners of this process, by channel. */
class LocalHub {
  private readonly channels = new Map<string, Set<RealtimeListener>>();
  constructor(private readonly log: Logger) {}

  subscribe(channel: string, listener: RealtimeListener): () => void {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.channels.get(channel) === set) this.channels.delete(channel);
    };
  }

  /** To every channel of this process. */
  broadcast(message: RealtimeMessage) {
    for (const channel of [...this.channels.keys()]) this.deliver(channel, message);
  }

  deliver(channel: string, message: RealtimeMessage) {
    for (const listener of [...(this.channels.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch (err) {
        this.log.warn("realtime listener failed", { channel, err });
      }
    }
  }
}

/** One process: publish hands the message straight to this process's listeners (the embedded default). */
export function createInProcessRealtime(log: Logger): Realtime {
  const hub = new LocalHub(log);
  return {
    kind: "in-process",
    publish: async (channel, message) => hub.deliver(channel, message),
    subscribe: (channel, listener) => hub.subscribe(channel, listener),
    close: async () => undefined,
  };
}

export type PostgresRealtimeOptions = {
  /** The database's connection string: LISTEN needs a connection of its own, outside the pool. */
  url: string;
  /** Runs NOTIFY through the application's pool. */
  query: SqlRunner;
  log: Logger;
  /** The PostgreSQL notification channel (tests use their own). */
  pgChannel?: string;
  reconnectDelaysMs?: number[];
};

/**
 * Several instances behind one PostgreSQL: a publish is delivered at once to this instance's listeners and
 * sent with NOTIFY (`{ i: instance, c: channel, m: message }`); every instance LISTENs on a dedicated
 * connection and delivers what other instances sent. If the LISTEN connection fails it is opened again with
 * backoff; messages sent meanwhile are lost, so this instance's sockets then get `{ type: "resync" }` and
 * their clients read their state again (as they do after reconnecting themselves).
 * Resolves once the first LISTEN is in place.
 */
export async function createPostgresRealtime(opts: PostgresRealtimeOptions): Promise<Realtime> {
  const { log } = opts;
  const pgChannel = opts.pgChannel ?? "nexo_realtime";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(pgChannel)) throw new Error(`invalid notification channel ${pgChannel}`);
  const delays = opts.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const instance = randomUUID();
  const hub = new LocalHub(log);
  let client: pg.Client | null = null;
  let closing = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;

  const onNotification = (n: pg.Notification) => {
    if (n.channel !== pgChannel || !n.payload) return;
    try {
      const { i, c, m } = JSON.parse(n.payload) as { i: string; c: string; m: RealtimeMessage };
      if (i !== instance && typeof c === "string" && m && typeof m.type === "string") hub.deliver(c, m);
    } catch (err) {
      log.warn("realtime notification ignored", { err });
    }
  };

  const scheduleRetry = (reason: string, err?: unknown) => {
    if (closing) return;
    const delay = delays[Math.min(attempt, delays.length - 1)];
    attempt++;
    log.warn("realtime LISTEN connection lost; reconnecting", { reason, err, inMs: delay });
    retryTimer = setTimeout(() => void connect().catch((e) => scheduleRetry("connect failed", e)), delay);
  };

  const drop = (c: pg.Client, reason: string, err?: unknown) => {
    if (client !== c) return; // not the current connection (already replaced or never established)
    client = null;
    clearInterval(checkTimer);
    c.removeAllListeners("notification");
    c.end().catch(() => undefined);
    scheduleRetry(reason, err);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true, application_name: "nexo-realtime" });
    // Without a listener an error on this connection would end the process.
    c.on("error", (err) => drop(c, "error", err));
    c.on("end", () => drop(c, "end"));
    try {
      await c.connect();
      await c.query(`LISTEN ${pgChannel}`);
    } catch (err) {
      c.end().catch(() => undefined);
      throw err;
    }
    if (closing) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    c.on("notification", onNotification);
    if (attempt > 0) {
      log.info("realtime LISTEN connection restored");
      // Whatever other instances sent meanwhile was lost: the clients here read their state again.
      hub.broadcast({ type: "resync" });
    }
    attempt = 0;
    checkTimer = setInterval(() => {
      c.query("select 1").catch((err) => drop(c, "check failed", err));
    }, LISTEN_CHECK_MS);
    checkTimer.unref();
  }

  await connect();

  return {
    kind: "postgres",
    async publish(channel, message) {
      hub.deliver(channel, message);
      const payload = JSON.stringify({ i: instance, c: channel, m: message });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.error("realtime message too large for NOTIFY; other instances miss it", { channel, type: message.type });
        return;
      }
      try {
        await opts.query("select pg_notify($1, $2)", [pgChannel, payload]);
      } catch (err) {
        log.warn("realtime NOTIFY failed; other instances miss this message", { channel, type: message.type, err });
      }
    },
    subscribe: (channel, listener) => hub.subscribe(channel, listener),
    async close() {
      closing = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners("notification");
        await c.end().catch(() => undefined);
      }
    },
  };
}
