import type { AppLoadContext } from "react-router";
import type { Actor } from "#server/modules/accounts/actor";

/**
 * /dashboard's featured-games part for a verified company: its own featured games' views and clicks
 * over the window of `?window=` (7, 30 or 90 days) and its consent to promotional email. Null for anyone else.
 */
export function loadGameStats(context: AppLoadContext, actor: Actor, request: Request) {
  const window = new URL(request.url).searchParams.get("window") ?? undefined;
  return context.services.promotions.dashboardGameStats(actor, { window });
}
export type GameStatsData = NonNullable<Awaited<ReturnType<typeof loadGameStats>>>;

/** The consent form's post (`intent=mail-consent`, `agreed=on` when ticked). */
export async function saveMailConsent(context: AppLoadContext, actor: Actor, form: FormData) {
  const { agreed } = await context.services.promotions.setStudioMailConsent(actor, { agreed: form.get("agreed") === "on" });
  return { ok: true as const, message: agreed ? "dashboard:gameStats.consent.agreed" : "dashboard:gameStats.consent.declined" };
}
