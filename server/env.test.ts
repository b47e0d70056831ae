import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEnv } from "./env";
import { projectRoot } from "./paths";

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

  describe("storage", () => {
    const S3 = {
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "nexo",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret-example",
    };

    it("keeps files on the local disk without the S3 settings, in an S3 bucket with all four", () => {
      const local = readEnv({ DATA_DIR: dir(), NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) });
      expect(local.s3).toBeUndefined();
      expect(readEnv({ DATA_DIR: dir(), ...S3 }).s3).toEqual({
        endpoint: "https://s3.example.com",
        bucket: "nexo",
        accessKeyId: "AKIAEXAMPLE",
        secretAccessKey: "secret-example",
        region: "us-east-1",
      });
      expect(readEnv({ DATA_DIR: dir(), ...S3, S3_REGION: "eu-west-3" }).s3?.region).toBe("eu-west-3");
      // An empty variable is unset: all four empty is the local disk.
      const empty = { S3_ENDPOINT: "", S3_BUCKET: "", S3_ACCESS_KEY_ID: "", S3_SECRET_ACCESS_KEY: "" };
      expect(readEnv({ DATA_DIR: dir(), ...empty }).s3).toBeUndefined();
    });

    it("refuses some of the four S3 settings without the others, in any mode, naming the missing ones", () => {
      for (const NODE_ENV of ["production", "development", "test"]) {
        const { S3_SECRET_ACCESS_KEY: _secret, ...three } = S3;
        expect(() => readEnv({ DATA_DIR: dir(), NODE_ENV, ...three })).toThrow(
          "S3 storage is half configured: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID set, S3_SECRET_ACCESS_KEY missing",
        );
        expect(() => readEnv({ DATA_DIR: dir(), NODE_ENV, S3_BUCKET: "nexo", S3_SECRET_ACCESS_KEY: "" })).toThrow(
          "S3_BUCKET set, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing",
        );
      }
      expect(() => readEnv({ DATA_DIR: dir(), ...S3, S3_ENDPOINT: "s3.example.com" })).toThrow(/S3_ENDPOINT/);
    });

    it("stops the server's start with that message (exit code 1) instead of falling back to the local disk", () => {
      const data = dir();
      const run = spawnSync(process.execPath, [join(projectRoot, "build/server/main.js")], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          DATA_DIR: data,
          PORT: "0",
          AUTH_SECRET: "x".repeat(32),
          S3_ENDPOINT: "https://s3.example.com",
          S3_BUCKET: "nexo",
        },
        encoding: "utf8",
        timeout: 40_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("failed to start");
      expect(run.stderr).toContain("S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY missing");
      expect(run.stdout).not.toContain("listening");
    }, 60_000);
  });
});
