import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The Hono server (server/main.ts) owns the process; React Router only produces the request handler.
  serverBuildFile: "index.js",
} satisfies Config;
