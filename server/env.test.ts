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

  describe("payments", () => {
    const SECRET = { AUTH_SECRET: "x".repeat(32) };
    const STRIPE = { STRIPE_SECRET_KEY: "sk_test_12345678", STRIPE_WEBHOOK_SECRET: "whsec_12345678" };

    it("production without Stripe's keys takes no payments unless PAYMENTS_SANDBOX=true, and says why", () => {
      const off = readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV: "production" });
      expect(off.payments).toEqual({ provider: "off", reason: "production_without_stripe" });
      expect(readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV: "production", PAYMENTS_SANDBOX: "false" }).payments.provider).toBe("off");
      // One key of the two is not enough, and says so.
      expect(readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_test_12345678" }).payments).toEqual({
        provider: "off",
        reason: "stripe_keys_incomplete",
      });
      const sandbox = readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV: "production", PAYMENTS_SANDBOX: "true" });
      expect(sandbox.payments).toMatchObject({ provider: "sandbox", webhookSecret: expect.stringMatching(/^whsec_/) });
    });

    it("development and test keep the sandbox by default; PAYMENTS_SANDBOX=true changes nothing there", () => {
      for (const NODE_ENV of ["development", "test"]) {
        const plain = readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV });
        expect(plain.payments.provider).toBe("sandbox");
        expect(readEnv({ ...SECRET, DATA_DIR: dir(), NODE_ENV, PAYMENTS_SANDBOX: "true" }).payments).toEqual(plain.payments);
      }
    });

    it("Stripe's keys win over PAYMENTS_SANDBOX=true, in any mode", () => {
      for (const NODE_ENV of ["production", "development"]) {
        expect(readEnv({ ...SECRET, ...STRIPE, DATA_DIR: dir(), NODE_ENV, PAYMENTS_SANDBOX: "true" }).payments).toMatchObject({
          provider: "stripe",
          secretKey: "sk_test_12345678",
        });
      }
    });

    it("refuses a PAYMENTS_SANDBOX that is not a yes or a no", () => {
      expect(() => readEnv({ ...SECRET, DATA_DIR: dir(), PAYMENTS_SANDBOX: "maybe" })).toThrow(/PAYMENTS_SANDBOX/);
    });
  });

  it("refuses invalid values with a readable message", () => {
    expect(() => readEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readEnv({ BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => readEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
  });
});
