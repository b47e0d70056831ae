import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ServerBuild } from "react-router";
import { createApp } from "../../server/app";
import { readEnv } from "../../server/env";
import { createLogger, type LogFields } from "../../server/platform/logger";
import { serverBuildFile } from "../../server/paths";
import { createServices, type Services } from "../../server/services";
import { testDatabase } from "./db";

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
export async function testApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "app-test-"));
  const env = readEnv({
    NODE_ENV: "production",
    PORT: "3999",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    JOBS: "false",
    SEED_DEMO: "false",
    LOG_LEVEL: "debug",
    ...envOverrides,
  });
  const logs: LogFields[] = [];
  const log = createLogger("debug", {}, (line) => logs.push(JSON.parse(line)));
  const database = await testDatabase();
  const services = await createServices(env, log, { database });
  const build = (await import(/* @vite-ignore */ serverBuildFile)) as ServerBuild;
  const app = createApp({ services, getBuild: async () => build, mode: "production", serveClientBuild: true });
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
    async close() {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies a response set, as one Cookie header value. */
export function cookiesFrom(res: Response, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((c) => c.split("=") as [string, string]).map(([k, ...v]) => [k, v.join("=")]));
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
