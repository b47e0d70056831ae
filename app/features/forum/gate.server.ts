import type { AppLoadContext } from "react-router";

/** The whole forum obeys the `forum_enabled` flag: while it is off, every community page is 404. */
export async function requireForum(context: AppLoadContext): Promise<void> {
  const flags = await context.services.settings.runtimeFlags();
  if (!flags.forum_enabled) throw new Response("Not Found", { status: 404 });
}
