/** YouTube's oEmbed answer, reduced to what the /collaborate form fills (null: not a video YouTube knows). */
export type OembedLookup = (videoUrl: string) => Promise<{ title: string; thumbnailUrl: string | null; authorName: string | null } | null>;

/** YouTube did not answer in time, answered with an error, or sent something that is not oEmbed. */
export class OembedUnavailable extends Error {
  constructor(reason: string) {
    super(`oembed unavailable: ${reason}`);
    this.name = "OembedUnavailable";
  }
}

const TIMEOUT_MS = 3000;
/** An oEmbed answer is a few hundred bytes; more is not oEmbed. */
const MAX_BYTES = 64 * 1024;
const TITLE_MAX = 200;

/** Only https thumbnails on YouTube's image host are kept (the page shows them; nothing else is trusted). */
export function safeThumbnail(url: unknown): string | null {
  if (typeof url !== "string" || url.length > 500) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" && u.hostname === "i.ytimg.com" && !u.username && !u.password && !u.port ? u.toString() : null;
  } catch {
    return null;
  }
}

const clean = (v: unknown, max: number) =>
  typeof v === "string"
    ? v
        // eslint-disable-next-line no-control-regex -- control characters from a third party become spaces
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .trim()
        .slice(0, max) || null
    : null;

async function readLimited(res: Response): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) throw new OembedUnavailable("too large");
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel().catch(() => {});
      throw new OembedUnavailable("too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * YouTube's oEmbed endpoint (`<endpoint>?url=…&format=json`), within 3 seconds and 64 KB. A 400/401/404 means
 * YouTube does not know the video (or it is private): null. Anything else that goes wrong throws
 * OembedUnavailable, so the form can say "YouTube did not answer" rather than "not a video".
 */
export function createOembedLookup(endpoint: string, opts: { timeoutMs?: number } = {}): OembedLookup {
  return async (videoUrl) => {
    const url = new URL(endpoint);
    url.searchParams.set("url", videoUrl);
    url.searchParams.set("format", "json");
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
        redirect: "error",
        headers: { accept: "application/json" },
      });
    } catch (err) {
      throw new OembedUnavailable(err instanceof Error ? err.name : "fetch");
    }
    if (res.status === 400 || res.status === 401 || res.status === 403 || res.status === 404) {
      await res.body?.cancel().catch(() => {});
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new OembedUnavailable(`status ${res.status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(await readLimited(res));
    } catch (err) {
      if (err instanceof OembedUnavailable) throw err;
      throw new OembedUnavailable("not json");
    }
    if (!body || typeof body !== "object") throw new OembedUnavailable("not an object");
    const o = body as Record<string, unknown>;
    const title = clean(o.title, TITLE_MAX);
    if (!title) return null;
    return { title, thumbnailUrl: safeThumbnail(o.thumbnail_url), authorName: clean(o.author_name, TITLE_MAX) };
  };
}
