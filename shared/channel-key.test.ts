import { describe, expect, it } from "vitest";
import { SAME_CHANNEL } from "#tests/support/channel-spellings";
import { channelKey, youtubeChannelPath } from "./channel-key";

describe("channelKey", () => {
  it("gives one key for every way of writing the same channel", () => {
    for (const [key, urls] of Object.entries(SAME_CHANNEL)) for (const url of urls) expect(channelKey(url), url).toBe(key);
  });

  it("keeps different channels apart (a channel id keeps its case)", () => {
    const keys = [
      "https://www.youtube.com/@brisa",
      "https://www.youtube.com/@brisagames2",
      "https://www.youtube.com/channel/UCaBcD1234",
      "https://www.youtube.com/channel/UCabcd1234",
      "https://www.twitch.tv/brisa",
      "https://www.tiktok.com/@brisa",
      "https://brisa.example.org",
    ].map(channelKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has no key for what is not an address", () => {
    expect(channelKey("not a url")).toBeNull();
    expect(channelKey("https:///@x")).toBeNull();
  });

  it("names the public page of a YouTube channel, and of nothing else", () => {
    expect(youtubeChannelPath("youtube:@brisagames")).toBe("/@brisagames");
    expect(youtubeChannelPath("youtube:channel/UCaBcD1234")).toBe("/channel/UCaBcD1234");
    expect(youtubeChannelPath("youtube:watch")).toBeNull();
    expect(youtubeChannelPath("twitch:brisa")).toBeNull();
  });
});
