import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { z } from "zod";
import { parseTrustedProxies, type TrustedProxies } from "./http/client-address";

/**
 * The only reader of process.env. Everything else receives an `Env` value, so tests can build one by hand.
 */
const boolish = z.enum(["true", "false", "1", "0", "yes", "no", ""]).transform((v) => v === "true" || v === "1" || v === "yes");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: z.string().min(32).optional(),
  /** Encrypts campaign keys at rest. Kept apart from AUTH_SECRET: rotating sessions must not lose keys. */
  GAME_KEYS_SECRET: z.string().min(32).optional(),
  SITE_NAME: z.string().min(1).default("Nexo Indie"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SEED_DEMO: boolish.optional(),
  JOBS: boolish.default(true),
  COUNTRY_HEADER: z.string().default("cf-ipcountry"),
  CLIENT_IP_HEADER: z.string().optional(),
  /** How many proxies stand in front of the site (a hop count), or their addresses and subnets (comma-separated). */
  TRUSTED_PROXIES: z
    .string()
    .default("1")
    .transform((v, ctx) => {
      try {
        return parseTrustedProxies(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SQL_STATEMENTS_HEADER: boolish.default(false),
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  SIDE_PANEL_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  OVERLOAD_LAG_MS: z.coerce.number().int().min(0).max(60_000).default(80),
  OVERLOAD_MAX_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(12),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  BODY_GRACE_MS: z.coerce.number().int().min(500).max(120_000).default(5_000),
  BODY_MS_PER_KB: z.coerce.number().min(0.1).max(1000).default(20),
  BODIES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(6),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CONTACT_EMAIL: z.email().optional(),
  /** Public forms (contact, job applications) sent sooner than this after the page was served are a bot's. */
  FORM_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(60).default(3),
  UPLOADS_DIR: z.string().optional(),
  /** An S3-compatible bucket for every stored file: all four set, or none (UPLOADS_DIR on the local disk). */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  TWITCH_CLIENT_ID: z.string().optional(),
  TWITCH_CLIENT_SECRET: z.string().optional(),
  /** Stripe Checkout: both set, payments go to Stripe; otherwise the local sandbox provider. */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /**
   * The sandbox provider in production: a test deployment only. Without it (and without Stripe's
   * keys) production takes no payments; in development and test the sandbox is the default anyway.
   */
  PAYMENTS_SANDBOX: boolish.default(false),
  /** Where the Stripe API is reached (a local stub in tests). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** YouTube's oEmbed endpoint, used to fill a game's name and thumbnail from its video (a local stub in tests). */
  YOUTUBE_OEMBED_URL: z.url({ protocol: /^https?$/ }).default("https://www.youtube.com/oembed"),
  /** Where YouTube's public channel pages are read to verify a creator's channel (a local stub in tests). */
  YOUTUBE_CHANNEL_URL: z.url({ protocol: /^https?$/ }).default("https://www.youtube.com"),
  /** YouTube's image host, where a video's thumbnail is fetched when none is uploaded (a local stub in tests). */
  YOUTUBE_THUMBNAIL_URL: z.url({ protocol: /^https?$/ }).default("https://i.ytimg.com"),
});

export const SSO_PROVIDERS = ["google", "discord", "twitch"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** Why production takes no payments: told in the start log and the admin's featured games tab. */
export type PaymentsOffReason = "production_without_stripe" | "stripe_keys_incomplete";

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  authSecret: string;
  /** Campaign keys are sealed with keys derived from it (server/platform/secret-box.ts). */
  gameKeysSecret: string;
  siteName: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  seedDemo: boolean;
  jobs: boolean;
  countryHeader: string;
  clientIpHeader: string | undefined;
  /** Which proxies in front of the site may name the client's address (server/http/client-address.ts). */
  trustedProxies: TrustedProxies;
  shutdownTimeoutMs: number;
  /** How long visitors' forum pages are kept by the anonymous page cache (decision 0016); 0 turns it off. */
  pageCacheSeconds: number;
  /** How long one process keeps the side panel's reads; events and settings changes drop them at once; 0 reads every time. */
  sidePanelCacheSeconds: number;
  /**
   * Load shedding (server/http/load-shedder.ts): new requests get 503 while the event loop lags more than
   * `lagMs` or `maxRequests` are being answered; 0 turns either check off.
   */
  overload: { lagMs: number; maxRequests: number };
  /**
   * Slow senders (server/http/request-intake.ts): headers must arrive within `headersTimeoutMs`; a body of N KB
   * within `bodyGraceMs` + N × `bodyMsPerKb`; one address may send `bodiesPerAddress` bodies at once.
   */
  intake: { headersTimeoutMs: number; bodyGraceMs: number; bodyMsPerKb: number; bodiesPerAddress: number };
  /** Pages answer with X-Sql-Statements: how many SQL statements their loaders ran (for the benchmark). */
  sqlStatementsHeader: boolean;
  /** Without it, mail is kept in the outbox (admin mail log) and printed to the log. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people write to the team (a company waiting for verification is told it): CONTACT_EMAIL, else MAIL_FROM's address. */
  contactEmail: string;
  /** The least time a person takes to fill a public form (FORM_MIN_FILL_SECONDS). */
  formMinFillSeconds: number;
  /** Where stored files live on the local disk, when `s3` is not set. */
  uploadsDir: string;
  /** Every stored file in this S3-compatible bucket (server/platform/storage-s3.ts) instead of `uploadsDir`. */
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | undefined;
  /** When both are set, this account is created (verified) or promoted to Admin at start. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  /** Single sign-on providers whose keys are configured; only these are offered. */
  sso: Partial<Record<SsoProvider, { clientId: string; clientSecret: string }>>;
  /**
   * Payments: Stripe when its keys are set (whatever PAYMENTS_SANDBOX says); else the sandbox
   * provider, whose webhooks are signed with a secret derived from AUTH_SECRET (server/platform/payments/) —
   * in production only with PAYMENTS_SANDBOX=true; else (production without Stripe's keys) off: no checkout
   * opens and no webhook is believed, promo codes covering the whole price still work.
   */
  payments:
    | { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string | undefined }
    | { provider: "sandbox"; webhookSecret: string }
    | { provider: "off"; reason: PaymentsOffReason };
  youtubeOembedUrl: string;
  /** YouTube's origin for channel pages (server/platform/youtube-channel.ts): channel verification. */
  youtubeChannelUrl: string;
  /** YouTube's image host (server/platform/youtube-thumbnail.ts): a video's thumbnail when none is uploaded. */
  youtubeThumbnailUrl: string;
};

/** The sandbox provider's webhook signing secret: fixed for a given AUTH_SECRET, never the secret itself. */
function sandboxWebhookSecret(authSecret: string): string {
  return "whsec_" + createHmac("sha256", authSecret).update("payments.sandbox.webhook").digest("base64url");
}

/** The four settings that make the storage an S3 bucket: all or none. */
export const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable counts as unset (a common way to clear one in a shell or a compose file).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  // Some of the S3 settings without the others is a mistake, never a reason to keep files on this instance's
  // disk (where the other instances cannot see them).
  const s3Set = S3_VARIABLES.filter((name) => e[name]);
  if (s3Set.length > 0 && s3Set.length < S3_VARIABLES.length) {
    const missing = S3_VARIABLES.filter((name) => !e[name]);
    throw new Error(
      `Invalid environment:\n  S3 storage is half configured: ${s3Set.join(", ")} set, ${missing.join(", ")} missing (set all four, or none for the local disk)`,
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const mailFrom = e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(baseUrl).hostname}>`;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    gameKeysSecret: e.GAME_KEYS_SECRET ?? persistentSecret(dataDir, ".game-keys-secret"),
    siteName: e.SITE_NAME,
    logLevel: e.LOG_LEVEL,
    // Demo data is on by default for the embedded database (a laptop), off for PostgreSQL (a real deployment).
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    jobs: e.JOBS,
    countryHeader: e.COUNTRY_HEADER.toLowerCase(),
    clientIpHeader: e.CLIENT_IP_HEADER?.toLowerCase(),
    trustedProxies: e.TRUSTED_PROXIES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
    sidePanelCacheSeconds: e.SIDE_PANEL_CACHE_SECONDS,
    sqlStatementsHeader: e.SQL_STATEMENTS_HEADER,
    overload: { lagMs: e.OVERLOAD_LAG_MS, maxRequests: e.OVERLOAD_MAX_REQUESTS },
    intake: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      bodyGraceMs: e.BODY_GRACE_MS,
      bodyMsPerKb: e.BODY_MS_PER_KB,
      bodiesPerAddress: e.BODIES_PER_ADDRESS,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom,
    contactEmail: e.CONTACT_EMAIL ?? /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim(),
    formMinFillSeconds: e.FORM_MIN_FILL_SECONDS,
    uploadsDir: resolve(e.UPLOADS_DIR ?? join(dataDir, "uploads")),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
          }
        : undefined,
    bootstrapAdmin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { provider: "stripe", secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : e.NODE_ENV !== "production" || e.PAYMENTS_SANDBOX
          ? { provider: "sandbox", webhookSecret: sandboxWebhookSecret(e.AUTH_SECRET ?? persistentSecret(dataDir)) }
          : {
              provider: "off",
              reason: e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET ? "stripe_keys_incomplete" : "production_without_stripe",
            },
    youtubeOembedUrl: e.YOUTUBE_OEMBED_URL,
    youtubeChannelUrl: e.YOUTUBE_CHANNEL_URL,
    youtubeThumbnailUrl: e.YOUTUBE_THUMBNAIL_URL,
    sso: Object.fromEntries(
      SSO_PROVIDERS.flatMap((p) => {
        const id = e[`${p.toUpperCase() as Uppercase<SsoProvider>}_CLIENT_ID`];
        const secret = e[`${p.toUpperCase() as Uppercase<SsoProvider>}_CLIENT_SECRET`];
        return id && secret ? [[p, { clientId: id, clientSecret: secret }]] : [];
      }),
    ),
  };
}

/**
 * Without AUTH_SECRET, a random secret is created once and kept in DATA_DIR so that sessions and signed
 * cookies survive restarts of a single instance. Several instances must share an explicit AUTH_SECRET.
 */
function persistentSecret(dataDir: string, name = ".auth-secret"): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
