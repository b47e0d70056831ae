import { createHash } from "node:crypto";
import { createAvatar } from "@dicebear/core";
import * as pixelArt from "@dicebear/pixel-art";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "#server/db/schema";
import type { AppEnv } from "./types";

/**
 * A member without an uploaded avatar gets a generated one, the same picture for the same
 * user id forever: DiceBear's "Pixel Art" style (artwork CC0 1.0, code MIT), drawn here on the server so no
 * byte of it reaches the client bundle. `MiniAvatar` points an <img> at /avatars/{userId}.svg.
 *
 * - The address never changes its picture, so browsers and proxies keep it a year (immutable) with an ETag.
 * - The SVG is served as an image that can run nothing: its own CSP (no scripts, no outside loads, sandbox)
 *   and nosniff, so opening it directly shows a picture and nothing else.
 * - A malformed id is refused (400) before any database work; a well-formed id of nobody is a 404 after one
 *   primary-key read. The pictures drawn are kept in memory (the most recent 2,000): the load shedder never
 *   refuses avatars, so an admitted page's avatars must stay cheap.
 */

/** The ids the accounts area makes: better-auth's 32-character ids, the factories' and seed's UUIDs. */
export const AVATAR_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Soft backgrounds that sit well on the light and the dark theme (the pixel art draws its own outline). */
const BACKGROUNDS = ["c7d2fe", "ddd6fe", "a5f3fc", "bbf7d0", "fde68a", "fecaca", "fbcfe8", "bae6fd"];

/** One year: the picture at an address never changes. */
export const AVATAR_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const AVATAR_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** The SVG of a user id (pure: the same id gives the same bytes). */
export function avatarSvg(userId: string): string {
  return createAvatar(pixelArt, { seed: userId, backgroundColor: BACKGROUNDS, backgroundType: ["solid"] }).toString();
}

export const avatarEtag = (svg: string) => `"pa9-${createHash("sha256").update(svg).digest("base64url").slice(0, 22)}"`;

/** Drawn pictures kept by id (pure: an id always draws the same bytes), so a page's avatars cost a read each. */
const DRAWN_LIMIT = 2000;
const drawn = new Map<string, { svg: string; etag: string }>();
function drawnAvatar(id: string) {
  let found = drawn.get(id);
  if (found) {
    // Most recently used last: the oldest is the first to go.
    drawn.delete(id);
  } else {
    const svg = avatarSvg(id);
    found = { svg, etag: avatarEtag(svg) };
    if (drawn.size >= DRAWN_LIMIT) drawn.delete(drawn.keys().next().value!);
  }
  drawn.set(id, found);
  return found;
}

export function avatarRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/avatars/:file", async (c) => {
    const file = c.req.param("file");
    const id = file.endsWith(".svg") ? file.slice(0, -4) : "";
    if (!AVATAR_ID.test(id)) return c.text("Bad Request", 400, { "Cache-Control": "no-store" });
    const [found] = await c.var.services.db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
    if (!found) return c.text("Not Found", 404, { "Cache-Control": "no-store" });
    const { svg, etag } = drawnAvatar(id);
    const headers = {
      "Cache-Control": AVATAR_CACHE_CONTROL,
      ETag: etag,
      "Content-Security-Policy": AVATAR_CSP,
      "X-Content-Type-Options": "nosniff",
    };
    const match = c.req.header("if-none-match");
    if (match && match.split(",").some((m) => m.trim().replace(/^W\//, "") === etag)) return c.body(null, 304, headers);
    return c.body(svg, 200, { ...headers, "Content-Type": "image/svg+xml" });
  });
  app.all("/avatars/*", (c) => c.text("Bad Request", 400, { "Cache-Control": "no-store" }));
  return app;
}
