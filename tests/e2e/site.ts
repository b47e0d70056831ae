/** The site the end-to-end suite talks to: its address (this worker's, port.ts), the demo admin, the languages, and
 * its strings, read from the app's own files so a test proves the page shows the translated text. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { workerPort } from "./port";

export const BASE_URL = `http://localhost:${workerPort()}`;
export const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" } as const;
export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const SITE_NAME = "Nexo Indie";
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Json = { [k: string]: unknown };
const localeCache = new Map<string, Json>();
export function strings(locale: Locale, ns = "common"): Json {
  const key = `${locale}/${ns}`;
  if (!localeCache.has(key)) {
    localeCache.set(key, JSON.parse(readFileSync(join(process.cwd(), "app/i18n/locales", locale, `${ns}.json`), "utf8")) as Json);
  }
  return localeCache.get(key)!;
}

/** tr("es", "consent.title") or tr("es", "site:home.title"); {{site}} is filled with the site name. */
export function tr(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":") as [string, string]) : ["common", key];
  let value: unknown = strings(locale, ns);
  for (const part of path.split(".")) value = (value as Json | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`No string ${locale}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? (name === "site" ? SITE_NAME : `{{${name}}}`)));
}

/** The page title format of SPEC §9, translated. */
export const fullTitle = (locale: Locale, title: string) => tr(locale, "siteTitle", { title });
