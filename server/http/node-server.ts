import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Logger } from "#server/platform/logger";
import type { LoadShedder } from "./load-shedder";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * A node:http server around the Hono app, optionally behind Vite's middlewares in development. Tracks open
 * requests so shutdown can let them finish. With a load shedder, an overloaded process answers new requests
 * with 503 before any of the app's work starts.
 */
export function createNodeServer(fetch: Parameters<typeof getRequestListener>[0], before?: Middleware, shedder?: LoadShedder) {
  const listener = getRequestListener(fetch);
  let inFlight = 0;
  let draining = false;
  const server: Server = createServer((req, res) => {
    if (shedder && !shedder.admit(req, res)) return;
    inFlight++;
    res.on("close", () => inFlight--);
    if (draining) res.setHeader("Connection", "close");
    if (before) before(req, res, () => listener(req, res));
    else listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  return {
    server,
    listen(port: number, host: string) {
      return new Promise<number>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          const addr = server.address();
          resolve(typeof addr === "object" && addr ? addr.port : port);
        });
      });
    },
    /** Stop accepting, let requests in flight finish (up to the timeout), then close every connection. */
    async drain(timeoutMs: number, log: Logger) {
      draining = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeIdleConnections();
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
        server.closeIdleConnections();
      }
      if (inFlight > 0) log.warn("shutdown timeout reached with requests in flight", { inFlight });
      server.closeAllConnections();
      await closed;
    },
  };
}
