import type { Context } from "hono";

/** Reads a form post or a JSON body into a plain object. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) return ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  if (type.includes("form")) return (await c.req.parseBody().catch(() => ({}))) as Record<string, unknown>;
  return {};
}

export const wantsJson = (c: Context) =>
  (c.req.header("accept") ?? "").includes("application/json") || (c.req.header("content-type") ?? "").includes("application/json");

export { safeReturnPath } from "#shared/return-path";
