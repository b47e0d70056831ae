import type { ServerBuild } from "react-router";
import { createApp, type AppOptions } from "#server/app";
import type { LogFields } from "#server/platform/logger";
import { serverBuildFile } from "#server/paths";
import type { Services } from "#server/services";
import { testServices } from "./services";

export type TestApp = {
  app: ReturnType<typeof createApp>;
  services: Services;
  logs: LogFields[];
  /** A request as a browser on this origin would send it. */
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  close(): Promise<void>;
};

export const TEST_ORIGIN = "http://localhost:3999";

/** The real Hono app with the real React Router build, on a fresh test database. */
export async function testApp(envOverrides: Record<string, string> = {}, appOptions: Pick<AppOptions, "ready"> = {}): Promise<TestApp> {
  // The production mode the site runs in, on the test services of tests/support/services.ts.
  const { services, logs, close } = await testServices({ NODE_ENV: "production", ...envOverrides });
  const build = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
  const app = createApp({ services, getBuild: async () => build, mode: "production", serveClientBuild: true, ...appOptions });
  return {
    app,
    services,
    logs,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set("cookie", init.cookie);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      return Promise.resolve(app.request(TEST_ORIGIN + path, { ...init, headers }));
    },
    close,
  };
}

/** Cookies a response set, as one Cookie header value. */
export function cookiesFrom(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => c.split("=") as [string, string])
      .map(([k, ...v]) => [k, v.join("=")]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const i = pair.indexOf("=");
    jar.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}
