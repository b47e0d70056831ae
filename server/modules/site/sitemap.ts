import { LOCALES } from "#shared/locales";
import type { Database } from "#server/db/client";
import { forumSitemapEntries } from "#server/modules/forum";
import { featuredSitemapEntries } from "#server/modules/promotions";
import { campaignSitemapEntries } from "./campaign-sitemap-entries";
import type { SettingsStore } from "./settings";

/** Public, indexable pages. Later areas add their own entries (games, threads, companies). */
export const STATIC_PUBLIC_PAGES = ["/", "/about", "/connect", "/privacy-policy", "/cookie-policy", "/terms-and-conditions", "/resources"];

/** A page of the sitemap: its path without the language prefix and, when known, when it last changed. */
export type SitemapEntry = { path: string; lastmod?: Date | null };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One <url> per language version, each listing every alternate and x-default (Google's recommended form). */
export function buildSitemap(baseUrl: string, pages: (string | SitemapEntry)[] = STATIC_PUBLIC_PAGES): string {
  const href = (locale: string | null, path: string) => `${baseUrl}${locale ? `/${locale}` : ""}${path === "/" && locale ? "/" : path}`;
  const urls = pages.flatMap((page) => {
    const { path, lastmod } = typeof page === "string" ? { path: page, lastmod: null } : page;
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(href(l, path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(href(null, path))}"/>`,
    ].join("");
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return LOCALES.map((locale) => `<url><loc>${esc(href(locale, path))}</loc>${modified}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Gamification's public page (issue 5): the leaderboard, whatever the forum's flag (its page is always there). */
export const GAMIFICATION_PUBLIC_PAGES = ["/leaderboard"];

/**
 * The site's sitemap: the static pages, the leaderboard and, while the forum is enabled, its index, forums and
 * visible threads (one query; with the forum off its pages are 404 and none is listed); the opportunities list
 * and every open key campaign (issue 14); /featured-games and every featured game's page on show (issue 15).
 */
export async function siteSitemap(
  deps: { settings: SettingsStore; db: Pick<Database, "select"> },
  baseUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const { forum_enabled } = await deps.settings.all();
  const [community, campaigns, featured] = await Promise.all([
    forum_enabled ? forumSitemapEntries(deps.db) : Promise.resolve([]),
    campaignSitemapEntries(deps.db, now),
    featuredSitemapEntries(deps.db, now),
  ]);
  return buildSitemap(baseUrl, [...STATIC_PUBLIC_PAGES, ...GAMIFICATION_PUBLIC_PAGES, ...community, ...campaigns, ...featured]);
}

export function buildRobots(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /account",
    "Disallow: /dashboard",
    "Disallow: /auth/",
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
