/**
 * Reads a form body of at most `maxBytes`, stopping as soon as it is larger (whatever Content-Length says, and
 * for chunked bodies too). Answers null when the body is too large.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return request.formData();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
}
