import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { readEnv } from "./env";
import { createSiteServer, siteShedder } from "./http/site-server";
import { DEMO_ACCOUNTS } from "./db/seed";
import { createLogger } from "./platform/logger";
import { serverBuildFile } from "./paths";
import { createServices } from "./services";

/** Process entry: config, services, Hono app, listen, graceful shutdown. */
async function main() {
  const env = readEnv();
  const log = createLogger(env.logLevel, { service: "web" });
  const services = await createServices(env, log);
  const build = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
  const shedder = siteShedder(env);
  const app = createApp({
    services,
    getBuild: async () => build,
    mode: "production",
    serveClientBuild: true,
    ready: () => shedder.ready(),
  });
  shedder.start();
  const http = createSiteServer(app, env, shedder);
  app.realtime.attach(http.server);
  const port = await http.listen(env.port, env.host);
  log.info("listening", { url: env.baseUrl, port, database: services.database.kind });
  if (env.seedDemo) {
    log.info("demo sign-in", { admin: DEMO_ACCOUNTS.admin, moderator: DEMO_ACCOUNTS.moderator });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Open WebSockets would hold the server open; their clients reconnect to another instance.
    await app.realtime.close();
    await http.drain(env.shutdownTimeoutMs, log);
    shedder.stop();
    await services.close();
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  process.stderr.write(JSON.stringify({ level: "error", msg: "failed to start", err: String(err?.stack ?? err) }) + "\n");
  process.exit(1);
});
