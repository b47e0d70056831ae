import { describe, expect, it } from "vitest";
import { EventBus, PendingEvents } from "./events";
import { createLogger, type LogFields } from "./logger";

const at = new Date("2026-01-01T00:00:00Z");

describe("EventBus", () => {
  it("delivers events to their subscribers in order, and stops after unsubscribe", async () => {
    const bus = new EventBus(createLogger("silent"));
    const seen: string[] = [];
    const off = bus.subscribe("like.given", (e) => void seen.push(`a:${e.postId}`));
    bus.subscribe("like.given", async (e) => void seen.push(`b:${e.postId}`));
    bus.subscribe("like.removed", () => void seen.push("never"));
    await bus.publish("like.given", { postId: "p1", threadId: "t", userId: "u", postAuthorId: "v", at });
    off();
    await bus.publish("like.given", { postId: "p2", threadId: "t", userId: "u", postAuthorId: "v", at });
    expect(seen).toEqual(["a:p1", "b:p1", "b:p2"]);
  });

  it("logs a failing handler without failing the publisher or the other handlers", async () => {
    const logs: LogFields[] = [];
    const bus = new EventBus(createLogger("debug", {}, (l) => logs.push(JSON.parse(l))));
    const seen: string[] = [];
    bus.subscribe("thread.created", () => {
      throw new Error("boom");
    });
    bus.subscribe("thread.created", (e) => void seen.push(e.threadId));
    await expect(
      bus.publish("thread.created", { threadId: "t1", forumId: "f", postId: "p", authorId: "u", title: "T", mentions: [], at }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual(["t1"]);
    expect(logs).toEqual([expect.objectContaining({ level: "error", msg: "domain event handler failed", event: "thread.created" })]);
  });

  it("publishes events collected during a transaction once asked (after the commit)", async () => {
    const bus = new EventBus(createLogger("silent"));
    const seen: string[] = [];
    bus.subscribe("post.created", (e) => void seen.push(`post ${e.number}`));
    bus.subscribe("answer.accepted", (e) => void seen.push(`accepted ${e.postId}`));
    const pending = new PendingEvents();
    pending.add("post.created", {
      postId: "p",
      threadId: "t",
      forumId: "f",
      authorId: "u",
      threadAuthorId: null,
      number: 2,
      mentions: [],
      at,
    });
    pending.add("answer.accepted", { threadId: "t", postId: "p", acceptedBy: "u", postAuthorId: "u", at });
    expect(seen).toEqual([]);
    await bus.publishAll(pending.list);
    expect(seen).toEqual(["post 2", "accepted p"]);
  });
});
