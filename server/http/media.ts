import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { contentTypeOf, isPrivateKey, isStorageKey, KNOWN_CONTENT_TYPES, type Storage } from "#server/platform/storage";
import { staticFiles } from "./static-files";
import type { AppEnv } from "./types";

/** Stored files' names carry their content's hash: the bytes at an address never change. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** A stored file opened directly can show itself and run nothing (an SVG's scripts, a PDF's forms). */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const MEDIA_HEADERS = { "Cache-Control": MEDIA_CACHE_CONTROL, "Content-Security-Policy": MEDIA_CSP, "X-Content-Type-Options": "nosniff" };

/**
 * /media/<key>: the public stored files (avatars, logos, game art). On the local disk the files are sent by the
 * static-file server straight from `root`; from any other storage (an S3 bucket shared by several instances)
 * the app reads the file through the storage and answers with the same headers, plus an ETag so a browser
 * that asks again gets a 304. Keys under `private/` are never answered here (nor is anything that is not a key).
 * A file that is not there falls through to the next handler (the 404).
 */
export function mediaFiles(storage: Storage, opts: { localRoot?: string } = {}): MiddlewareHandler<AppEnv> {
  if (opts.localRoot)
    return staticFiles({ root: opts.localRoot, rewriteRequestPath: (p: string) => p.slice("/media".length) }, MEDIA_HEADERS);
  return async (c, next) => {
    // A HEAD is answered as its GET, without the body.
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const key = c.req.path.slice("/media/".length);
    if (!isStorageKey(key) || isPrivateKey(key)) return next();
    const file = await storage.read(key);
    if (!file) return next();
    const etag = `"${createHash("sha256").update(file.body).digest("base64url").slice(0, 27)}"`;
    // The type the file was stored with when it is one a stored file may have, else its name's.
    const type = KNOWN_CONTENT_TYPES.has(file.contentType) ? file.contentType : contentTypeOf(key);
    const headers = { ...MEDIA_HEADERS, ETag: etag, "Content-Type": type };
    const known = c.req.header("if-none-match");
    if (known && known.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return c.body(null, 304, headers);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Length": String(file.body.byteLength) });
  };
}
