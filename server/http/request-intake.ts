import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "#server/env";
import { bodyLimitFor } from "./body-limits";
import { clientAddress, type TrustedProxies } from "./client-address";
import { sendEarlyAnswer } from "./early-answer";

export type IntakeOptions = {
  clientIpHeader: string | undefined;
  trustedProxies: TrustedProxies;
  /** A body of N KB must arrive within `bodyGraceMs` + N × `bodyMsPerKb` (a minimum rate after a grace time). */
  bodyGraceMs: number;
  bodyMsPerKb: number;
  /** Bodies one client address may be sending at once. */
  bodiesPerAddress: number;
  /** Bodies this process receives at once, from everyone. */
  maxBodies?: number;
  /** The largest body a request may send (null: the request is not expected to carry one). */
  limitFor?: (method: string, path: string) => number | null;
  /** A refused body is read and thrown away for at most this long… */
  discardMs?: number;
  /** …and at most this much, before the connection is closed (closing on unread data resets it, losing the answer). */
  discardMaxBytes?: number;
};

export function intakeOptions(env: Pick<Env, "clientIpHeader" | "trustedProxies" | "intake">): IntakeOptions {
  return { clientIpHeader: env.clientIpHeader, trustedProxies: env.trustedProxies, ...env.intake };
}

const ADDRESS = Symbol("clientAddress");
type Incoming = IncomingMessage & { [ADDRESS]?: string; rawBody?: Buffer };
const EMPTY = Buffer.alloc(0);
/** Room given to a body of unknown length (chunked) for its next chunk. */
const CHUNK_ROOM = 64 * 1024;

/** The client address the intake worked out for this request (the app reads it instead of working it out again). */
export function intakeAddress(req: IncomingMessage): string | undefined {
  return (req as Incoming)[ADDRESS];
}

/**
 * Receives a request's body before the request counts as work. A body trickling in holds no load-shedding
 * slot, no database connection and no render: it is read here, at node:http level, within a time that grows
 * with its size, then handed to the app whole (@hono/node-server reads `rawBody`). Too slow: 408 and the
 * connection closes. Too many bodies at once from one address: 429; from everyone: 503. A body over its route's
 * limit goes to the app, which answers 413, while the rest is read and thrown away for a bounded time, so that
 * a client still sending gets that answer instead of a reset.
 */
export class RequestIntake {
  private readonly perAddress = new Map<string, number>();
  private receiving = 0;

  constructor(private readonly opts: IntakeOptions) {}

  /** Bodies being received now (for tests and logs). */
  stats() {
    return { receiving: this.receiving, addresses: this.perAddress.size };
  }

  receive(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const incoming = req as Incoming;
    const header = this.opts.clientIpHeader ? req.headers[this.opts.clientIpHeader] : undefined;
    const address =
      clientAddress(Array.isArray(header) ? header.join(",") : header, req.socket.remoteAddress, this.opts.trustedProxies) ?? "unknown";
    incoming[ADDRESS] = address;

    const chunked = req.headers["transfer-encoding"] !== undefined;
    const declared = req.headers["content-length"];
    if (!chunked && (declared === undefined || declared === "0")) return next();

    const length = chunked ? null : Number(declared);
    const limit = (this.opts.limitFor ?? bodyLimitFor)(req.method ?? "GET", (req.url ?? "/").split("?")[0]);
    if (limit === null || (length !== null && length > limit)) {
      // Nothing to read for the app: it answers from the method or the declared size (413).
      this.discard(req, res);
      incoming.rawBody = EMPTY;
      return next();
    }
    if ((this.perAddress.get(address) ?? 0) >= this.opts.bodiesPerAddress) {
      this.discard(req, res);
      return sendEarlyAnswer(req, res, 429, "busy_address", { "Retry-After": "5" });
    }
    if (this.receiving >= (this.opts.maxBodies ?? 512)) {
      this.discard(req, res);
      return sendEarlyAnswer(req, res, 503, "overloaded", { "Retry-After": "5" });
    }
    this.read(incoming, res, address, length, limit, next);
  }

  private read(req: Incoming, res: ServerResponse, address: string, length: number | null, limit: number, next: () => void) {
    this.receiving++;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    const chunks: Buffer[] = [];
    let received = 0;
    let open = true;
    const started = performance.now();
    const allowance = () => this.opts.bodyGraceMs + ((length ?? received + CHUNK_ROOM) / 1024) * this.opts.bodyMsPerKb;
    const close = () => {
      if (!open) return false;
      open = false;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      this.receiving--;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
      return true;
    };
    const check = () => {
      const waited = performance.now() - started;
      const due = allowance();
      if (waited < due) {
        timer = setTimeout(check, due - waited + 1);
        return;
      }
      if (!close()) return;
      // Too slow: say so and close; what is still coming is not worth waiting for.
      sendEarlyAnswer(req, res, 408, "slow_upload", { Connection: "close" });
      res.once("finish", () => req.socket.destroy());
    };
    let timer = setTimeout(check, allowance());
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
      if (received <= limit || !close()) return;
      // Over the limit (a chunked body): the app sees more than its limit and answers 413.
      this.discard(req, res);
      req.rawBody = Buffer.concat(chunks, received);
      next();
    };
    const onEnd = () => {
      if (!close()) return;
      req.rawBody = Buffer.concat(chunks, received);
      next();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.once("close", close);
  }

  /** Reads and throws away the rest of a refused body, then closes the connection once the answer is out. */
  private discard(req: IncomingMessage, res: ServerResponse) {
    if (req.complete) return;
    let thrownAway = 0;
    const max = this.opts.discardMaxBytes ?? 32 * 1024 * 1024;
    const giveUp = setTimeout(() => req.socket.destroy(), this.opts.discardMs ?? 5000);
    req.on("data", (chunk: Buffer) => {
      thrownAway += chunk.length;
      if (thrownAway <= max) return;
      clearTimeout(giveUp);
      req.socket.destroy();
    });
    req.once("end", () => {
      clearTimeout(giveUp);
      if (res.writableFinished) req.socket.end();
      else res.once("finish", () => req.socket.end());
    });
    req.once("close", () => clearTimeout(giveUp));
  }
}
