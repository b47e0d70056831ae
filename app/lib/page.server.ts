import type { AppLoadContext } from "react-router";
import { splitLocalePrefix } from "#shared/locales";
import { serverT } from "#app/i18n/server";
import type { Seo } from "./seo";

/** Translator and SEO builder for a page loader, in the request's language. */
export function pageTools(context: AppLoadContext, request: Request, ns: string) {
  const { locale, services } = context;
  const t = serverT(locale, ns);
  const tc = serverT(locale, "common");
  const site = services.env.siteName;
  const path = splitLocalePrefix(new URL(request.url).pathname).rest;
  const seo = (s: Omit<Seo, "path" | "locale" | "siteName" | "baseUrl"> & { path?: string }): Seo & { fullTitle: string } => ({
    path,
    locale,
    siteName: site,
    baseUrl: services.env.baseUrl,
    keywords: serverT(
      locale,
      "site",
    )("keywords")
      .split(",")
      .map((k) => k.trim()),
    ...s,
    fullTitle: tc("siteTitle", { title: s.title, site }),
  });
  return { t, tc, site, locale, path, seo };
}
