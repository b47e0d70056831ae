/**
 * Fetches a video's thumbnail from YouTube's image host (`<base>/vi/<id>/hqdefault.jpg`), and nothing else: the
 * id is checked, the address is built here (never taken from anyone), a redirect is followed only within the
 * same origin (at most twice), the answer must be an image, and it is read within a time limit and a size limit
 * checked while it streams. The base is https://i.ytimg.com unless YOUTUBE_THUMBNAIL_URL says otherwise (tests
 * point it at a local stub).
 */
export type ThumbnailFetcher = (youtubeId: string) => Promise<Uint8Array>;

export const YOUTUBE_THUMBNAIL_BASE = "https://i.ytimg.com";
const TIMEOUT_MS = 5000;
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 2;

export type ThumbnailFailure = "bad_id" | "wrong_host" | "status" | "not_image" | "too_large" | "timeout" | "network";

export class ThumbnailUnavailable extends Error {
  constructor(readonly reason: ThumbnailFailure) {
    super(`thumbnail unavailable: ${reason}`);
    this.name = "ThumbnailUnavailable";
  }
}

async function readLimited(res: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new ThumbnailUnavailable("too_large");
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (signal.aborted) {
      await reader.cancel().catch(() => {});
      throw new ThumbnailUnavailable("timeout");
    }
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ThumbnailUnavailable("too_large");
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function createThumbnailFetcher(
  base = YOUTUBE_THUMBNAIL_BASE,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): ThumbnailFetcher {
  const origin = new URL(base).origin;
  const maxBytes = opts.maxBytes ?? MAX_BYTES;
  return async (youtubeId) => {
    if (!/^[A-Za-z0-9_-]{11}$/.test(youtubeId)) throw new ThumbnailUnavailable("bad_id");
    const signal = AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS);
    let url = new URL(`/vi/${youtubeId}/hqdefault.jpg`, origin);
    try {
      for (let hop = 0; ; hop++) {
        if (url.origin !== origin) throw new ThumbnailUnavailable("wrong_host");
        const res = await fetch(url, { signal, redirect: "manual", headers: { accept: "image/*" } });
        if (res.status >= 300 && res.status < 400) {
          await res.body?.cancel().catch(() => {});
          const location = res.headers.get("location");
          if (!location || hop >= MAX_REDIRECTS) throw new ThumbnailUnavailable("status");
          url = new URL(location, url);
          continue;
        }
        if (!res.ok) {
          await res.body?.cancel().catch(() => {});
          throw new ThumbnailUnavailable("status");
        }
        if (!/^image\//i.test(res.headers.get("content-type") ?? "")) {
          await res.body?.cancel().catch(() => {});
          throw new ThumbnailUnavailable("not_image");
        }
        return await readLimited(res, maxBytes, signal);
      }
    } catch (err) {
      if (err instanceof ThumbnailUnavailable) throw err;
      if (signal.aborted) throw new ThumbnailUnavailable("timeout");
      throw new ThumbnailUnavailable("network");
    }
  };
}
