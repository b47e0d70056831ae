import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from "node:zlib";
import type { Context } from "hono";

export type Encoding = "br" | "gzip";

/**
 * Brotli quality and gzip level, chosen by measurement (decision 0029): on a member's thread page (89 KB of
 * HTML), brotli 4 costs about 1.4 ms of CPU for 13.5 KB; 5 and above cost twice that for 7 % fewer bytes, 3 and
 * below save a few tenths of a millisecond for 5–16 % more. Gzip (for the few clients without brotli): level 6.
 */
export const COMPRESSION = { brotliQuality: 4, gzipLevel: 6 };

/** Types worth compressing: text, JSON, XML (images, fonts and archives are compressed already). */
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|[\w.+-]+\+(json|xml))\b)/;

export type CompressOptions = {
  /** Brotli quality (0–11) or gzip level (1–9); COMPRESSION's by default. */
  level?: number;
  /**
   * "auto" (the default): a body that is whole by the end of its first turn (most pages, every JSON answer) is
   * compressed in one synchronous call; a body that streams over several turns goes through a zlib stream,
   * one write and flush per turn. "stream": always the zlib stream (how the measurements of decision 0029
   * compare the two: the thread pool's hand-offs cost a page more than the compression itself).
   */
  engine?: "auto" | "stream";
};

/** Above this, a whole body still goes through the zlib stream (its work off the event loop's thread). */
export const SYNC_LIMIT_BYTES = 1024 * 1024;

/**
 * The encoding to answer with: brotli, else gzip, else none (`null`). An encoding the client lists with `q=0`
 * is refused; `*` stands for any encoding the client did not name.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (e: Encoding) => (q.get(e) ?? q.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

/**
 * Compresses the response of a page or an API route as it streams, when the client accepts brotli or gzip.
 * Every response of a compressible type says `Vary: Accept-Encoding`; HEAD answers, bodiless answers, types
 * that are not text and responses already encoded are left as they are.
 *
 * What one turn of the event loop writes is compressed and flushed as one piece (`compressStream`), so a
 * streamed page still reaches the browser in parts (the shell first, each Suspense boundary as it resolves)
 * but a page written in one burst costs one compression call, not one per chunk.
 */
export async function compressResponse(c: Context, options: CompressOptions = {}) {
  const res = c.res;
  if (res.headers.has("Content-Encoding") || !COMPRESSIBLE.test(res.headers.get("Content-Type") ?? "")) return;
  // A copy, not the response's own headers: @hono/node-server's lightweight Response (the global one once the
  // node server is loaded) may hand out a fresh Headers object on each read, so a change made in place is lost.
  const headers = new Headers(res.headers);
  addVary(headers);
  const encoding = !res.body || c.req.method === "HEAD" ? null : negotiateEncoding(c.req.header("accept-encoding"));
  c.res = undefined as unknown as Response;
  if (!encoding) {
    c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    return;
  }
  headers.delete("Content-Length");
  headers.set("Content-Encoding", encoding);
  const body = compressStream(res.body!, encoding, options);
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

function addVary(headers: Headers) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * A compressed copy of a byte stream. The chunks that arrive in one turn of the event loop are joined and
 * compressed together at the end of that turn (`setImmediate`) with a flush, so the browser can decompress
 * everything sent so far at once. A source that is whole by then (a page React wrote in one burst, see
 * app/lib/coalesce-stream.server.ts, or any JSON answer) is compressed in one synchronous call on this thread;
 * one that streams on (the shell, then Suspense boundaries) goes through a zlib stream whose work runs in
 * libuv's thread pool, one write and flush per turn. The source is read no faster than the reader takes the
 * output, and a cancelled output cancels the source and frees the compressor.
 */
export function compressStream(
  source: ReadableStream<Uint8Array>,
  encoding: Encoding,
  options: CompressOptions = {},
): ReadableStream<Uint8Array> {
  const level = options.level ?? (encoding === "br" ? COMPRESSION.brotliQuality : COMPRESSION.gzipLevel);
  const reader = source.getReader();
  let parts: Uint8Array[] = [];
  let size = 0;
  let scheduled = false;
  let finished = false; // the source is done with (ended, failed or cancelled)
  let closed = false; // the output is done with
  let wantMore: (() => void) | null = null;
  let stream: Compressor | null = null;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const take = () => {
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return joined;
  };
  const fail = (err: unknown) => {
    if (closed) return;
    closed = finished = true;
    stream?.destroy();
    controller.error(err);
    void reader.cancel(err).catch(() => {});
  };
  const startStream = () => {
    const z = createCompressor(encoding, level, true);
    z.on("data", (chunk: Buffer) => {
      if (!closed) controller.enqueue(chunk);
    });
    z.on("end", () => {
      if (!closed) controller.close();
      closed = true;
    });
    z.on("error", fail);
    return z;
  };
  /** End of a turn: what it wrote goes out, flushed. */
  const release = () => {
    scheduled = false;
    if (finished || size === 0) return;
    stream ??= startStream();
    stream.write(take());
  };
  /** The source ended: the rest, and the end of the compressed stream. */
  const finish = () => {
    finished = true;
    const rest = take();
    if (!stream && options.engine !== "stream" && rest.length <= SYNC_LIMIT_BYTES) {
      let out: Buffer;
      try {
        out = compressSync(encoding, level, rest);
      } catch (err) {
        return fail(err);
      }
      controller.enqueue(out);
      controller.close();
      closed = true;
      return;
    }
    stream ??= startStream();
    stream.end(rest);
  };

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      void (async () => {
        try {
          for (;;) {
            // Backpressure: wait until the reader has taken what was compressed, and zlib what it was given.
            if ((controller.desiredSize ?? 1) <= 0) await new Promise<void>((r) => (wantMore = r));
            if (stream?.writableNeedDrain) await new Promise((r) => stream!.once("drain", r).once("close", r));
            const { done, value } = await reader.read();
            if (finished) return;
            if (done) return finish();
            if (!value?.length) continue;
            parts.push(value);
            size += value.length;
            if (!scheduled) {
              scheduled = true;
              setImmediate(release);
            }
          }
        } catch (err) {
          if (!finished) fail(err);
        }
      })();
    },
    pull() {
      wantMore?.();
      wantMore = null;
    },
    cancel(reason) {
      finished = closed = true;
      stream?.destroy();
      wantMore?.();
      return reader.cancel(reason);
    },
  });
}

type Compressor = BrotliCompress | Gzip;

/** A zlib stream; `flushing`: every write is compressed and flushed in one step of the thread pool. */
function createCompressor(encoding: Encoding, level: number, flushing: boolean): Compressor {
  return encoding === "br"
    ? createBrotliCompress({
        ...(flushing ? { flush: constants.BROTLI_OPERATION_FLUSH } : {}),
        params: { [constants.BROTLI_PARAM_QUALITY]: level },
      })
    : createGzip({ ...(flushing ? { flush: constants.Z_SYNC_FLUSH } : {}), level });
}

function compressSync(encoding: Encoding, level: number, body: Uint8Array): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: level, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level });
}
