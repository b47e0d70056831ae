import type { Locale } from "./locales";

/**
 * Translation namespaces reach the browser as files named by their content's hash, so the browser keeps them
 * for a year and a page carries only their names: /locales/en/forum.3k9x….json.
 */
export const i18nAssetPath = (locale: Locale, ns: string, hash: string) => `/locales/${locale}/${ns}.${hash}.json`;

/** The file name's pattern, for the server's route: a namespace, a dot, its hash, ".json". */
export const I18N_ASSET_FILE = /^([a-z][a-z0-9-]{0,40})\.([a-z0-9]{1,16})\.json$/;

/** What the page tells the browser: its language, the namespaces it renders with, and every namespace's hash. */
export type I18nBoot = {
  locale: Locale;
  ns: string[];
  hashes: Record<string, string>;
  reportMissing?: boolean;
  /** The language is flagged for missing keys (SPEC §9): a missing text shows in English, as the server renders it. */
  englishFallback?: boolean;
};
