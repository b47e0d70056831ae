import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";
import { createThumbnailFetcher, ThumbnailUnavailable } from "./youtube-thumbnail";

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (err: unknown) => (err instanceof ThumbnailUnavailable ? err.reason : String(err)),
  );

describe("YouTube thumbnail fetcher", () => {
  let stub: YoutubeStub;
  let jpeg: Uint8Array;
  let slow: Server;
  let slowOrigin: string;

  beforeAll(async () => {
    stub = await startYoutubeStub();
    jpeg = new Uint8Array(
      await sharp({ create: { width: 480, height: 360, channels: 3, background: "#336699" } })
        .jpeg()
        .toBuffer(),
    );
    stub.thumbnails.set("dQw4w9WgXcQ", jpeg);
    // An image host that sends its headers and then a trickle, never the end.
    slow = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.write(Buffer.alloc(10));
      const timer = setInterval(() => res.write(Buffer.alloc(10)), 50);
      res.on("close", () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    slowOrigin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    stub.mode = "ok";
    stub.requests = 0;
  });
  afterAll(async () => {
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
    await stub.close();
  });

  it("fetches /vi/<id>/hqdefault.jpg from the image host", async () => {
    const bytes = await createThumbnailFetcher(stub.origin)("dQw4w9WgXcQ");
    expect(Buffer.from(bytes).equals(Buffer.from(jpeg))).toBe(true);
    expect(stub.requests).toBe(1);
  });

  it("refuses an id that is not a YouTube id without asking anyone", async () => {
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("../../etc/passwd"))).toBe("bad_id");
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("abc"))).toBe("bad_id");
    expect(stub.requests).toBe(0);
  });

  it("says so when the host has no thumbnail", async () => {
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("zzzzzzzzzzz"))).toBe("status");
  });

  it("stops reading an image over the size limit while it streams", async () => {
    stub.mode = "huge";
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("dQw4w9WgXcQ"))).toBe("too_large");
    expect(await reasonOf(createThumbnailFetcher(stub.origin, { maxBytes: 100 })("dQw4w9WgXcQ"))).toBe("too_large");
  });

  it("gives up on a host that does not answer in time", async () => {
    stub.mode = "hang";
    const started = Date.now();
    expect(await reasonOf(createThumbnailFetcher(stub.origin, { timeoutMs: 300 })("dQw4w9WgXcQ"))).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up on a host that answers too slowly", async () => {
    expect(await reasonOf(createThumbnailFetcher(slowOrigin, { timeoutMs: 300 })("dQw4w9WgXcQ"))).toBe("timeout");
  });

  it("never follows a redirect to another host", async () => {
    stub.mode = "foreign_redirect";
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("dQw4w9WgXcQ"))).toBe("wrong_host");
    expect(stub.requests).toBe(1);
  });

  it("refuses an answer that is not an image", async () => {
    stub.mode = "error";
    expect(await reasonOf(createThumbnailFetcher(stub.origin)("dQw4w9WgXcQ"))).toBe("status");
  });

  it("reaches only its own host: the default is YouTube's image host", () => {
    expect(() => createThumbnailFetcher("not a url")).toThrow();
  });
});
