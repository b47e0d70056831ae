import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for YouTube, for the tests and the e2e server: its oEmbed endpoint (`/oembed?url=…&format=json`)
 * and its channel pages (`/@handle`, `/channel/<id>`; `/c/<name>` redirects to `/@name` as YouTube does), each
 * page stating its channel's description in its meta tags and its data as YouTube's do. Videos and channels it
 * knows answer as YouTube does; `mode` makes it fail as YouTube can (an error, a hang, an oversized answer, a
 * thumbnail on another host, a redirect to a consent page on another host). `requests` counts what it answered.
 * Its image host (`/vi/<id>/hqdefault.jpg`, YOUTUBE_THUMBNAIL_URL) answers the pictures in `thumbnails`; in "huge"
 * mode a 3 MB image, in "foreign_redirect" mode a redirect to another host, in "hang" mode nothing.
 */
export type YoutubeStubMode = "ok" | "error" | "hang" | "huge" | "foreign_thumbnail" | "foreign_redirect";

export type YoutubeStub = {
  /** The oEmbed endpoint (YOUTUBE_OEMBED_URL). */
  url: string;
  /** The site's origin, where channel pages are (YOUTUBE_CHANNEL_URL). */
  origin: string;
  requests: number;
  mode: YoutubeStubMode;
  videos: Map<string, { title: string; author: string }>;
  /** Channel page path (`/@handle`, `/channel/<id>`, as YouTube writes it: lower-case handle) → description. */
  channels: Map<string, string>;
  /** Video id → the JPEG (or any image) its image host answers for `/vi/<id>/hqdefault.jpg`. */
  thumbnails: Map<string, Uint8Array>;
  close(): Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A channel page as YouTube sends it, reduced: the description in the meta tags and in the page's data. */
export function channelPageHtml(title: string, description: string): string {
  const data = JSON.stringify({ metadata: { channelMetadataRenderer: { title, description } } });
  return `<!doctype html><html><head><title>${escapeHtml(title)} - YouTube</title><meta name="description" content="${escapeHtml(
    description,
  )}"><meta property="og:description" content="${escapeHtml(description)}"></head><body><script>var ytInitialData = ${data
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")};</script></body></html>`;
}

const videoIdOf = (videoUrl: string) => /(?:v=|youtu\.be\/|shorts\/|embed\/)([A-Za-z0-9_-]{11})/.exec(videoUrl)?.[1] ?? null;

export async function startYoutubeStub(port = 0): Promise<YoutubeStub> {
  const hanging = new Set<import("node:http").ServerResponse>();
  const stub: YoutubeStub = {
    url: "",
    origin: "",
    requests: 0,
    mode: "ok",
    videos: new Map([["dQw4w9WgXcQ", { title: "Brisa — Official Trailer", author: "Brisa Studio" }]]),
    channels: new Map(),
    thumbnails: new Map(),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    stub.requests++;
    const address = new URL(req.url ?? "/", "http://stub");
    const q = address.searchParams;
    if (stub.mode === "hang") {
      hanging.add(res);
      return;
    }
    if (stub.mode === "error") {
      res.writeHead(503).end("unavailable");
      return;
    }
    if (address.pathname.startsWith("/vi/")) return thumbnail(address.pathname, res);
    if (address.pathname !== "/oembed") return channelPage(address.pathname, res);
    if (stub.mode === "huge") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ title: "x".repeat(200_000) }));
      return;
    }
    const id = videoIdOf(q.get("url") ?? "");
    const video = id ? stub.videos.get(id) : undefined;
    if (q.get("format") !== "json" || !id || !video) {
      res.writeHead(404).end("Not Found");
      return;
    }
    const host = stub.mode === "foreign_thumbnail" ? "evil.example" : "i.ytimg.com";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        title: video.title,
        author_name: video.author,
        type: "video",
        provider_name: "YouTube",
        thumbnail_url: `https://${host}/vi/${id}/hqdefault.jpg`,
        thumbnail_width: 480,
        thumbnail_height: 360,
      }),
    );
  });
  function thumbnail(path: string, res: import("node:http").ServerResponse) {
    if (stub.mode === "huge") {
      // Streamed without a length, so only a reader that counts as it goes can stop it.
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      for (let i = 0; i < 48; i++) res.write(chunk);
      res.end();
      return;
    }
    if (stub.mode === "foreign_redirect") {
      res.writeHead(302, { location: `https://evil.example${path}` }).end();
      return;
    }
    const body = stub.thumbnails.get(/^\/vi\/([^/]+)\/hqdefault\.jpg$/.exec(path)?.[1] ?? "");
    if (!body) {
      res.writeHead(404).end("Not Found");
      return;
    }
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(body.byteLength) });
    res.end(body);
  }
  function channelPage(path: string, res: import("node:http").ServerResponse) {
    if (stub.mode === "huge") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(channelPageHtml("Huge", "x".repeat(4 * 1024 * 1024)));
      return;
    }
    if (stub.mode === "foreign_redirect") {
      res.writeHead(302, { location: `https://consent.youtube.com/m?continue=${encodeURIComponent(path)}` }).end();
      return;
    }
    const custom = /^\/c\/([^/]+)\/?$/.exec(path);
    if (custom) {
      res.writeHead(301, { location: `/@${custom[1].toLowerCase()}` }).end();
      return;
    }
    const description = stub.channels.get(decodeURIComponent(path).replace(/\/+$/, ""));
    if (description === undefined) {
      res.writeHead(404, { "content-type": "text/html" }).end("<!doctype html><title>404 Not Found</title>");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(channelPageHtml(path.slice(1), description));
  }
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stub.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.url = `${stub.origin}/oembed`;
  return stub;
}
