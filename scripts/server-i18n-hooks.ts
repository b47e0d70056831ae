import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const hooks = fileURLToPath(new URL("../app/i18n/server-hooks.ts", import.meta.url));

/**
 * In the server build, `react-i18next` means app/i18n/server-hooks.ts (the package with a cached
 * `useTranslation`); that file itself, and the browser build, get the package.
 */
export function serverI18nHooks(): Plugin {
  return {
    name: "server-i18n-hooks",
    enforce: "pre",
    resolveId(source, importer, options) {
      if (source !== "react-i18next" || !options?.ssr || !importer || importer === hooks) return null;
      return hooks;
    },
  };
}
