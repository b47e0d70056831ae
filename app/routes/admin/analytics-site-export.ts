import { adminPage, orRefused, searchParamsOf } from "#app/features/admin/route.server";
import { SITE_ANALYTICS_TABLES } from "#shared/analytics";
import type { Route } from "./+types/analytics-site-export";

const DEVICES = ["desktop", "mobile", "tablet"] as const;

/**
 * /admin/analytics/site-export?format=csv|xlsx&table=pages&window=30: one table of the site analytics as CSV,
 * or as an Excel workbook (every table as a sheet without `table`), with its column names in the admin's
 * language (Admins; the operation checks it).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { actor, t } = adminPage(context, request);
  const l = (key: string) => t(`admin-analytics:site.${key}`);
  const file = await orRefused(
    context,
    request,
    context.services.site.exportSiteAnalytics(actor, searchParamsOf(request), {
      sheets: Object.fromEntries(SITE_ANALYTICS_TABLES.map((s) => [s, l(`sheets.${s}`)])) as Record<
        (typeof SITE_ANALYTICS_TABLES)[number],
        string
      >,
      keys: {
        daily: l("columns.day"),
        pages: l("columns.page"),
        referrers: l("columns.referrer"),
        countries: l("columns.country"),
        devices: l("columns.device"),
        events: l("columns.event"),
      },
      views: l("columns.views"),
      visitors: l("columns.visitors"),
      events: l("columns.events"),
      devices: Object.fromEntries(DEVICES.map((d) => [d, l(`devices.${d}`)])),
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
