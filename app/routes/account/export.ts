import type { Route } from "./+types/export";

/**
 * GET /account/export: everything stored about the signed-in person, as a JSON download. Visitors get 401
 * (this is a file, not a page to come back to).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.actor) return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });
  const data = await context.services.accounts.exportAccountData(context.actor);
  const day = data.exportedAt.slice(0, 10);
  const name = `account-${(context.actor.username ?? "data").replace(/[^A-Za-z0-9_-]/g, "")}-${day}.json`;
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
