import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

/** Packages the server build takes from the app's own module, which re-exports the package with one change. */
const SERVER_VERSIONS: Record<string, string> = {
  "react-i18next": fileURLToPath(new URL("../app/i18n/server-hooks.ts", import.meta.url)),
  "react-router": fileURLToPath(new URL("../app/lib/server-router.tsx", import.meta.url)),
};
const replacements = new Set(Object.values(SERVER_VERSIONS));

/**
 * In the server build, `react-i18next` means app/i18n/server-hooks.ts (a cached `useTranslation`) and
 * `react-router` means app/lib/server-router.tsx (a `Link` without the client's hooks), for the app's modules;
 * those two files themselves, the packages' own imports and the browser build get the packages.
 */
export function serverRenderShortcuts(): Plugin {
  return {
    name: "server-render-shortcuts",
    enforce: "pre",
    resolveId(source, importer, options) {
      const replacement = SERVER_VERSIONS[source];
      if (!replacement || !options?.ssr || !importer || replacements.has(importer) || importer.includes("/node_modules/")) return null;
      return replacement;
    },
  };
}
