import type { Resource } from "i18next";
import { contentHash } from "#shared/content-hash";
import { i18nAssetPath, type I18nBoot } from "#shared/i18n-assets";
import { LOCALES, type Locale } from "#shared/locales";
import { scriptJson } from "#app/lib/boot";

/** Every namespace of both languages, bundled into the server build only (never into the browser's). */
const modules = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json", { eager: true });

export const resources: Resource = {};
for (const [path, mod] of Object.entries(modules)) {
  const m = /\.\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/.exec(path);
  if (!m) continue;
  (resources[m[1]] ??= {})[m[2]] = mod.default;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

/**
 * Each namespace's hash per language, computed once at start from the JSON the server sends for it
 * (server/http/i18n-assets.ts hashes the same text), so the page names files the browser may keep for a year.
 */
const hashes: Record<string, Record<string, string>> = {};
for (const [locale, byNs] of Object.entries(resources)) {
  hashes[locale] = {};
  for (const [ns, value] of Object.entries(byNs)) hashes[locale][ns] = contentHash(JSON.stringify(value));
}

/** What a page needs to hydrate: the boot JSON (a few hundred bytes) and the files to preload. Cached per set. */
const bootCache = new Map<string, { json: string; preload: string[] }>();

export function i18nBootFor(locale: Locale, ns: string[], reportMissing: boolean, opts: { englishFallback?: boolean } = {}) {
  const present = ns.filter((n) => hashes[locale]?.[n]);
  const englishFallback = opts.englishFallback === true && locale !== "en";
  const key = `${locale}|${reportMissing ? 1 : 0}|${englishFallback ? 1 : 0}|${present.join(",")}`;
  let boot = bootCache.get(key);
  if (!boot) {
    const value: I18nBoot = {
      locale,
      ns: present,
      hashes: hashes[locale] ?? {},
      reportMissing,
      ...(englishFallback ? { englishFallback } : {}),
    };
    boot = { json: scriptJson(value), preload: present.map((n) => i18nAssetPath(locale, n, hashes[locale][n])) };
    bootCache.set(key, boot);
  }
  return boot;
}

export const isSupported = (l: string): l is Locale => (LOCALES as readonly string[]).includes(l);
