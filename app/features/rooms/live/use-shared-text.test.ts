import { describe, expect, it } from "vitest";
import { movePosition } from "./use-shared-text";

describe("movePosition (the caret when someone else edits)", () => {
  it("moves with text inserted or deleted before it, and stays for changes after it", () => {
    // "hello world", caret after "world" (11).
    expect(movePosition(11, [{ retain: 6 }, { insert: "brave " }])).toBe(17);
    expect(movePosition(3, [{ retain: 6 }, { insert: "brave " }])).toBe(3);
    expect(movePosition(11, [{ delete: 6 }])).toBe(5);
    // A deletion that spans the caret brings it to where the deletion started.
    expect(movePosition(4, [{ retain: 2 }, { delete: 5 }])).toBe(2);
    // Text inserted exactly at the caret goes after it.
    expect(movePosition(6, [{ retain: 6 }, { insert: "x" }])).toBe(6);
  });
});
