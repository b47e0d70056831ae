import { isDomainErrorLike } from "#app/lib/form.server";
import { loginRedirect } from "#app/lib/guards.server";
import type { Route } from "./+types/campaign-keys-csv";

const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/**
 * GET /company/campaigns/{id}/keys.csv: the campaign's pool with each key in full, its state and holder, for
 * the company that owns it only. Visitors go to /login and come back; another company's campaign is not found;
 * anyone else is refused by the operation.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  if (!context.actor) throw loginRedirect(context, request);
  try {
    const { filename, csv } = await context.services.campaigns.exportKeys(context.actor, { campaignId: params.campaignId });
    return new Response(csv, {
      headers: {
        ...NO_STORE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "")}"`,
      },
    });
  } catch (err) {
    if (!isDomainErrorLike(err)) throw err;
    const status = err.status >= 400 ? err.status : 403;
    return new Response(status === 404 ? "Not Found" : "Forbidden", {
      status,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
