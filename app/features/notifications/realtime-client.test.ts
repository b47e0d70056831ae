import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectRealtime, holdRealtime } from "./realtime-client";

/** A browser WebSocket whose handshake the test finishes by hand. */
class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closedWhileConnecting = false;
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
    this.onmessage?.({ data: JSON.stringify({ type: "ready" }) });
  }
  close() {
    if (this.readyState === FakeSocket.CONNECTING) this.closedWhileConnecting = true;
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
    this.dispatchEvent(new Event("close"));
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("location", { protocol: "http:", host: "localhost:1" });
  vi.stubGlobal("document", Object.assign(new EventTarget(), { visibilityState: "visible" }));
  vi.stubGlobal("window", new EventTarget());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const handlers = { onMessage: () => {}, onReconnect: () => {} };

describe("holding the realtime socket (sign-out)", () => {
  it("waits for a handshake in flight, closes it once open, and opens nothing until released", async () => {
    const stop = connectRealtime(handlers);
    const first = FakeSocket.made[0]!;
    let held = false;
    const holding = holdRealtime().then((release) => {
      held = true;
      return release;
    });
    await vi.advanceTimersByTimeAsync(0);
    // The handshake still runs: sign-out must not start yet.
    expect(held).toBe(false);
    first.accept();
    const release = await holding;
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    expect(first.closedWhileConnecting).toBe(false);

    // Neither the reconnect delays nor the page coming back open a socket while held.
    await vi.advanceTimersByTimeAsync(60_000);
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("online"));
    expect(FakeSocket.made).toHaveLength(1);

    // A failed sign-out releases it: the live count comes back.
    release();
    expect(FakeSocket.made).toHaveLength(2);
    stop();
  });

  it("closes an open socket at once, and a stopped connection is not held or reopened", async () => {
    const stop = connectRealtime(handlers);
    FakeSocket.made[0]!.accept();
    const release = await holdRealtime();
    expect(FakeSocket.made[0]!.readyState).toBe(FakeSocket.CLOSED);
    stop();
    release();
    expect(FakeSocket.made).toHaveLength(1);
  });
});
