import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/icon-sprite";
import { reactRouterPatch } from "./scripts/react-router-patch";
import { serverRenderShortcuts } from "./scripts/server-render-shortcuts";

/** The modules of the shared "app" chunk: what every page's shell runs (see build.rolldownOptions). */
const SHELL_CODE = new RegExp(
  [
    String.raw`[\/]app[\/]components[\/]layout[\/]`,
    String.raw`[\/]app[\/]components[\/]ui[\/](?!(date-input|file-input|form-field|pagination)\.)`,
    String.raw`[\/]app[\/](lib|i18n)[\/]`,
    String.raw`[\/]app[\/]features[\/](notifications|gamification|auth)[\/]`,
    "lucide-react",
  ].join("|"),
);

export default defineConfig({
  plugins: [tailwindcss(), iconSprite(), serverRenderShortcuts(), reactRouterPatch(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: true },
  build: {
    assetsInlineLimit: 0,
    // Few, larger chunks (issue 13): a page preloaded ~33 modules and its inline route manifest listed them
    // per route (9.4 KB); with one chunk for the libraries every page runs and one for the app code two or more
    // routes share, the home page preloads 9 and the manifest is 5.6 KB. The vendor chunk changes only when the
    // libraries do, so the browser keeps it across deploys. The app chunk holds only the shell's code (layout,
    // UI kit, notifications, badges, sign-in): code that some routes share (admin tables, campaign and payment
    // forms, the date and file inputs) stays in chunks of its own, so the home page does not load it
    // (158.6 → 147.1 KB gzip of initial JavaScript).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            { name: "app", test: SHELL_CODE, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
