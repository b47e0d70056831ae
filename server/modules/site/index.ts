import { defineArea, type AreaContext } from "#server/modules/area";
import { SITE_ERRORS } from "./errors";
import { SITE_ACTIONS, can as canSite } from "./policy";
import { keptRead } from "#server/platform/kept-read";
import { readDatabaseDiagram } from "#server/db/diagram/read";
import { loadHomeHighlights } from "./home-highlights";
import { loadSidePanel } from "./side-panel";
import { siteSitemap, STATIC_PUBLIC_PAGES } from "./sitemap";
import type { Actor } from "#server/modules/accounts/actor";
import { clearMissingTranslations } from "./clear-missing-translations";
import { createAnnouncement } from "./create-announcement";
import { deleteAnnouncement } from "./delete-announcement";
import type { SiteDeps } from "./deps";
import { listAnnouncements } from "./list-announcements";
import { listMissingTranslations } from "./list-missing-translations";
import { flaggedLanguages } from "./missing-translations";
import { siteAdminAbilities } from "./policy";
import { updateAnnouncement } from "./update-announcement";
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
export type { AnnouncementView, PublicAnnouncement } from "./announcement-view";
export type { MissingTranslationRow } from "./list-missing-translations";
/** The site analytics' daily rollup, run by the featured games' analytics job (one job keeps both up to date). */
export { rollupSiteAnalytics } from "./rollup-site-analytics";
export type { SiteExportLabels } from "./site-analytics-export";

/** What every page's shell reads: the side panel, the home page's highlights, the sitemap. */
export function createSiteService(ctx: AreaContext) {
  const { db, settings, events, env } = ctx;
  // The same for everyone: read at most once per SIDE_PANEL_CACHE_SECONDS, again at once after an event that changes it.
  const kept = { ttlMs: env.sidePanelCacheSeconds * 1000, events, settings };
  const deps: SiteDeps = { db, settings, storage: ctx.storage, events, rateLimiter: ctx.rateLimiter, now: ctx.now };
  return {
    /** The side panel's cards (SPEC §2), read by the root loader for every page that shows it. */
    sidePanel: keptRead(() => loadSidePanel(settings, db, ctx.services.gamification, ctx.now()), kept),
    /** The home page's newest threads, top members and next events. */
    homeHighlights: keptRead(() => loadHomeHighlights(settings, ctx.services.forum, ctx.services.gamification, db, ctx.now()), kept),
    /** Languages with too many missing keys, which fall back to English (SPEC §9), read like the side panel. */
    flaggedLanguages: keptRead(() => flaggedLanguages(db), kept),
    /** What the announcements and missing-translation screens may offer. */
    adminAbilities: (actor: Actor) => siteAdminAbilities(actor),
    listAnnouncements: (actor: Actor) => listAnnouncements(deps, actor),
    createAnnouncement: (actor: Actor, input: Parameters<typeof createAnnouncement>[2]) => createAnnouncement(deps, actor, input),
    updateAnnouncement: (actor: Actor, input: Parameters<typeof updateAnnouncement>[2]) => updateAnnouncement(deps, actor, input),
    deleteAnnouncement: (actor: Actor, input: Parameters<typeof deleteAnnouncement>[2]) => deleteAnnouncement(deps, actor, input),
    listMissingTranslations: (actor: Actor) => listMissingTranslations(deps, actor),
    clearMissingTranslations: (actor: Actor, input: unknown) => clearMissingTranslations(deps, actor, input),
    /** /sitemap.xml: every area's public pages. */
    sitemap: (baseUrl: string, now: Date = ctx.now()) => siteSitemap({ db, settings, areas: ctx.areas }, baseUrl, now),
    /** The site section of /admin/analytics and its downloads (Admins), from the daily rollups. */
    siteAnalytics: (actor: Actor, input: unknown) => siteAnalytics({ db, now: ctx.now }, actor, input),
    exportSiteAnalytics: (actor: Actor, input: unknown, labels: SiteExportLabels) =>
      exportSiteAnalytics({ db, now: ctx.now }, actor, input, labels),
    /** Tests and the demo seed: roll up given days now (the job does yesterday and today every 15 minutes). */
    rollupSiteAnalytics: (input?: { days?: string[] }) => rollupSiteAnalytics({ db, now: ctx.now }, input),
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

/** The site's shell and settings: side panel, home highlights, announcements, missing translations, sitemap, maintenance, settings. */
export const siteArea = defineArea({
  name: "site",
  service: (_deps, ctx) => createSiteService(ctx),
  errors: SITE_ERRORS,
  policy: { actions: SITE_ACTIONS, can: canSite },
  sitemap: async () => STATIC_PUBLIC_PAGES,
});
