import { readAtMost } from "#shared/read-at-most";

/**
 * Reads a form body of at most `maxBytes`, stopping as soon as it is larger (whatever Content-Length says, and
 * for chunked bodies too). Answers null when the body is too large.
 */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return null;
  if (!request.body) return request.formData();
  const body = await readAtMost(request.body, maxBytes);
  if (!body) return null;
  return new Request(request.url, { method: "POST", headers: request.headers, body }).formData();
}
