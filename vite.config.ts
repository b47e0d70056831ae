import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/icon-sprite";
import { serverRenderShortcuts } from "./scripts/server-render-shortcuts";

export default defineConfig({
  plugins: [tailwindcss(), iconSprite(), serverRenderShortcuts(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { hmr: true },
  build: { assetsInlineLimit: 0 },
});
