import type { MiddlewareHandler } from "hono";
import { VISIBLE_CHANGE_EVENTS, type EventBus } from "#server/platform/events";
import type { AppEnv } from "./types";

/**
 * The anonymous page cache (decision 0016): forum pages and the leaderboard as a visitor without a session
 * sees them, kept for a few seconds, so a popular thread shared on social media is rendered once per interval
 * instead of once per visitor. Signed-in people always get a fresh render.
 *
 * - Only GET requests for the listed paths, without a session cookie, answered 200 with HTML or React
 *   Router data, and without Set-Cookie, are stored.
 * - The key holds everything the anonymous page varies by: path and query, language, theme and cookie
 *   consent (the maintenance gate runs before this middleware).
 * - Each page's CSP nonce is swapped for the request's own, so no two responses share a nonce.
 * - This instance drops everything after any form post to a page, any domain event and any settings
 *   change; other instances catch up within the time to live.
 */
export type PageCacheOptions = {
  /** Seconds an entry lives; 0 turns the cache off. */
  ttlSeconds: number;
  /** Paths (without the language prefix) whose anonymous pages may be kept. */
  paths: RegExp[];
  maxEntries?: number;
  maxBytes?: number;
  events?: EventBus;
  /** Settings (the forum flag, for one) change what pages show. */
  settings?: { onChange(listener: () => void): void };
  now?: () => number;
};

type Entry = {
  body: string;
  nonce: string;
  requestId: string;
  status: number;
  headers: [string, string][];
  expires: number;
  bytes: number;
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const LOCALE_PREFIX = /^\/(?:es|en)(?=\/|$)/;
const MUTATION = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Headers of the stored response worth replaying; per-request ones (request id, CSP) are set again by the outer middleware. */
const KEPT_HEADERS = new Set(["content-type", "vary", "link", "cache-control", "content-language", "x-robots-tag"]);

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped on every clear: a render that started before a change is not stored after it. */
  private generation = 0;
  readonly stats = { hits: 0, misses: 0, stores: 0, clears: 0 };
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly opts: PageCacheOptions) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.now = opts.now ?? Date.now;
    opts.settings?.onChange(() => this.clear());
    if (opts.events) for (const name of VISIBLE_CHANGE_EVENTS) this.unsubscribe.push(opts.events.subscribe(name, () => this.clear()));
  }

  get enabled() {
    return this.opts.ttlSeconds > 0;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
    this.stats.clears++;
  }

  stop() {
    for (const off of this.unsubscribe) off();
  }

  /** Whether this path, language prefix removed, is one the cache may hold. */
  covers(path: string): boolean {
    const bare = path.replace(LOCALE_PREFIX, "") || "/";
    return this.opts.paths.some((re) => re.test(bare.replace(/\.data$/, "")));
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Map order is insertion order: re-inserting keeps the most recently used last (LRU).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Omit<Entry, "expires" | "bytes">, generation: number) {
    if (generation !== this.generation) return;
    const bytes = entry.body.length * 2;
    if (bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { ...entry, bytes, expires: this.now() + this.opts.ttlSeconds * 1000 });
    this.bytes += bytes;
    this.stats.stores++;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(k, e);
    }
  }

  currentGeneration() {
    return this.generation;
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * The middleware in front of React Router. `keyParts` gives what the page varies by besides the URL
 * (language, theme, consent).
 */
export function pageCacheMiddleware(
  cache: PageCache,
  keyParts: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!cache.enabled) return next();
    const method = c.req.method;
    if (MUTATION.has(method)) {
      await next();
      // A form post to a page may have changed anything a stored page shows.
      cache.clear();
      return;
    }
    if (method !== "GET" || !cache.covers(c.req.path) || SESSION_COOKIE.test(c.req.header("cookie") ?? "")) return next();

    const url = new URL(c.req.url);
    const key = `${keyParts(c)}|${url.pathname}${url.search}`;
    const nonce = c.var.nonce;
    const requestId = c.var.requestId;
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      // The root loader puts the request id in the page (error reports quote it): this request's own.
      const body = hit.body.replaceAll(hit.nonce, nonce).replaceAll(hit.requestId, c.var.requestId);
      c.res = new Response(body, { status: hit.status, headers });
      return;
    }

    cache.stats.misses++;
    const generation = cache.currentGeneration();
    await next();
    const res = c.res;
    const type = res.headers.get("content-type") ?? "";
    if (res.status !== 200 || !res.body || res.headers.has("set-cookie") || !/^text\/(html|x-script)/.test(type)) return;
    const headers: [string, string][] = [];
    res.headers.forEach((value, name) => {
      if (KEPT_HEADERS.has(name)) headers.push([name, value]);
    });
    // One branch goes to the visitor as React streams it, the other is collected for the cache.
    const [toClient, toCache] = res.body.tee();
    c.res = undefined as unknown as Response;
    c.res = new Response(toClient, { status: res.status, statusText: res.statusText, headers: res.headers });
    c.res.headers.set("X-Page-Cache", "miss");
    new Response(toCache)
      .text()
      .then((body) => cache.set(key, { body, nonce, requestId, status: res.status, headers }, generation))
      .catch(() => {});
  };
}
