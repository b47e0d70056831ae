import type { IncomingMessage, ServerResponse } from "node:http";
import { sendEarlyAnswer } from "./early-answer";

export type LoadShedderOptions = {
  /** Shed new requests while the smoothed event-loop lag is above this many ms; 0 turns shedding off. */
  maxLagMs: number;
  /** Shed new requests while this many are already being answered; 0 means no cap. */
  maxInFlight: number;
  /** How often the lag is sampled. */
  sampleMs?: number;
  /** Seconds a shed client is asked to wait (Retry-After). */
  retryAfterSeconds?: number;
  /**
   * How long a refusal is held before it is sent. Scripts and proxies that retry at once would otherwise turn
   * the refusals themselves into the load (thousands a second); a person waits a fifth of a second more.
   */
  refusalDelayMs?: number;
  /** /api/health answers "not ready" once every new request has been refused for this long. */
  notReadyAfterMs?: number;
};

/**
 * Paths never shed: the load balancer's health check, the immutable build assets and the translation files
 * (memory-cheap; a page cannot hydrate without them), and the pictures an admitted page shows: uploads
 * (/media/), members' generated avatars (/avatars/: one primary-key read, the drawing kept in memory), the
 * site's images and icons. Refusing those left the pages that got through with broken images; browsers keep
 * them a year, so they are asked for once.
 */
const NEVER_SHED = /^\/(?:api\/health$|assets\/|locales\/|media\/|avatars\/|images\/|favicon\.(?:ico|svg)$)/;

/**
 * Refuses new requests with a light 503 when the process is overloaded, so the requests it admits keep a short
 * response time instead of every request waiting seconds (as NodeBB does with its event-loop-lag check).
 * Two signals: the event loop's lag (CPU saturated by anything), and the number of requests being answered
 * (admitting more than the loop can turn round in a second only makes everyone wait). Requests already
 * admitted always finish.
 */
export class LoadShedder {
  private lag = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private shedCount = 0;
  private lastAdmittedAt = performance.now();
  private lastShedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly opts: LoadShedderOptions) {}

  get enabled() {
    return this.opts.maxLagMs > 0 || this.opts.maxInFlight > 0;
  }

  start() {
    if (this.timer || this.opts.maxLagMs <= 0) return;
    const every = this.opts.sampleMs ?? 40;
    let last = performance.now();
    let lastCpu = cpuMs();
    // A timer that should fire every `every` ms fires late by however long the loop was busy. Only the share
    // of the delay this process spent working counts: when other processes take the CPU, the timer is late
    // too, but shedding our requests would not help. Smoothed like toobusy-js (one third of each new sample)
    // so one slow tick does not shed a burst of requests.
    this.timer = setInterval(() => {
      const now = performance.now();
      const cpu = cpuMs();
      const wall = now - last;
      const own = wall > 0 ? Math.min(1, (cpu - lastCpu) / wall) : 1;
      const sample = Math.max(0, wall - every) * own;
      this.lag = this.lag * (2 / 3) + sample / 3;
      last = now;
      lastCpu = cpu;
    }, every);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** What the shedder sees now (for logs and tests). */
  stats() {
    return { lagMs: Math.round(this.lag * 10) / 10, inFlight: this.inFlight, shed: this.shedCount };
  }

  /**
   * Whether a load balancer should send this instance new requests: not while it has refused every new
   * request for `notReadyAfterMs` (a stuck database, work that never finishes), so traffic goes elsewhere.
   */
  ready(now = performance.now()): boolean {
    const window = this.opts.notReadyAfterMs ?? 3000;
    return !(now - this.lastShedAt < 1000 && now - this.lastAdmittedAt > window);
  }

  /**
   * Admits the request (and counts it until its response is written) or answers it with 503. Returns whether
   * the request was admitted. With the intake in front (server/http/request-intake.ts), a request arrives here
   * with its body already received: a slot is for the work, never for waiting on a slow sender.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? "/").split("?")[0];
    if (NEVER_SHED.test(path)) return true;
    const now = performance.now();
    const overloaded =
      (this.opts.maxLagMs > 0 && this.lag > this.opts.maxLagMs) || (this.opts.maxInFlight > 0 && this.inFlight >= this.opts.maxInFlight);
    if (overloaded) {
      this.shedCount++;
      this.lastShedAt = now;
      this.refuse(req, res);
      return false;
    }
    this.lastAdmittedAt = now;
    this.inFlight++;
    let counted = true;
    const release = () => {
      if (counted) this.inFlight--;
      counted = false;
    };
    // Written to the socket is done: a client slow to read the answer holds no slot.
    res.once("finish", release);
    res.once("close", release);
    return true;
  }

  private refuse(req: IncomingMessage, res: ServerResponse) {
    const delay = this.opts.refusalDelayMs ?? 200;
    if (delay > 0) setTimeout(() => this.sendRefusal(req, res), delay).unref();
    else this.sendRefusal(req, res);
  }

  private sendRefusal(req: IncomingMessage, res: ServerResponse) {
    // A body still unread (no intake in front) is not read for a refusal: the connection closes after it.
    sendEarlyAnswer(req, res, 503, "overloaded", {
      "Retry-After": String(this.opts.retryAfterSeconds ?? 5),
      ...(req.complete ? {} : { Connection: "close" }),
    });
  }
}

/** This process's CPU time (user and system, every thread) in milliseconds. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
