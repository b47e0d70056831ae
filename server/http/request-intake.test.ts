import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/logger";
import { testApp, type TestApp } from "#tests/support/app";
import { LoadShedder } from "./load-shedder";
import { createSiteServer } from "./site-server";
import type { Env } from "#server/env";

/**
 * Slow senders on the site's own node:http stack (intake, load shedder, the real app): a body that trickles
 * in holds no slot, is cut off once it is later than its size allows, one address cannot hold many at once,
 * and a body over its limit gets its 413 even when the client keeps sending.
 */
let t: TestApp;
let ready = true;
const stops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-forwarded-for" }, { ready: () => ready });
});
afterAll(async () => {
  while (stops.length) await stops.pop()!();
  await t.close();
});

async function start(intake: Partial<Env["intake"]> = {}, shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 12 })) {
  const env = { ...t.services.env, intake: { ...t.services.env.intake, ...intake } };
  const http = createSiteServer(t.app, env, shedder);
  const port = await http.listen(0, "127.0.0.1");
  stops.push(() => http.drain(500, createLogger("silent")));
  return { port, http, shedder };
}

type Raw = { socket: Socket; answer: Promise<string>; closed: Promise<string> };

/** A raw HTTP/1.1 request whose body is sent by the caller; `answer` is what came back once the server closed or the first response ended. */
function rawRequest(port: number, head: string): Raw {
  const socket = connect(port, "127.0.0.1");
  const got: Buffer[] = [];
  socket.on("data", (d: Buffer) => got.push(d));
  const closed = new Promise<string>((resolve) => {
    socket.on("error", (e: NodeJS.ErrnoException) => resolve(`error ${e.code}`));
    socket.on("close", () => resolve("closed"));
  });
  const answer = closed.then(() => Buffer.concat(got).toString("utf8"));
  socket.write(head);
  return { socket, answer, closed };
}

const postHead = (path: string, length: number, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: localhost:3999\r\nOrigin: http://localhost:3999\r\n` +
  `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${extra}\r\n`;

/** Sends `bytes` one small piece at a time, like `curl --limit-rate 100`, until stopped. */
function trickle(raw: Raw, bytesPerTick = 10, everyMs = 100) {
  const timer = setInterval(() => raw.socket.write("a".repeat(bytesPerTick)), everyMs);
  raw.closed.then(() => clearInterval(timer));
  return () => clearInterval(timer);
}

const get = async (port: number, path: string) => {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  await res.text();
  return { status: res.status, ms: performance.now() - started };
};

describe("slow senders", () => {
  it("twenty slow uploads hold no slot: the sign-in page and health answer as usual meanwhile", async () => {
    const { port, http, shedder } = await start();
    const usual = await get(port, "/en/login");
    expect(usual.status).toBe(200);
    // The attack of the outside probe: anonymous posts to /collaborate at 100 bytes a second, each from its
    // own address behind the proxy.
    const slow = Array.from({ length: 20 }, (_, i) =>
      rawRequest(port, postHead("/en/collaborate", 20_000, `X-Forwarded-For: 198.51.100.${i + 1}\r\n`)),
    );
    const stoppers = slow.map((r) => trickle(r));
    await new Promise((r) => setTimeout(r, 300));
    expect(http.intake.stats().receiving).toBe(20);
    expect(shedder.stats().inFlight).toBe(0);
    for (let i = 0; i < 3; i++) {
      const during = await get(port, "/en/login");
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(Math.max(1000, usual.ms * 5));
    }
    expect((await get(port, "/api/health")).status).toBe(200);
    stoppers.forEach((s) => s());
    slow.forEach((r) => r.socket.destroy());
  });

  it("cuts off a body later than its size allows with a translated 408, and frees its place", async () => {
    const { port, http } = await start({ bodyGraceMs: 500, bodyMsPerKb: 1 });
    const raw = rawRequest(port, postHead("/es/collaborate", 20_000, "X-Forwarded-For: 198.51.100.40\r\n"));
    trickle(raw);
    const started = performance.now();
    const answer = await raw.answer;
    expect(performance.now() - started).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('lang="es"');
    expect(answer).toContain("Tu conexión es demasiado lenta");
    expect(http.intake.stats()).toEqual({ receiving: 0, addresses: 0 });
  });

  it("lets one address send only a few bodies at once (429, translated); other addresses are not affected", async () => {
    const { port } = await start({ bodiesPerAddress: 3 });
    const same = Array.from({ length: 3 }, () =>
      rawRequest(port, postHead("/en/collaborate", 20_000, "X-Forwarded-For: 198.51.100.60\r\n")),
    );
    same.forEach((r) => trickle(r));
    await new Promise((r) => setTimeout(r, 200));
    const fourth = rawRequest(port, postHead("/en/collaborate", 20_000, "X-Forwarded-For: 198.51.100.60\r\n"));
    const stop = trickle(fourth, 2000, 10);
    await new Promise((r) => setTimeout(r, 200));
    stop();
    fourth.socket.end();
    const answer = await fourth.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toContain("Too many uploads at once");
    // The client's own X-Forwarded-For entry in front changes nothing: the proxy's entry is the address.
    const spoofed = rawRequest(port, postHead("/en/collaborate", 10, "X-Forwarded-For: 1.2.3.4, 198.51.100.60\r\n"));
    spoofed.socket.end("a".repeat(10));
    expect(await spoofed.answer).toMatch(/^HTTP\/1\.1 429 /);
    const other = rawRequest(port, postHead("/en/collaborate", 10, "X-Forwarded-For: 198.51.100.61\r\n"));
    other.socket.end("intent=nada");
    expect(await other.answer).not.toMatch(/^HTTP\/1\.1 429 /);
    same.forEach((r) => r.socket.destroy());
  });
});

describe("a body over its limit", () => {
  const MB = 1024 * 1024;
  /** Writes the whole body as fast as the server takes it, and only then reads the answer (as many clients do). */
  async function sendAllThenRead(port: number, head: string, body: Buffer, chunked = false) {
    const raw = rawRequest(port, head);
    // Nothing is read until the body is sent: a reset from the server would throw the answer away.
    raw.socket.pause();
    const piece = 16 * 1024;
    let writeError = "";
    raw.socket.on("error", (e: NodeJS.ErrnoException) => (writeError = e.code ?? "error"));
    for (let at = 0; at < body.length && !raw.socket.destroyed; at += piece) {
      const part = body.subarray(at, at + piece);
      const data = chunked ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")]) : part;
      if (!raw.socket.write(data)) await Promise.race([new Promise((r) => raw.socket.once("drain", r)), raw.closed]);
      await new Promise((r) => setTimeout(r, 1));
    }
    if (chunked && !raw.socket.destroyed) raw.socket.write("0\r\n\r\n");
    raw.socket.resume();
    const closedBy = await Promise.race([raw.closed, new Promise<string>((r) => setTimeout(() => r("open"), 1500))]);
    raw.socket.destroy();
    return { answer: await raw.answer, writeError, closedBy };
  }

  it("answers 413 to a client that keeps sending, and reads the rest instead of resetting the connection", async () => {
    const { port } = await start();
    const declared = await sendAllThenRead(port, postHead("/en/community", 3 * MB), Buffer.alloc(3 * MB, 0x61));
    expect(declared.writeError).toBe("");
    expect(declared.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(declared.answer).toContain("too large");

    const chunkedHead = postHead("/en/community", 0).replace("Content-Length: 0\r\n", "Transfer-Encoding: chunked\r\n");
    const chunked = await sendAllThenRead(port, chunkedHead, Buffer.alloc(2 * MB, 0x61), true);
    expect(chunked.writeError).toBe("");
    expect(chunked.answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("stops reading a refused body past its bound and closes the connection", async () => {
    const { port } = await start();
    const raw = rawRequest(port, postHead("/en/community", 200 * MB));
    const piece = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    raw.socket.on("error", () => {});
    while (!raw.socket.destroyed && sent < 100 * MB) {
      sent += piece.length;
      if (!raw.socket.write(piece)) await Promise.race([new Promise((r) => raw.socket.once("drain", r)), raw.closed]);
    }
    await raw.closed;
    expect(sent).toBeLessThan(100 * MB);
    expect(await raw.answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});

describe("/api/health", () => {
  it("says the instance is not ready while the load shedder refuses everything, so the load balancer looks elsewhere", async () => {
    ready = false;
    const busy = await t.request("/api/health");
    expect(busy.status).toBe(503);
    expect(await busy.json()).toMatchObject({ status: "overloaded" });
    ready = true;
    expect((await t.request("/api/health")).status).toBe(200);
  });
});
