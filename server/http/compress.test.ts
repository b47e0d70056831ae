import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponse, compressStream, negotiateEncoding, type CompressOptions, type Encoding } from "./compress";

/**
 * Pages and API answers are compressed as they stream (decision 0029): one compression call and one flush per
 * turn of the event loop, so a streamed page still reaches the browser in parts, the shell first.
 */

const text = new TextEncoder();
const decode = (encoding: string | null, body: Buffer) =>
  (encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body).toString();
/** Text that compresses as HTML does (repeated markup), long enough to matter. */
const html = (n: number) => Array.from({ length: n }, (_, i) => `<li class="post-row"><a href="/t/${i}">Post ${i}</a></li>`).join("");

/** An app whose routes answer with the given responses, behind the same middleware as server/app.ts. */
function appWith(routes: Record<string, () => Response>, options?: CompressOptions) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    await compressResponse(c, options);
  });
  for (const [path, answer] of Object.entries(routes)) app.all(path, () => answer());
  return app;
}

/** A source stream the test drives: `write` enqueues, `end` closes. */
function controlledSource() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled: unknown = undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel(reason) {
      cancelled = reason ?? "cancelled";
    },
  });
  return {
    stream,
    write: (s: string) => controller.enqueue(text.encode(s)),
    end: () => controller.close(),
    fail: (err: Error) => controller.error(err),
    cancelled: () => cancelled,
  };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A read that must come within `ms`: without a flush it would wait for the end of the source. */
function within<T>(promise: Promise<T>, ms = 2000) {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms))]);
}

async function listen(app: Hono) {
  const server = createServer(getRequestListener(app.fetch));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, encoding: string) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { "accept-encoding": encoding } }, resolve);
    req.on("error", reject);
    req.end();
  });
}

/** Decompresses a response as it arrives; `until(s)` resolves once the text so far contains s. */
function streamingText(res: IncomingMessage) {
  const decoder = res.headers["content-encoding"] === "br" ? createBrotliDecompress() : createGunzip();
  let received = "";
  const waiters: { needle: string; resolve: () => void }[] = [];
  decoder.on("data", (d: Buffer) => {
    received += d.toString();
    for (const w of waiters.filter((x) => received.includes(x.needle))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  const ended = new Promise<string>((resolve, reject) => {
    decoder.on("end", () => resolve(received));
    decoder.on("error", reject);
  });
  res.pipe(decoder);
  return {
    received: () => received,
    ended,
    until: (needle: string, ms = 2000) =>
      new Promise<void>((resolve, reject) => {
        if (received.includes(needle)) return resolve();
        const timer = setTimeout(() => reject(new Error(`"${needle}" not received within ${ms} ms; got ${received.length} chars`)), ms);
        waiters.push({ needle, resolve: () => (clearTimeout(timer), resolve()) });
      }),
  };
}

describe("negotiating the encoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("BR;Q=0.5")).toBe("br");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("deflate")).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding(null)).toBeNull();
  });
});

describe("compressResponse", () => {
  // In production the node server is running: @hono/node-server's lightweight Response is the global one
  // (installed when its listener is made), and the headers must survive it.
  getRequestListener(() => new Response(null));
  const page = html(400);
  const app = appWith({
    "/page": () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8", "content-length": String(page.length) } }),
    "/json": () => Response.json({ page }),
    "/image": () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { "content-type": "image/png" } }),
    "/encoded": () => new Response("already", { headers: { "content-type": "text/plain", "content-encoding": "gzip" } }),
    "/vary": () => new Response(page, { headers: { "content-type": "text/html", vary: "Cookie" } }),
  });

  for (const encoding of ["br", "gzip"] as const) {
    it(`answers ${encoding} that decompresses to the page, with Vary and no Content-Length`, async () => {
      const res = await app.request("/page", { headers: { "accept-encoding": encoding === "br" ? "gzip, deflate, br" : "gzip" } });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("content-length")).toBeNull();
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.length).toBeLessThan(page.length / 5);
      expect(decode(encoding, body)).toBe(page);
    });
  }

  it("compresses JSON too", async () => {
    const res = await app.request("/json", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(decode("br", Buffer.from(await res.arrayBuffer())))).toEqual({ page });
  });

  it("answers uncompressed when the client accepts neither, still saying Vary", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const res = await app.request("/page", { headers: accept ? { "accept-encoding": accept } : {} });
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(await res.text()).toBe(page);
    }
  });

  it("leaves HEAD, other types and encoded answers alone", async () => {
    const head = await app.request("/page", { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.headers.get("content-encoding")).toBeNull();
    const image = await app.request("/image", { headers: { "accept-encoding": "br" } });
    expect(image.headers.get("content-encoding")).toBeNull();
    expect(image.headers.get("vary")).toBeNull();
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([137, 80, 78, 71]);
    const encoded = await app.request("/encoded", { headers: { "accept-encoding": "br" } });
    expect(encoded.headers.get("content-encoding")).toBe("gzip");
    expect(await encoded.text()).toBe("already");
  });

  it("adds Accept-Encoding to an existing Vary once", async () => {
    const res = await app.request("/vary", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("vary")).toBe("Cookie, Accept-Encoding");
  });
});

describe("a streamed page", () => {
  for (const encoding of ["br", "gzip"] as Encoding[])
    for (const engine of ["auto", "stream"] as const) {
      it(`reaches the client in parts: the shell, compressed, before the rest is written (${encoding}, ${engine})`, async () => {
        const source = controlledSource();
        const port = await listen(
          appWith({ "/": () => new Response(source.stream, { headers: { "content-type": "text/html" } }) }, { engine }),
        );
        // The shell, written as React writes it: many small chunks in one turn.
        source.write("<!DOCTYPE html><html><body><main>");
        for (let i = 0; i < 50; i++) source.write(`<p>shell ${i}</p>`);
        const res = await get(port, "/", encoding);
        expect(res.headers["content-encoding"]).toBe(encoding);
        const client = streamingText(res);
        await client.until("<p>shell 49</p>");
        expect(client.received()).not.toContain("boundary");

        // A Suspense boundary resolving later leaves on its own, before the page ends.
        source.write(`<div id="boundary">${html(200)}</div>`);
        await client.until("</div>");
        expect(client.received()).not.toContain("</html>");

        source.write("</main></body></html>");
        source.end();
        const all = await client.ended;
        expect(all).toBe(
          `<!DOCTYPE html><html><body><main>${Array.from({ length: 50 }, (_, i) => `<p>shell ${i}</p>`).join("")}<div id="boundary">${html(200)}</div></main></body></html>`,
        );
      });
    }

  it("compresses what one turn writes as one piece", async () => {
    const source = controlledSource();
    const out = compressStream(source.stream, "br").getReader();
    for (let i = 0; i < 100; i++) source.write(`<p>part ${i}</p>`);
    const first = await within(out.read());
    source.write("<p>next turn</p>");
    const second = await within(out.read());
    source.end();
    const rest: Uint8Array[] = [];
    for (let r = await out.read(); !r.done; r = await out.read()) rest.push(r.value);
    const pieces = [first.value!, second.value!, ...rest];
    expect(decode("br", Buffer.concat(pieces))).toBe(
      `${Array.from({ length: 100 }, (_, i) => `<p>part ${i}</p>`).join("")}<p>next turn</p>`,
    );
    // The 100 writes of the first turn became one compressed piece, the next turn's one more, then the end.
    expect(pieces.length).toBeLessThanOrEqual(3);
  });

  it("passes a source's failure on, and a cancelled output cancels the source", async () => {
    const failing = controlledSource();
    const out = compressStream(failing.stream, "gzip").getReader();
    failing.write("<p>start</p>");
    await within(out.read());
    failing.fail(new Error("render failed"));
    await expect(out.read()).rejects.toThrow("render failed");

    const cancelled = controlledSource();
    const reader = compressStream(cancelled.stream, "br").getReader();
    cancelled.write("<p>start</p>");
    await within(reader.read());
    await reader.cancel("client went away");
    expect(cancelled.cancelled()).toBe("client went away");
  });

  it("reads the source no faster than the client takes the output", async () => {
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>({
      async pull(c) {
        pulls++;
        await new Promise((r) => setImmediate(r));
        c.enqueue(text.encode(`${html(20)}${pulls}`));
      },
    });
    const piece = text.encode(html(20)).length;
    const out = compressStream(source, "gzip").getReader();
    await within(out.read());
    await new Promise((r) => setTimeout(r, 100));
    // Unread output stops the reading. What is read ahead is bounded in bytes, not in time: about zlib's input
    // buffer (16 KB, then the loop waits for "drain"), the piece zlib is working on and the turn's pieces not yet
    // written, where 100 ms of unbounded reading would be thousands of pieces.
    expect(pulls * piece).toBeLessThanOrEqual(32 * 1024);
    const ahead = pulls;
    await new Promise((r) => setTimeout(r, 50));
    expect(pulls, "no more reading while the output waits").toBe(ahead);
    await out.cancel();
  });
});
