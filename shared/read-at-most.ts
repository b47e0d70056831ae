/**
 * The whole of a body if it is at most `max` bytes, whatever Content-Length says and for chunked bodies too;
 * null as soon as it is larger (nothing past the limit is kept). Used by the server's input checks and the
 * pages that read uploads.
 */
export async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return null;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Not awaited: a tee'd copy's cancel settles only once the other reader is done with the body too.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
