import { defineArea, type AreaContext } from "#server/modules/area";
import { SITE_ERRORS } from "./errors";
import { SITE_ACTIONS, can as canSite } from "./policy";
import { keptRead } from "#server/platform/kept-read";
import { readDatabaseDiagram } from "#server/db/diagram/read";
import { loadHomeHighlights } from "./home-highlights";
import { loadSidePanel } from "./side-panel";
import { siteSitemap, STATIC_PUBLIC_PAGES } from "./sitemap";

/**
 * The site area's public entry for other areas (the admin panel's service binds these to its settings store):
 * the settings and maintenance operations, each checking its permission itself.
 */
export { configureMaintenance } from "./maintenance";
export { updateSetting } from "./update-setting";
export type { SidePanelData } from "./side-panel";
export type { HomeHighlights } from "./home-highlights";

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
    /** The wiki's database diagram (/resources/database), generated from the schema by the build. */
    databaseDiagram: readDatabaseDiagram,
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
