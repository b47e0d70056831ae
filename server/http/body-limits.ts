import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ANNOUNCEMENT_LIMITS } from "#shared/announcements";
import { GAME_LIMITS, KEY_UPLOAD_LIMITS } from "#shared/campaigns";
import { CHARACTER_LIMITS } from "#shared/character";
import { CONTENT_LIMITS } from "#shared/content";
import { AVATAR_MAX_BYTES } from "#shared/profile-limits";
import { RESUME_MAX_BYTES } from "#shared/jobs";
import { ROOM_LIMITS } from "#shared/rooms";
import { GAME_IMAGE_MAX_BYTES, SUBMISSION_SCREENSHOTS_MAX } from "#shared/promotions";
import { translator } from "#server/platform/translate";
import { lightPage, sameSiteReferer } from "./light-page";
import type { AppEnv } from "./types";

const KB = 1024;

/** Room for the multipart framing and the other fields of a form that carries one file. */
const MULTIPART_OVERHEAD = 64 * KB;

/**
 * The largest body each kind of request may send. A forum post is at most 20,000 characters, which
 * URL-encoded is at most about 180 KB; everything else a form sends is far smaller.
 */
export const BODY_LIMITS = {
  /** Page forms that carry an image (the avatar on /account, the logo on /company/verification). */
  upload: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD,
  /** The admin's announcement form with its banner (PNG, JPG or WEBP, at most 5 MB). */
  announcementBanner: ANNOUNCEMENT_LIMITS.imageMaxBytes + MULTIPART_OVERHEAD,
  /** A game's form with its cover (PNG, JPG or WEBP, at most 5 MB). */
  gameCover: GAME_LIMITS.coverMaxBytes + MULTIPART_OVERHEAD,
  /**
   * /collaborate's promotion request with its game image and up to five screenshots (PNG, JPG or WEBP, at most
   * 5 MB each, sent as is without JavaScript; with it the browser sends them compressed, far smaller).
   */
  featuredImage: GAME_IMAGE_MAX_BYTES * (1 + SUBMISSION_SCREENSHOTS_MAX) + MULTIPART_OVERHEAD,
  /** The content and collaborators tabs: a thumbnail or an avatar (PNG, JPG or WEBP, at most 5 MB). */
  contentImage: CONTENT_LIMITS.imageMaxBytes + MULTIPART_OVERHEAD,
  /** The avatars tab: an item's drawing (SVG, PNG or WebP, at most 512 KB). */
  itemArt: CHARACTER_LIMITS.itemArtMaxBytes + MULTIPART_OVERHEAD,
  /** A campaign's manage page: a bulk key upload (a file or pasted text of up to 100,000 keys, 8 MB). */
  keyUpload: KEY_UPLOAD_LIMITS.maxBytes + MULTIPART_OVERHEAD,
  /**
   * /contact's message (at most 5,000 characters, about 45 KB URL-encoded at worst) with its few short fields.
   */
  contact: 64 * KB,
  /** A job application with its resume (one PDF of at most 5 MB). */
  resume: RESUME_MAX_BYTES + MULTIPART_OVERHEAD,
  /**
   * An episode room's page: its forms (chat, links, the script's and schedule's) and its file upload (any type,
   * at most 25 MB) post to the same address.
   */
  roomFile: ROOM_LIMITS.fileBytesMax + MULTIPART_OVERHEAD,
  /** Every other page form (and React Router's `.data` form submissions). */
  form: 256 * KB,
  /** better-auth's JSON endpoints: an email, a password, a code. */
  auth: 16 * KB,
  /** A browser's missing-translation report: one key and a namespace. */
  i18nMissing: 4 * KB,
  /** The other JSON API routes. */
  api: 64 * KB,
} as const;

/** Page paths (without the language prefix or `.data`) whose forms upload an image. */
const UPLOAD_PAGES = new Set(["/account", "/company/verification"]);

/** The limit for one request, by path; null for methods that carry no body. */
export function bodyLimitFor(method: string, path: string): number | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  if (path.startsWith("/api/auth/")) return BODY_LIMITS.auth;
  if (path === "/api/v1/site/i18n-missing") return BODY_LIMITS.i18nMissing;
  if (path.startsWith("/api/")) return BODY_LIMITS.api;
  const page = path.replace(/\.data$/, "").replace(/^\/(?:es|en)(?=\/|$)/, "") || "/";
  const bare = page.replace(/\/$/, "") || "/";
  if (UPLOAD_PAGES.has(bare)) return BODY_LIMITS.upload;
  if (bare === "/collaborate") return BODY_LIMITS.featuredImage;
  if (bare === "/contact") return BODY_LIMITS.contact;
  if (bare === "/admin/announcements") return BODY_LIMITS.announcementBanner;
  if (/^\/jobs\/[^/]+$/.test(bare)) return BODY_LIMITS.resume;
  if (/^\/episode-panel\/[^/]+$/.test(bare)) return BODY_LIMITS.roomFile;
  if (bare === "/admin/content" || bare === "/admin/collaborators") return BODY_LIMITS.contentImage;
  if (bare === "/admin/avatars") return BODY_LIMITS.itemArt;
  if (bare === "/company/games/new" || /^\/company\/games\/[^/]+\/edit$/.test(bare)) return BODY_LIMITS.gameCover;
  if (/^\/company\/campaigns\/[^/]+$/.test(bare) && bare !== "/company/campaigns/new") return BODY_LIMITS.keyUpload;
  return BODY_LIMITS.form;
}

/** Form encodings the pages accept; anything else (JSON, text, XML) is refused before it is read. */
const PAGE_BODY_TYPES = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * Body limits per route (a 413 as soon as the declared or streamed size passes the limit; never more than the
 * limit is buffered), and for pages, only the form encodings browsers send (415 otherwise). The answer is
 * translated: JSON for the API and for React Router's data requests, a light page for a plain form post.
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = bodyLimitFor(c.req.method, c.req.path);
    if (limit === null || !c.req.raw.body) return next();
    if (!c.req.path.startsWith("/api/")) {
      const type = c.req.header("content-type") ?? "";
      const declared = c.req.header("content-length");
      const empty = declared === "0" && !c.req.header("transfer-encoding");
      if (!empty && !PAGE_BODY_TYPES.test(type)) return refuse(c, 415, "unsupported_media_type");
    }
    return bodyLimit({
      maxSize: limit,
      onError: (ctx) => refuse(ctx as Context<AppEnv>, 413, "payload_too_large", limit === BODY_LIMITS.upload),
    })(c, next);
  };
}

function refuse(c: Context<AppEnv>, status: 413 | 415, code: "payload_too_large" | "unsupported_media_type", upload = false) {
  const locale = c.var.locale.locale;
  const t = translator(locale, "errors");
  const message = t(code);
  // The connection stays open: on node:http the intake reads and throws away the rest of the body for a bounded
  // time, then closes it (server/http/request-intake.ts). Closing at once would reset a client still sending,
  // which then never sees this answer.
  c.header("Cache-Control", "no-store");
  const path = c.req.path;
  if (path.startsWith("/api/") || path.endsWith(".data") || (c.req.header("accept") ?? "").includes("application/json")) {
    return c.json({ error: { code, message } }, status);
  }
  const href = sameSiteReferer(c) ?? `${c.var.locale.prefix}/`;
  // A form with an image says the image's own limit, as the page would.
  const hint = upload
    ? `${t("accounts.avatar_too_large")} ${t("payload_too_large_hint")}`
    : t(status === 413 ? "payload_too_large_hint" : "unsupported_media_type_hint");
  return c.html(
    lightPage(locale, t(status === 413 ? "payload_too_large_title" : "unsupported_media_type_title"), `${message} ${hint}`, {
      href,
      label: t("go_back"),
    }),
    status,
  );
}
