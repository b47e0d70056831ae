import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/icon-sprite";
import { serverI18nHooks } from "./scripts/server-i18n-hooks";

export default defineConfig({
  plugins: [tailwindcss(), iconSprite(), serverI18nHooks(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: true },
  build: { assetsInlineLimit: 0 },
});
