import type { MetaDescriptor } from "react-router";
import { LOCALES, localizedPath, type Locale } from "#shared/locales";

/** What a page's loader decides about its metadata (already translated). */
export type Seo = {
  title: string;
  description: string;
  keywords?: string[];
  /** Path without the language prefix, e.g. "/about". */
  path: string;
  locale: Locale;
  siteName: string;
  baseUrl: string;
  image?: string;
  noindex?: boolean;
  nofollow?: boolean;
  jsonLd?: Record<string, unknown>[];
  type?: "website" | "article";
};

export const SHARE_IMAGE = { path: "/images/og-default.png", width: 1200, height: 630 };
export const ogLocale = (l: Locale) => (l === "es" ? "es_ES" : "en_US");

/** SPEC §9: "{page title} | Comunidad {site name}" (translated), OG and Twitter tags, alternates, canonical. */
export function seoMeta(seo: Seo | undefined, fullTitle?: string): MetaDescriptor[] {
  if (!seo) return [];
  const title = fullTitle ?? seo.title;
  const canonical = seo.baseUrl + localizedPath(seo.path, seo.locale);
  const image = seo.image ?? seo.baseUrl + SHARE_IMAGE.path;
  const robots = [seo.noindex ? "noindex" : "index", seo.nofollow ? "nofollow" : "follow"].join(", ");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { name: "robots", content: robots },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:locale", content: ogLocale(seo.locale) },
    ...LOCALES.filter((l) => l !== seo.locale).map((l) => ({ property: "og:locale:alternate", content: ogLocale(l) })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: canonical },
    ...LOCALES.map((l) => ({ tagName: "link", rel: "alternate", hrefLang: l, href: seo.baseUrl + localizedPath(seo.path, l) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: seo.baseUrl + localizedPath(seo.path, null) },
  ];
  if (seo.keywords?.length) tags.push({ name: "keywords", content: seo.keywords.join(", ") });
  for (const ld of seo.jsonLd ?? []) tags.push({ "script:ld+json": ld });
  return tags;
}

/** SPEC §9: the site is a WebSite with a publisher Organization and a SearchAction to /search?q=… */
export function websiteJsonLd(baseUrl: string, siteName: string, locale: Locale, description: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: siteName,
    url: baseUrl + "/",
    inLanguage: locale === "es" ? "es-ES" : "en-US",
    description,
    publisher: {
      "@type": "Organization",
      name: siteName,
      url: baseUrl + "/",
      logo: { "@type": "ImageObject", url: baseUrl + "/images/logo-512.png", width: 512, height: 512 },
    },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${baseUrl}/search?q={search_term}` },
      "query-input": "required name=search_term",
    },
  };
}
