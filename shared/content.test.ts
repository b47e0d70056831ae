import { describe, expect, it } from "vitest";
import { youtubeIdOf } from "./content";

describe("youtubeIdOf", () => {
  it("reads the id from YouTube's addresses, with or without their scheme, and the bare id", () => {
    for (const v of [
      "dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ",
      "youtu.be/dQw4w9WgXcQ",
      "www.youtube.com/watch?v=dQw4w9WgXcQ",
      " https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10 ",
    ])
      expect(youtubeIdOf(v), v).toBe("dQw4w9WgXcQ");
  });

  it("refuses anything else", () => {
    for (const v of ["", "abc", "https://vimeo.com/123", "https://evil.example/watch?v=dQw4w9WgXcQ", "javascript:alert(1)"])
      expect(youtubeIdOf(v), v).toBeNull();
  });
});
