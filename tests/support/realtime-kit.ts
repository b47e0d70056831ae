import { createRequire } from "node:module";
import { createNodeServer } from "#server/http/node-server";
import type { createApp } from "#server/app";

/**
 * Helpers for the realtime tests (not a test file itself): a real node server around an app with its
 * WebSocket endpoint attached, and a real WebSocket client (`ws`, the same package the server side uses).
 */

type WsClient = {
  readyState: number;
  on(event: "open", fn: () => void): void;
  on(event: "message", fn: (data: Buffer) => void): void;
  on(event: "close", fn: (code: number, reason: Buffer) => void): void;
  on(event: "error", fn: (err: Error) => void): void;
  on(event: "unexpected-response", fn: (req: unknown, res: { statusCode?: number; resume(): void }) => void): void;
  close(): void;
  terminate(): void;
  /** The TCP socket underneath; pausing it makes this client deaf to pings, like a vanished peer. */
  _socket: { pause(): void };
};
type WsConstructor = new (url: string, options: { headers: Record<string, string> }) => WsClient;

// @hono/node-ws depends on ws; resolving it from there uses exactly that copy.
const requireFromNodeWs = createRequire(createRequire(import.meta.url).resolve("@hono/node-ws"));
const WebSocketClient = requireFromNodeWs("ws") as WsConstructor;

export type TestSocket = {
  messages: unknown[];
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  raw: WsClient;
  close(): void;
};

/** Opens a WebSocket; answers the handshake's refusal status instead when the server refuses it. */
export function openSocket(url: string, headers: Record<string, string>): Promise<{ status: number; socket?: TestSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocketClient(url, { headers });
    const messages: Record<string, unknown>[] = [];
    const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void }[] = [];
    let closedResolve!: (v: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((r) => (closedResolve = r));
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as Record<string, unknown>;
      messages.push(m);
      for (const w of [...waiters]) {
        if (w.match(m)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    });
    ws.on("close", (code, reason) => closedResolve({ code, reason: reason.toString() }));
    ws.on("unexpected-response", (_req, res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on("error", (err) => {
      // After an unexpected response ws reports an error too; that answer was already given.
      if (!/Unexpected server response|closed before the connection/.test(err.message)) reject(err);
    });
    ws.on("open", () =>
      resolve({
        status: 101,
        socket: {
          messages,
          raw: ws,
          closed,
          close: () => ws.close(),
          next(match, timeoutMs = 5000) {
            const seen = messages.find(match);
            if (seen) return Promise.resolve(seen);
            return new Promise((res, rej) => {
              const timer = setTimeout(
                () => rej(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)),
                timeoutMs,
              );
              waiters.push({
                match,
                resolve: (m) => {
                  clearTimeout(timer);
                  res(m);
                },
              });
            });
          },
        },
      }),
    );
  });
}

/** Opens a socket that must be accepted, and waits until the server has subscribed it. */
export async function openReadySocket(url: string, headers: Record<string, string>): Promise<TestSocket> {
  const { status, socket } = await openSocket(url, headers);
  if (!socket) throw new Error(`socket refused with ${status}`);
  await socket.next((m) => m.type === "ready");
  return socket;
}

/** The app on a real node server on a free port, its WebSocket endpoint attached. */
export async function serve(app: ReturnType<typeof createApp>) {
  const http = createNodeServer(app.fetch);
  app.realtime.attach(http.server);
  const port = await http.listen(0, "127.0.0.1");
  return {
    port,
    url: `ws://127.0.0.1:${port}/api/realtime`,
    async close() {
      await app.realtime.close();
      await new Promise<void>((r) => {
        http.server.close(() => r());
        http.server.closeAllConnections();
      });
    },
  };
}
