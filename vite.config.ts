import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/icon-sprite";
import { serverRenderShortcuts } from "./scripts/server-render-shortcuts";

export default defineConfig({
  plugins: [tailwindcss(), iconSprite(), serverRenderShortcuts(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: true },
  build: {
    assetsInlineLimit: 0,
    // Few, larger chunks (issue 13): a page preloaded ~33 modules and its inline route manifest listed them
    // per route (9.4 KB); with one chunk for the libraries every page runs and one for the app code two or more
    // routes share, the home page preloads 9 and the manifest is 5.6 KB. The vendor chunk changes only when the
    // libraries do, so the browser keeps it across deploys.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "vendor",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            { name: "app", test: /[\\/](app|shared)[\\/]|lucide-react/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});
