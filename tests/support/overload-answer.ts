/**
 * What the load shedder answers a refused `.data` request (React Router's client-side navigation): a 503 with
 * Retry-After and a JSON error. server/http/load-shedder.test.ts proves the real shedder sends exactly this;
 * the end-to-end spec that cannot overload its shared server answers a navigation's data request with it.
 * `message` is `errors:overloaded.text` in the page's language.
 */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

export function overloadedDataAnswer(message: string) {
  return {
    status: 503,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "x-content-type-options": "nosniff",
      "retry-after": String(OVERLOAD_RETRY_AFTER_SECONDS),
    },
    body: JSON.stringify({ error: { code: "overloaded", message, retryAfter: OVERLOAD_RETRY_AFTER_SECONDS } }),
  };
}
