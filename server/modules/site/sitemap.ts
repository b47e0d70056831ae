import { LOCALES } from "../../../app/i18n/config";

/** Public, indexable pages. Later areas add their own entries (games, threads, companies). */
export const STATIC_PUBLIC_PAGES = ["/", "/about", "/connect", "/privacy-policy", "/cookie-policy", "/terms-and-conditions", "/resources"];

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One <url> per language version, each listing every alternate and x-default (Google's recommended form). */
export function buildSitemap(baseUrl: string, paths: string[] = STATIC_PUBLIC_PAGES): string {
  const href = (locale: string | null, path: string) => `${baseUrl}${locale ? `/${locale}` : ""}${path === "/" && locale ? "/" : path}`;
  const urls = paths.flatMap((path) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(href(l, path))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(href(null, path))}"/>`,
      ].join("");
      return `<url><loc>${esc(href(locale, path))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
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
