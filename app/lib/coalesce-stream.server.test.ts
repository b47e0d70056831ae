import { describe, expect, it } from "vitest";
import { CoalesceStream } from "./coalesce-stream.server";

const read = (stream: CoalesceStream) =>
  new Promise<Buffer[]>((resolve, reject) => {
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(Buffer.from(c)));
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });

describe("CoalesceStream", () => {
  it("joins what is written in one turn of the event loop into one chunk, in order", async () => {
    let ended = 0;
    const s = new CoalesceStream(() => ended++);
    const chunks = read(s);
    for (let i = 0; i < 50; i++) s.write(new TextEncoder().encode(`<p>${i}</p>`));
    s.end();
    const out = await chunks;
    expect(out).toHaveLength(1);
    expect(out[0].toString()).toBe(Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`).join(""));
    expect(ended).toBe(1);
  });

  it("sends a later burst (a part that streams in afterwards) as soon as it is written", async () => {
    const s = new CoalesceStream();
    const seen: string[] = [];
    s.on("data", (c: Buffer) => seen.push(c.toString()));
    s.write(Buffer.from("shell-a"));
    s.write(Buffer.from("shell-b"));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(["shell-ashell-b"]);
    s.write(Buffer.from("late"));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual(["shell-ashell-b", "late"]);
    s.end();
  });
});
