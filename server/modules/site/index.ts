import { defineArea, type AreaContext } from "#server/modules/area";
import { SITE_ERRORS } from "./errors";
import { SITE_ACTIONS, can as canSite } from "./policy";
import { keptRead } from "#server/platform/kept-read";
import { loadHomeHighlights } from "./home-highlights";
import { loadSidePanel } from "./side-panel";
import { siteSitemap, STATIC_PUBLIC_PAGES } from "./sitemap";
import type { Actor } from "#server/modules/accounts/actor";
import { rollupSiteAnalytics } from "./rollup-site-analytics";
import { siteAnalytics } from "./site-analytics";
import { exportSiteAnalytics, type SiteExportLabels } from "./site-analytics-export";

/**
 * The site area's public entry for other areas (the admin panel's service binds these to its settings store):
 * the settings and maintenance operations, each checking its permission itself.
 */
export { configureMaintenance } from "./maintenance";
export { updateSetting } from "./update-setting";
export type { SidePanelData } from "./side-panel";
export type { HomeHighlights } from "./home-highlights";
/** The site analytics' daily rollup, run by the featured games' analytics job (one job keeps both up to date). */
export { rollupSiteAnalytics } from "./rollup-site-analytics";
export type { SiteExportLabels } from "./site-analytics-export";

/** What every page's shell reads: the side panel, the home page's highlights, the sitemap. */
export function createSiteService(ctx: AreaContext) {
  const { db, settings, events, env } = ctx;
  // The same for everyone: read at most once per SIDE_PANEL_CACHE_SECONDS, again at once after an event that changes it.
  const kept = { ttlMs: env.sidePanelCacheSeconds * 1000, events, settings };
  return {
    /** The side panel's cards (SPEC §2), read by the root loader for every page that shows it. */
    sidePanel: keptRead(() => loadSidePanel(settings, db, ctx.services.gamification), kept),
    /** The home page's newest threads and top members. */
    homeHighlights: keptRead(() => loadHomeHighlights(settings, ctx.services.forum, ctx.services.gamification), kept),
    /** /sitemap.xml: every area's public pages. */
    sitemap: (baseUrl: string, now: Date = ctx.now()) => siteSitemap({ db, settings, areas: ctx.areas }, baseUrl, now),
    /** The site section of /admin/analytics and its downloads (Admins), from the daily rollups. */
    siteAnalytics: (actor: Actor, input: unknown) => siteAnalytics({ db, now: ctx.now }, actor, input),
    exportSiteAnalytics: (actor: Actor, input: unknown, labels: SiteExportLabels) =>
      exportSiteAnalytics({ db, now: ctx.now }, actor, input, labels),
    /** Tests and the demo seed: roll up given days now (the job does yesterday and today every 15 minutes). */
    rollupSiteAnalytics: (input?: { days?: string[] }) => rollupSiteAnalytics({ db, now: ctx.now }, input),
  };
}

export type SiteService = ReturnType<typeof createSiteService>;

declare module "#server/modules/area" {
  interface AreaServices {
    site: SiteService;
  }
}

/** The site's shell and settings: side panel, home highlights, sitemap, maintenance, settings. */
export const siteArea = defineArea({
  name: "site",
  service: (_deps, ctx) => createSiteService(ctx),
  errors: SITE_ERRORS,
  policy: { actions: SITE_ACTIONS, can: canSite },
  sitemap: async () => STATIC_PUBLIC_PAGES,
});
