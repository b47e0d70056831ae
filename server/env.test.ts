import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

describe("environment", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "env-test-"));

  it("has working defaults: port 3000, ./data, BASE_URL from the port, PGlite with demo data", () => {
    const d = dir();
    const env = readEnv({ DATA_DIR: d });
    expect(env.port).toBe(3000);
    expect(env.baseUrl).toBe("http://localhost:3000");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.siteName).toBe("Nexo Indie");
    expect(readEnv({}).dataDir).toBe(join(process.cwd(), "data"));
  });

  it("honours PORT, BASE_URL and DATABASE_URL (no demo data on PostgreSQL unless asked)", () => {
    const env = readEnv({ DATA_DIR: dir(), PORT: "8080", BASE_URL: "https://example.org/", DATABASE_URL: "postgres://x/y" });
    expect(env.port).toBe(8080);
    expect(env.baseUrl).toBe("https://example.org");
    expect(env.seedDemo).toBe(false);
    expect(readEnv({ DATA_DIR: dir(), DATABASE_URL: "postgres://x/y", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("keeps a generated secret in DATA_DIR so restarts keep sessions", () => {
    const d = dir();
    const first = readEnv({ DATA_DIR: d }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readEnv({ DATA_DIR: d }).authSecret).toBe(first);
    expect(readFileSync(join(d, ".auth-secret"), "utf8")).toBe(first);
    expect(readEnv({ DATA_DIR: d, AUTH_SECRET: "x".repeat(32) }).authSecret).toBe("x".repeat(32));
  });

  it("refuses invalid values with a readable message", () => {
    expect(() => readEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readEnv({ BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => readEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });
});
