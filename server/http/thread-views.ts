import { createHmac } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import { utcDay } from "#server/modules/forum/thread-views";
import type { AppEnv } from "./types";

/** A thread page (HTML or React Router data), with or without the language prefix; not the new-thread form. */
const THREAD_PAGE = /^(?:\/(?:es|en))?\/community\/([A-Za-z0-9_-]{1,200})\/([A-Za-z0-9_-]{1,200}?)(?:\.data)?$/;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Who read, as the view counter stores it: a keyed hash of the member's id, or of a visitor's address and
 * browser, with the day in the key, so no address is stored and one day's visitors cannot be followed to the next.
 */
export function visitorHash(secret: string, day: string, identity: string): string {
  return createHmac("sha256", secret).update(`thread-views|${day}|${identity}`).digest("base64url").slice(0, 22);
}

/**
 * Counts thread page views: after a thread page answered 200 — rendered or from the
 * anonymous page cache, which is why this runs in front of the cache — the hit goes to the forum's view
 * counter, which only keeps it in memory and writes batches later. Crawlers are not counted.
 */
export function countThreadViews(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || c.res.status !== 200) return;
    const match = THREAD_PAGE.exec(c.req.path);
    if (!match || match[2] === "new") return;
    const agent = c.req.header("user-agent");
    if (!agent || isbot(agent)) return;
    const services = c.var.services;
    // A member counts once whatever their address; the session's actor is already loaded by the page.
    const actor = SESSION_COOKIE.test(c.req.header("cookie") ?? "") ? await c.var.getActor() : null;
    const identity = actor ? `member:${actor.userId}` : `visitor:${c.var.clientKey}|${agent}`;
    services.forum.countView({
      forumSlug: match[1],
      threadSlug: match[2],
      visitor: visitorHash(services.env.authSecret, utcDay(new Date()), identity),
    });
  };
}
