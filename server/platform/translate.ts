import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance, type i18n as I18n, type Resource, type TFunction } from "i18next";
import { localesFolder } from "#server/paths";

/**
 * Translations for server code outside React Router (mail, jobs): the same JSON files the pages use, read
 * from disk once. Pages keep using app/i18n/server.ts, which the Vite build bundles.
 */
let instance: I18n | undefined;

function load(): I18n {
  if (instance) return instance;
  const resources: Resource = {};
  for (const lng of readdirSync(localesFolder)) {
    for (const file of readdirSync(join(localesFolder, lng)).filter((f) => f.endsWith(".json"))) {
      (resources[lng] ??= {})[file.slice(0, -5)] = JSON.parse(readFileSync(join(localesFolder, lng, file), "utf8"));
    }
  }
  instance = createInstance();
  void instance.init({
    resources,
    fallbackLng: "en",
    supportedLngs: ["es", "en"],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export type MailLocale = "es" | "en";
export const translator = (locale: MailLocale, ns: string): TFunction => load().getFixedT(locale, ns);
