import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for YouTube's oEmbed endpoint (`/oembed?url=…&format=json`), for the tests and the e2e
 * server. Videos it knows answer as YouTube does; `mode` makes it fail as YouTube can (an error, a hang, an
 * oversized answer, a thumbnail on another host). `requests` counts the lookups it answered.
 */
export type YoutubeStubMode = "ok" | "error" | "hang" | "huge" | "foreign_thumbnail";

export type YoutubeStub = {
  url: string;
  requests: number;
  mode: YoutubeStubMode;
  videos: Map<string, { title: string; author: string }>;
  close(): Promise<void>;
};

const videoIdOf = (videoUrl: string) => /(?:v=|youtu\.be\/|shorts\/|embed\/)([A-Za-z0-9_-]{11})/.exec(videoUrl)?.[1] ?? null;

export async function startYoutubeStub(port = 0): Promise<YoutubeStub> {
  const hanging = new Set<import("node:http").ServerResponse>();
  const stub: YoutubeStub = {
    url: "",
    requests: 0,
    mode: "ok",
    videos: new Map([["dQw4w9WgXcQ", { title: "Brisa — Official Trailer", author: "Brisa Studio" }]]),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    stub.requests++;
    const q = new URL(req.url ?? "/", "http://stub").searchParams;
    if (stub.mode === "hang") {
      hanging.add(res);
      return;
    }
    if (stub.mode === "error") {
      res.writeHead(503).end("unavailable");
      return;
    }
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
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oembed`;
  return stub;
}
