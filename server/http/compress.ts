import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { Context } from "hono";

/**
 * Compresses a streamed response with brotli (or gzip), flushing after every chunk so a streamed page
 * reaches the browser as React writes it.
 */
export async function compressResponse(c: Context) {
  const accept = c.req.header("accept-encoding") ?? "";
  const res = c.res;
  if (!res.body || c.req.method === "HEAD") return;
  const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
  if (!encoding) return;
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
      : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream).pipe(compressor);
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.set("Content-Encoding", encoding);
  headers.append("Vary", "Accept-Encoding");
  c.res = undefined as unknown as Response;
  c.res = new Response(Readable.toWeb(body) as ReadableStream, { status: res.status, statusText: res.statusText, headers });
}
