import type { Resource } from "i18next";
import { LOCALES, type Locale } from "#shared/locales";

/** Every namespace of both languages, bundled into the server build only (never into the browser's). */
const modules = import.meta.glob<{ default: Record<string, unknown> }>("./locales/*/*.json", { eager: true });

export const resources: Resource = {};
for (const [path, mod] of Object.entries(modules)) {
  const m = /\.\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/.exec(path);
  if (!m) continue;
  (resources[m[1]] ??= {})[m[2]] = mod.default;
}

export const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

/** The namespaces a page needs, in its language, to hydrate without loading anything. */
export function pickResources(locale: Locale, ns: string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const n of ns) if (resources[locale]?.[n]) picked[n] = resources[locale][n];
  return picked;
}

export const isSupported = (l: string): l is Locale => (LOCALES as readonly string[]).includes(l);
