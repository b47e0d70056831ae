import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { SCHEDULE_STATUSES } from "#shared/promotions";
import type { Route } from "./+types/analytics-export";

/**
 * /admin/analytics/export?format=csv|xlsx&window=30: the featured-games analytics as a download, with its
 * column names in the admin's language (Admins; the operation checks it).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, t } = adminPage(context, request);
  const l = (key: string) => t(`admin-analytics:${key}`);
  const file = await orRefused(
    context,
    request,
    context.services.promotions.exportFeaturedAnalytics(actor, searchParamsOf(request), {
      gamesSheet: l("export.gamesSheet"),
      dailySheet: l("export.dailySheet"),
      day: l("columns.day"),
      game: l("columns.game"),
      studio: l("columns.studio"),
      status: l("columns.status"),
      views: l("counts.views"),
      storeClicks: l("counts.storeClicks"),
      trailerClicks: l("counts.trailerClicks"),
      campaignClicks: l("counts.campaignClicks"),
      total: l("columns.total"),
      scheduleStatus: Object.fromEntries(SCHEDULE_STATUSES.map((s) => [s, t(`promotions:labels.scheduleStatus.${s}`)])),
    }),
  );
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
