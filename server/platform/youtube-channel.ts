import { readAtMost } from "#shared/read-at-most";

/**
 * A YouTube channel's public page, reduced to what verification needs: the channel's
 * description as the page states it. `null`: YouTube does not know the channel (404/410).
 */
export type ChannelPageLookup = (channelPath: string) => Promise<{ description: string } | null>;

/** YouTube did not answer in time, answered with an error, sent us elsewhere, or sent something too large. */
export class ChannelPageUnavailable extends Error {
  constructor(reason: string) {
    super(`channel page unavailable: ${reason}`);
    this.name = "ChannelPageUnavailable";
  }
}

const TIMEOUT_MS = 5000;
/** A real channel page is about 0.5–1 MB of HTML; more is not a channel page. */
const MAX_BYTES = 3 * 1024 * 1024;
/** Redirects followed on the same host (`/c/x` → `/@x`); one to another host (a consent page) is an error. */
const MAX_REDIRECTS = 3;
const DESCRIPTION_MAX = 10_000;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };
const unescapeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, e: string) => ENTITIES[e]);

/**
 * The description a channel page states: its `<meta name="description">` and `og:description`, and the
 * description of `channelMetadataRenderer` in the page's data (the full text, where the meta may be cut).
 * Joined by new lines, each at most 10,000 characters.
 */
export function descriptionOf(html: string): string {
  const parts: string[] = [];
  for (const m of html.matchAll(/<meta\s+(?:name="description"|property="og:description")\s+content="([^"]*)"/gi))
    parts.push(unescapeHtml(m[1]));
  for (const m of html.matchAll(/<meta\s+content="([^"]*)"\s+(?:name="description"|property="og:description")/gi))
    parts.push(unescapeHtml(m[1]));
  const data = /"channelMetadataRenderer":\{"title":"(?:[^"\\]|\\.)*","description":"((?:[^"\\]|\\.)*)"/.exec(html);
  if (data) {
    try {
      parts.push(JSON.parse(`"${data[1]}"`) as string);
    } catch {
      // Not JSON after all: the meta tags are enough.
    }
  }
  return parts.map((p) => p.slice(0, DESCRIPTION_MAX)).join("\n");
}

/** The page's text within MAX_BYTES, whatever Content-Length says. */
async function readLimited(res: Response): Promise<string> {
  if (Number(res.headers.get("content-length") ?? "0") > MAX_BYTES) throw new ChannelPageUnavailable("too large");
  if (!res.body) return "";
  const bytes = await readAtMost(res.body, MAX_BYTES);
  if (!bytes) throw new ChannelPageUnavailable("too large");
  return Buffer.from(bytes).toString("utf8");
}

/**
 * Channel pages under `baseUrl` (https://www.youtube.com, a local stub in tests), within 5 seconds in all and
 * 3 MB. Redirects are followed only on the same origin, at most three; the consent page YouTube shows some
 * regions is avoided with its cookie. A 404/410 is null; anything else that goes wrong throws
 * ChannelPageUnavailable, so the creator is told "we could not reach it" rather than "the code is missing".
 */
export function createChannelPageLookup(baseUrl: string, opts: { timeoutMs?: number } = {}): ChannelPageLookup {
  const base = new URL(baseUrl);
  return async (channelPath) => {
    if (!/^\/(?:@[^/?#]+|channel\/[\w-]+)$/.test(channelPath)) throw new ChannelPageUnavailable("not a channel path");
    const signal = AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS);
    let url = new URL(channelPath, base);
    for (let hop = 0; ; hop++) {
      let res: Response;
      try {
        res = await fetch(url, {
          signal,
          redirect: "manual",
          headers: { accept: "text/html", "accept-language": "en", cookie: "SOCS=CAI; CONSENT=YES+" },
        });
      } catch (err) {
        throw new ChannelPageUnavailable(err instanceof Error ? err.name : "fetch");
      }
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel().catch(() => {});
        const location = res.headers.get("location");
        const next = location ? new URL(location, url) : null;
        if (!next || next.origin !== base.origin) throw new ChannelPageUnavailable("redirect to another host");
        if (hop >= MAX_REDIRECTS) throw new ChannelPageUnavailable("too many redirects");
        url = next;
        continue;
      }
      if (res.status === 404 || res.status === 410) {
        await res.body?.cancel().catch(() => {});
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw new ChannelPageUnavailable(`status ${res.status}`);
      }
      let html: string;
      try {
        html = await readLimited(res);
      } catch (err) {
        if (err instanceof ChannelPageUnavailable) throw err;
        throw new ChannelPageUnavailable(err instanceof Error ? err.name : "read");
      }
      return { description: descriptionOf(html) };
    }
  };
}
