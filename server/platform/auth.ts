import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../db/client";
import * as schema from "../db/schema";
import type { Env } from "../env";

/** Argon2id with the OWASP parameters (19 MiB, t=2, p=1), the library defaults, stated so they cannot drift. */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);

export function createAuth(env: Env, db: Database) {
  return betterAuth({
    baseURL: env.baseUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      password: { hash: hashPassword, verify: ({ hash: h, password }) => verifyPassword(h, password) },
    },
    advanced: {
      useSecureCookies: env.isProduction && env.baseUrl.startsWith("https://"),
      ipAddress: env.clientIpHeader ? { ipAddressHeaders: [env.clientIpHeader] } : undefined,
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
