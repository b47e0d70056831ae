import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readEnv } from "#server/env";
import { createLogger, type LogFields } from "#server/platform/logger";
import { createServices, type Services } from "#server/services";
import { testDatabase } from "./db";

/** The real services container on a fresh test database, without the HTTP app (no build needed). */
export async function testServices(
  envOverrides: Record<string, string> = {},
): Promise<{ services: Services; logs: LogFields[]; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-test-"));
  const env = readEnv({
    NODE_ENV: "test",
    PORT: "3999",
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    GAME_KEYS_SECRET: "test-game-keys-secret-test-game-keys-0123",
    JOBS: "false",
    SEED_DEMO: "false",
    LOG_LEVEL: "debug",
    // Tests write through factories behind the pages' back; the page cache's own tests turn it on.
    PAGE_CACHE_SECONDS: "0",
    SIDE_PANEL_CACHE_SECONDS: "0",
    // testApp runs in production mode: payments there are the sandbox's only when asked. A test of
    // payments off passes PAYMENTS_SANDBOX: "" (unset).
    PAYMENTS_SANDBOX: "true",
    // No test reaches YouTube's image host: a video saved without a thumbnail gets a refused connection here
    // (the placeholder and the note), unless the test points it at its stub.
    YOUTUBE_THUMBNAIL_URL: "http://127.0.0.1:9",
    ...envOverrides,
  });
  const logs: LogFields[] = [];
  const log = createLogger("debug", {}, (line) => logs.push(JSON.parse(line)));
  const services = await createServices(env, log, { database: await testDatabase() });
  return {
    services,
    logs,
    async close() {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
