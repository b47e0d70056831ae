import { fork } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "#server/platform/logger";
import { translator } from "#server/platform/translate";
import { overloadedDataAnswer } from "#tests/support/overload-answer";
import { LoadShedder } from "./load-shedder";
import { createNodeServer } from "./node-server";

/**
 * An overloaded process answers new requests with a light, translated 503 and
 * Retry-After, keeps /api/health and the requests already in flight, and admits again once the load is gone.
 */
const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!();
});

async function serve(shedder: LoadShedder, handler: (req: Request) => Promise<Response>) {
  const http = createNodeServer(handler, { shedder });
  const port = await http.listen(0, "127.0.0.1");
  shedder.start();
  servers.push(async () => {
    shedder.stop();
    await http.drain(1000, createLogger("silent"));
  });
  return `http://127.0.0.1:${port}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("load shedding", () => {
  it("refuses requests past the cap with a translated 503, keeps health and the requests in flight", async () => {
    const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 2 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const base = await serve(shedder, async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/api/health" || path.startsWith("/locales/")) return Response.json({ status: "ok" });
      await gate;
      return new Response("page");
    });

    const inFlight = [fetch(`${base}/en/a`), fetch(`${base}/en/b`)];
    await sleep(100);
    expect(shedder.stats().inFlight).toBe(2);

    const en = await fetch(`${base}/en/community`);
    expect(en.status).toBe(503);
    expect(en.headers.get("retry-after")).toBe("5");
    expect(en.headers.get("content-type")).toContain("text/html");
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("We are very busy right now");
    expect(html).not.toContain("<script");

    const es = await fetch(`${base}/community`, { headers: { cookie: "lng=es" } });
    expect(await es.text()).toContain("Ahora mismo estamos muy ocupados");
    const esByHeader = await fetch(`${base}/`, { headers: { "accept-language": "es-MX,es;q=0.9" } });
    expect(await esByHeader.text()).toContain('lang="es"');

    // A client-side navigation's data request: JSON saying when to try again, which the page shows as a
    // translated notice in its frame (the end-to-end spec answers with exactly this, tests/support).
    const data = await fetch(`${base}/en/community.data`);
    const expected = overloadedDataAnswer(translator("en", "errors")("overloaded.text"));
    expect(data.status).toBe(expected.status);
    expect(Object.fromEntries(Object.keys(expected.headers).map((h) => [h, data.headers.get(h)]))).toEqual(expected.headers);
    expect(await data.text()).toBe(expected.body);
    const esData = await fetch(`${base}/es/community.data`);
    expect(await esData.text()).toBe(overloadedDataAnswer(translator("es", "errors")("overloaded.text")).body);

    // The load balancer's check is never shed.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    // Nor are the translation files: a page that got through cannot hydrate without them.
    expect((await fetch(`${base}/locales/en/common.1a2b.json`)).status).toBe(200);

    release();
    const done = await Promise.all(inFlight);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(done.map((r) => r.text()));
    await sleep(50);
    expect(shedder.stats()).toMatchObject({ inFlight: 0, shed: 5 });
    expect((await fetch(`${base}/en/a`)).status).toBe(200);
  });

  it("never sheds the files an admitted page shows (avatars, uploads, images) while it refuses pages", async () => {
    const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 1, refusalDelayMs: 0 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const base = await serve(shedder, async (req) => {
      const path = new URL(req.url).pathname;
      if (path.startsWith("/en/")) await gate;
      return new Response("file");
    });
    const held = fetch(`${base}/en/held`);
    await sleep(50);
    expect(shedder.stats().inFlight).toBe(1);

    const page = await fetch(`${base}/es/community/general`);
    expect(page.status).toBe(503);
    await page.text();
    for (const path of [
      "/avatars/0b6f1e0c-3f7a-4c1e-9d0e-2a4b6c8d0e1f.svg",
      "/media/avatars/3f/3f2a9c.webp",
      "/images/logo.svg",
      "/favicon.ico",
      "/assets/entry.client-1a2b.js",
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      await res.text();
    }
    expect(shedder.stats()).toMatchObject({ inFlight: 1, shed: 1 });
    release();
    await (await held).text();
  });

  it("sheds while the event loop lags and admits again once it has caught up", async () => {
    const shedder = new LoadShedder({ maxLagMs: 50, maxInFlight: 0, sampleMs: 20 });
    const base = await serve(shedder, async () => new Response("page"));
    expect((await fetch(`${base}/en/`)).status).toBe(200);

    // Blocks the loop as a burst of heavy renders would.
    const until = performance.now() + 400;
    while (performance.now() < until) {
      /* busy */
    }
    await sleep(5);
    expect(shedder.stats().lagMs).toBeGreaterThan(50);
    const shed = await fetch(`${base}/en/`);
    expect(shed.status).toBe(503);
    await shed.text();
    expect((await fetch(`${base}/api/health`)).status).not.toBe(503);

    // Back to normal well within 5 s of the load stopping.
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5000) {
      const res = await fetch(`${base}/en/`);
      await res.text();
      status = res.status;
      if (status === 200) break;
      await sleep(20);
    }
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("is off with both checks at 0", async () => {
    const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 0 });
    expect(shedder.enabled).toBe(false);
    const base = await serve(shedder, async () => new Response("page"));
    const results = await Promise.all(Array.from({ length: 20 }, () => fetch(`${base}/en/`).then((r) => r.status)));
    expect(results.every((s) => s === 200)).toBe(true);
  });

  it("is not ready once every new request has been refused for a while, and ready again once one is admitted", async () => {
    const shedder = new LoadShedder({ maxLagMs: 0, maxInFlight: 1, refusalDelayMs: 0, notReadyAfterMs: 300 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const base = await serve(shedder, async () => {
      await gate;
      return new Response("page");
    });
    const held = fetch(`${base}/en/slow`);
    await sleep(50);
    expect(shedder.ready()).toBe(true);
    const until = Date.now() + 450;
    while (Date.now() < until) expect((await fetch(`${base}/en/`)).status).toBe(503);
    expect(shedder.ready()).toBe(false);
    release();
    await (await held).text();
    expect((await fetch(`${base}/en/`)).status).toBe(200);
    expect(shedder.ready()).toBe(true);
  });

  it("does not count as lag the time the process was not running (another process had the CPU)", async () => {
    // A process stopped by the system is what a process starved by its neighbours looks like from inside: its
    // timers fire late though it did no work. Its own busy loop, by contrast, is lag.
    const child = fork(new URL("./load-shedder-probe.ts", import.meta.url).pathname, [], {
      execArgv: ["--import", "tsx"],
      stdio: "ignore",
    });
    const ask = (what: "stats" | "busy") =>
      new Promise<{ lagMs: number }>((resolve) => {
        child.once("message", (m) => resolve(m as { lagMs: number }));
        child.send(what);
      });
    try {
      await ask("stats");
      await sleep(200);
      child.kill("SIGSTOP");
      await sleep(600);
      child.kill("SIGCONT");
      await sleep(60);
      expect((await ask("stats")).lagMs).toBeLessThan(20);
      await ask("busy");
      await sleep(10);
      expect((await ask("stats")).lagMs).toBeGreaterThan(50);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
