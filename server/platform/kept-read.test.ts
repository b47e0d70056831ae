import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { EventBus } from "./events";
import { keptRead } from "./kept-read";

type SidePanelData = { announcement: { url: string } };

const panel = (n: number): SidePanelData => ({ announcement: { url: `/${n}` } });

function setup(ttlMs: number) {
  let reads = 0;
  let clock = 0;
  let fail = false;
  const listeners: (() => void)[] = [];
  const events = new EventBus(createLogger("error", {}, () => undefined));
  const get = keptRead(
    async () => {
      reads++;
      if (fail) throw new Error("database down");
      return panel(reads);
    },
    { ttlMs, events, settings: { onChange: (l: () => void) => listeners.push(l) }, now: () => clock },
  );
  return {
    get,
    events,
    reads: () => reads,
    tick: (ms: number) => (clock += ms),
    failNext: (v: boolean) => (fail = v),
    settingsChanged: () => listeners.forEach((l) => l()),
  };
}

describe("a read the same for every visitor (the side panel), kept briefly", () => {
  it("run once for the requests of the same moment, and again after the time to keep them", async () => {
    const s = setup(10_000);
    const [a, b] = await Promise.all([s.get(), s.get()]);
    expect(a).toBe(b);
    expect(s.reads()).toBe(1);
    s.tick(9_999);
    await s.get();
    expect(s.reads()).toBe(1);
    s.tick(1);
    expect((await s.get()).announcement.url).toBe("/2");
  });

  it("run again at once after an event that changes what the panel lists, or a change of settings", async () => {
    const s = setup(10_000);
    await s.get();
    s.events.publish("thread.created", {
      threadId: "t",
      forumId: "f",
      postId: "p",
      authorId: "a",
      title: "x",
      mentions: [],
      at: new Date(),
    });
    await new Promise((r) => setTimeout(r, 10));
    await s.get();
    expect(s.reads()).toBe(2);
    s.settingsChanged();
    await s.get();
    expect(s.reads()).toBe(3);
  });

  it("do not keep a failed read, and with 0 read every time", async () => {
    const s = setup(10_000);
    s.failNext(true);
    await expect(s.get()).rejects.toThrow("database down");
    s.failNext(false);
    expect((await s.get()).announcement.url).toBe("/2");
    const every = setup(0);
    await every.get();
    await every.get();
    expect(every.reads()).toBe(2);
  });
});
