import type { ServerBuild } from "react-router";
import { createServer as createVite } from "vite";
import { createApp } from "./app";
import { readEnv } from "./env";
import { createNodeServer } from "./http/node-server";
import { intakeOptions, RequestIntake } from "./http/request-intake";
import { createLogger } from "./platform/logger";
import { createServices } from "./services";

/** `npm run dev`: one process, Vite in middleware mode (hot reload), the same Hono app in front. */
async function dev() {
  const env = readEnv({ NODE_ENV: "development", ...process.env });
  const log = createLogger(env.logLevel, { service: "web-dev" });
  const services = await createServices(env, log);
  const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
  const getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const app = createApp({ services, getBuild, mode: "development", serveClientBuild: false });
  const http = createNodeServer(app.fetch, {
    before: vite.middlewares,
    intake: new RequestIntake(intakeOptions(env)),
    headersTimeoutMs: env.intake.headersTimeoutMs,
  });
  // /api/realtime upgrades go to the app; Vite's hot reload keeps its own WebSocket server.
  app.realtime.attach(http.server);
  await http.listen(env.port, env.host);
  log.info("dev server listening", { url: env.baseUrl });
  const stop = async () => {
    await app.realtime.close();
    await http.drain(2000, log);
    await vite.close();
    await services.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

dev().catch((err) => {
  console.error(err);
  process.exit(1);
});
