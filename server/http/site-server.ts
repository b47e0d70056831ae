import type { Env } from "#server/env";
import type { createApp } from "#server/app";
import { LoadShedder } from "./load-shedder";
import { createNodeServer } from "./node-server";
import { intakeOptions, RequestIntake } from "./request-intake";

/**
 * The node:http server the site runs on in production, as `server/main.ts` starts it: headers within their
 * time, bodies received by the intake before they count as work, then the load shedder, then the app.
 */
export function createSiteServer(
  app: Pick<ReturnType<typeof createApp>, "fetch">,
  env: Pick<Env, "overload" | "intake" | "clientIpHeader" | "trustedProxies">,
  shedder: LoadShedder,
) {
  const intake = new RequestIntake(intakeOptions(env));
  const http = createNodeServer(app.fetch, { shedder, intake, headersTimeoutMs: env.intake.headersTimeoutMs });
  return { ...http, intake };
}

/** The load shedder for the environment's thresholds (give its `ready` to the app for /api/health). */
export function siteShedder(env: Pick<Env, "overload">) {
  return new LoadShedder({ maxLagMs: env.overload.lagMs, maxInFlight: env.overload.maxRequests });
}
