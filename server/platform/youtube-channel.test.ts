import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelPageHtml, startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";
import { ChannelPageUnavailable, createChannelPageLookup, descriptionOf } from "./youtube-channel";

describe("YouTube channel pages (against a local stub)", () => {
  let stub: YoutubeStub;
  beforeAll(async () => {
    stub = await startYoutubeStub();
    stub.channels.set("/@brisagames", 'Juegos cortos "de autor" & más. nexo-ab12cd34');
    stub.channels.set("/channel/UCaBcD1234", "Only an id");
  });
  afterAll(() => stub.close());

  it("reads a channel's description from its page, by handle and by id", async () => {
    stub.mode = "ok";
    const lookup = createChannelPageLookup(stub.origin);
    expect((await lookup("/@brisagames"))?.description).toContain('Juegos cortos "de autor" & más. nexo-ab12cd34');
    expect((await lookup("/channel/UCaBcD1234"))?.description).toContain("Only an id");
  });

  it("answers null for a channel YouTube does not know", async () => {
    stub.mode = "ok";
    expect(await createChannelPageLookup(stub.origin)("/@nobody-here")).toBeNull();
  });

  it("refuses anything that is not a channel's path, before asking", async () => {
    const before = stub.requests;
    for (const path of ["/watch?v=x", "//evil.example/@x", "/@x/../../admin", "/@x?y=1"])
      await expect(createChannelPageLookup(stub.origin)(path), path).rejects.toBeInstanceOf(ChannelPageUnavailable);
    expect(stub.requests).toBe(before);
  });

  it("throws ChannelPageUnavailable when YouTube errs, hangs, sends too much or redirects to another host", async () => {
    for (const mode of ["error", "huge", "hang", "foreign_redirect"] as const) {
      stub.mode = mode;
      const started = Date.now();
      const err = await createChannelPageLookup(stub.origin, { timeoutMs: 300 })("/@brisagames").catch((e: unknown) => e);
      expect(err, mode).toBeInstanceOf(ChannelPageUnavailable);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    stub.mode = "ok";
  });

  it("finds the description in the meta tags and in the page's data, entities decoded", () => {
    const text = descriptionOf(channelPageHtml("x", "a <b> & \"c\" 'd' nexo-11111111"));
    expect(text).toContain("a <b> & \"c\" 'd' nexo-11111111");
    expect(descriptionOf("<html><body>nexo-11111111 in a comment</body></html>")).toBe("");
  });
});
