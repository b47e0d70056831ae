import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";
import { createOembedLookup, OembedUnavailable, safeThumbnail } from "./youtube-oembed";

describe("YouTube oEmbed lookup (against a local stub)", () => {
  let stub: YoutubeStub;
  beforeAll(async () => {
    stub = await startYoutubeStub();
  });
  afterAll(() => stub.close());

  it("reads the title, author and an i.ytimg.com thumbnail of a known video", async () => {
    stub.mode = "ok";
    const lookup = createOembedLookup(stub.url);
    expect(await lookup("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
      title: "Brisa — Official Trailer",
      authorName: "Brisa Studio",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    });
  });

  it("answers null for a video YouTube does not know", async () => {
    stub.mode = "ok";
    expect(await createOembedLookup(stub.url)("https://youtu.be/AAAAAAAAAAA")).toBeNull();
  });

  it("drops a thumbnail that is not on https://i.ytimg.com", async () => {
    stub.mode = "foreign_thumbnail";
    const found = await createOembedLookup(stub.url)("https://youtu.be/dQw4w9WgXcQ");
    expect(found?.title).toBe("Brisa — Official Trailer");
    expect(found?.thumbnailUrl).toBeNull();
    expect(safeThumbnail("http://i.ytimg.com/x.jpg")).toBeNull();
    expect(safeThumbnail("https://i.ytimg.com.evil.example/x.jpg")).toBeNull();
  });

  it("throws OembedUnavailable when YouTube errs, hangs past the time limit or sends too much", async () => {
    for (const mode of ["error", "huge", "hang"] as const) {
      stub.mode = mode;
      const started = Date.now();
      const err = await createOembedLookup(stub.url, { timeoutMs: 300 })("https://youtu.be/dQw4w9WgXcQ").catch((e: unknown) => e);
      expect(err, mode).toBeInstanceOf(OembedUnavailable);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    stub.mode = "ok";
  });
});
