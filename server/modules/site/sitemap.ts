import { LOCALES } from "#shared/locales";
import type { Database } from "#server/db/client";
import type { AnyArea, SitemapEntry } from "#server/modules/area";
import type { SettingsStore } from "./settings";

/** Public, indexable pages. Later areas add their own entries (games, threads, companies). */
export const STATIC_PUBLIC_PAGES = [
  "/",
  "/about",
  "/connect",
  "/privacy-policy",
  "/cookie-policy",
  "/terms-and-conditions",
  "/resources",
  "/resources/database",
  "/resources/api",
];

export type { SitemapEntry } from "#server/modules/area";

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

/** The site's sitemap: every area's public pages (its manifest's `sitemap`), in the order of the areas. */
export async function siteSitemap(
  deps: { settings: SettingsStore; db: Database; areas: readonly AnyArea[] },
  baseUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const lists = await Promise.all(deps.areas.map((area) => area.sitemap?.({ db: deps.db, settings: deps.settings, now }) ?? []));
  return buildSitemap(baseUrl, lists.flat());
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
