import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Logger } from "#server/platform/logger";
import type { LoadShedder } from "./load-shedder";
import type { RequestIntake } from "./request-intake";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export type NodeServerOptions = {
  /** Vite's middlewares in development. */
  before?: Middleware;
  /** Refuses new work with 503 while the process is overloaded. */
  shedder?: LoadShedder;
  /** Receives bodies before the request counts as work (slow senders, per-address caps, 413s answered whole). */
  intake?: RequestIntake;
  /** Headers must arrive within this time (Node's default is a minute). */
  headersTimeoutMs?: number;
};

/**
 * A node:http server around the Hono app, optionally behind Vite's middlewares in development. Tracks open
 * requests so shutdown can let them finish. With an intake, a request's body is received before anything
 * else; with a load shedder, an overloaded process then answers with 503 before any of the app's work starts.
 */
export function createNodeServer(fetch: Parameters<typeof getRequestListener>[0], options: NodeServerOptions = {}) {
  const { before, shedder, intake } = options;
  const listener = getRequestListener(fetch);
  let inFlight = 0;
  let draining = false;
  const work = (req: IncomingMessage, res: ServerResponse) => {
    if (shedder && !shedder.admit(req, res)) return;
    if (before) before(req, res, () => listener(req, res));
    else listener(req, res);
  };
  const server: Server = createServer(
    // Timeouts are checked every second instead of every 30 s, so a slow sender is cut off close to its time.
    { headersTimeout: options.headersTimeoutMs ?? 60_000, connectionsCheckingInterval: 1000 },
    (req, res) => {
      inFlight++;
      res.on("close", () => inFlight--);
      if (draining) res.setHeader("Connection", "close");
      if (intake) intake.receive(req, res, () => work(req, res));
      else work(req, res);
    },
  );
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
