import type { IncomingMessage, ServerResponse } from "node:http";
import { LOCALE_COOKIE, fromAcceptLanguage, sanitizeLanguage, type Locale } from "#shared/locales";
import { translator } from "#server/platform/translate";
import { lightPage } from "./light-page";

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
};

/** Paths never shed: the load balancer's health check, the immutable build assets and the translation files (memory-cheap; a page cannot hydrate without them). */
const NEVER_SHED = /^\/(?:api\/health$|assets\/|locales\/)/;

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
  private readonly pages = new Map<string, string>();

  constructor(private readonly opts: LoadShedderOptions) {}

  get enabled() {
    return this.opts.maxLagMs > 0 || this.opts.maxInFlight > 0;
  }

  start() {
    if (this.timer || this.opts.maxLagMs <= 0) return;
    const every = this.opts.sampleMs ?? 40;
    let expected = performance.now() + every;
    // A timer that should fire every `every` ms fires late by however long the loop was busy. Smoothed like
    // toobusy-js (one third of each new sample) so one slow tick does not shed a burst of requests.
    this.timer = setInterval(() => {
      const now = performance.now();
      const sample = Math.max(0, now - expected);
      this.lag = this.lag * (2 / 3) + sample / 3;
      expected = now + every;
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
   * Admits the request (and counts it until its response closes) or answers it with 503 at once. Returns
   * whether the request was admitted.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const path = (req.url ?? "/").split("?")[0];
    if (NEVER_SHED.test(path)) return true;
    const overloaded =
      (this.opts.maxLagMs > 0 && this.lag > this.opts.maxLagMs) || (this.opts.maxInFlight > 0 && this.inFlight >= this.opts.maxInFlight);
    if (overloaded) {
      this.shedCount++;
      this.refuse(req, res, path);
      return false;
    }
    this.inFlight++;
    res.once("close", () => this.inFlight--);
    return true;
  }

  private refuse(req: IncomingMessage, res: ServerResponse, path: string) {
    const delay = this.opts.refusalDelayMs ?? 200;
    if (delay > 0) setTimeout(() => this.sendRefusal(req, res, path), delay).unref();
    else this.sendRefusal(req, res, path);
  }

  private sendRefusal(req: IncomingMessage, res: ServerResponse, path: string) {
    if (res.destroyed || res.headersSent) return;
    const retryAfter = String(this.opts.retryAfterSeconds ?? 5);
    const wantsJson = path.startsWith("/api/") || path.endsWith(".data") || (req.headers.accept ?? "").includes("application/json");
    const locale = localeOf(path, req.headers.cookie, req.headers["accept-language"]);
    const body = this.body(locale, wantsJson);
    // The request body is not read: closing the connection afterwards spares us reading an upload we refused.
    res.writeHead(503, {
      "Content-Type": wantsJson ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Retry-After": retryAfter,
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { Connection: "close" }),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The light page or the JSON error, built once per language. */
  private body(locale: Locale, json: boolean): string {
    const key = `${locale}|${json}`;
    let body = this.pages.get(key);
    if (!body) {
      const t = translator(locale, "errors");
      body = json
        ? JSON.stringify({ error: { code: "overloaded", message: t("overloaded.text") } })
        : lightPage(locale, t("overloaded.title"), t("overloaded.text"));
      this.pages.set(key, body);
    }
    return body;
  }
}

/** The page's language from the prefix, the language cookie, then Accept-Language (the same order as pages). */
export function localeOf(path: string, cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  const prefix = /^\/(es|en)(?:[/.]|$)/.exec(path)?.[1];
  if (prefix) return prefix as Locale;
  const fromCookie = sanitizeLanguage(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie ?? "")?.[1]);
  return fromCookie ?? fromAcceptLanguage(acceptLanguage) ?? "en";
}
