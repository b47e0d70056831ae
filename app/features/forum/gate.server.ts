import type { AppLoadContext } from "react-router";
import { isDomainErrorLike } from "#app/lib/form.server";

/** The whole forum obeys the `forum_enabled` flag: while it is off, every community page is 404. */
export async function requireForum(context: AppLoadContext): Promise<void> {
  const flags = await context.services.settings.runtimeFlags();
  if (!flags.forum_enabled) throw new Response("Not Found", { status: 404 });
}

/** An unknown forum, thread or post (or a malformed address) is a 404 page; anything else goes on. */
export function notFoundFor(err: unknown): never {
  if (isDomainErrorLike(err) && (err.code === "not_found" || err.code === "input.invalid"))
    throw new Response("Not Found", { status: 404 });
  throw err;
}
