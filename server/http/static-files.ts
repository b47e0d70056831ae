import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

type Options = Omit<Parameters<typeof serveStatic>[0], "onFound">;

/**
 * `serveStatic` whose found files carry the given headers. Its own `onFound` runs after the response is made,
 * so headers set there never reached the browser (hashed assets went out without their year of cache).
 */
export function staticFiles(options: Options, headers: Record<string, string>): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    const found = await serve(c, next);
    if (found instanceof Response) for (const [name, value] of Object.entries(headers)) found.headers.set(name, value);
    return found;
  };
}
