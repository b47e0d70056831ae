import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { emailOTP } from "better-auth/plugins";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import type { Env } from "#server/env";
import type { Logger } from "./logger";
import type { Mailer } from "./mail";
import type { MailLocale } from "./translate";
import { ensureProfile } from "#server/modules/accounts/ensure-profile";
import { recipientLocale, sendAccountEmail } from "#server/modules/accounts/emails/send-account-email";
import { newPasswordProblem, type PasswordProblem } from "#server/modules/accounts/password-rules";
import { FALLBACK_LOCALE, fromAcceptLanguage, LOCALE_QUERY, sanitizeLanguage } from "#shared/locales";
import { translator } from "./translate";

/** Argon2id with the OWASP parameters (19 MiB, t=2, p=1), the library defaults, stated so they cannot drift. */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);
export const verifyPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);

export const SESSION_DAYS = 30;
export const VERIFY_EMAIL_SECONDS = 24 * 3600;

/** Our own pages pass the page's language in this header when they call better-auth in-process. */
export const LOCALE_HEADER = "x-nexo-locale";
/** The client's address for better-auth, set by the app on every request (a client's own value is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-nexo-client-address";

function requestLocale(headers: Headers | undefined | null): MailLocale | undefined {
  const given = headers?.get(LOCALE_HEADER) ?? /(?:^|;\s*)lng=(es|en)\b/.exec(headers?.get("cookie") ?? "")?.[1];
  return given === "es" || given === "en" ? given : undefined;
}

/** The language of a refusal: our pages' header, then ?lng=, the language cookie and Accept-Language (SPEC §9). */
function messageLocale(headers: Headers | undefined | null, url: string | undefined): MailLocale {
  let fromQuery: MailLocale | null = null;
  try {
    fromQuery = url ? sanitizeLanguage(new URL(url).searchParams.get(LOCALE_QUERY)) : null;
  } catch {
    fromQuery = null;
  }
  const given = headers?.get(LOCALE_HEADER);
  const fromHeader = given === "es" || given === "en" ? given : null;
  return fromHeader ?? fromQuery ?? requestLocale(headers) ?? fromAcceptLanguage(headers?.get("accept-language")) ?? FALLBACK_LOCALE;
}

/**
 * Every better-auth endpoint that sets a password, and the body field holding the new one. Any other endpoint
 * whose body carries a `newPassword` is checked too.
 */
const NEW_PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
  "/email-otp/reset-password": "password",
};

const PROBLEM_CODE: Record<PasswordProblem, string> = {
  "auth.password_too_short": "PASSWORD_TOO_SHORT",
  "auth.password_common": "PASSWORD_COMMON",
  "input.invalid": "PASSWORD_TOO_LONG",
};

/**
 * The site's password rules (SPEC §5: at least 6 characters, not a common password) on every way
 * of setting one, over HTTP or in-process: refused with 400 and a translated message before the endpoint runs.
 */
const passwordRules = createAuthMiddleware(async (ctx) => {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return;
  const field = NEW_PASSWORD_FIELD[ctx.path] ?? ("newPassword" in body ? "newPassword" : undefined);
  const password = field ? body[field] : undefined;
  // A missing or non-text value is refused by the endpoint's own validation.
  if (typeof password !== "string") return;
  const problem = newPasswordProblem(password);
  if (!problem) return;
  const message = translator(messageLocale(ctx.headers, ctx.request?.url), "errors")(problem);
  throw new APIError("BAD_REQUEST", { code: PROBLEM_CODE[problem], message });
});

export type AuthDeps = { db: Database; mailer: Mailer; log: Logger };

export function createAuth(env: Env, deps: AuthDeps) {
  const { db, mailer, log } = deps;
  const mail = { db, mailer, siteName: env.siteName };
  // The recipient's language: their profile's; for an address without a profile yet, the request's.
  const localeFor = (email: string, headers?: Headers | null) => recipientLocale(db, email, requestLocale(headers));

  return betterAuth({
    baseURL: env.baseUrl,
    basePath: "/api/auth",
    secret: env.authSecret,
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      // An unverified account may sign in; operations refuse it until verified (policy "content.submit").
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: ({ hash: h, password }) => verifyPassword(h, password) },
      sendResetPassword: async ({ user, url }, request) => {
        await sendAccountEmail(mail, user.email, { template: "reset-password", url }, await localeFor(user.email, request?.headers));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendVerificationEmail: async ({ user, url }, request) => {
        // A refused delivery stays in the outbox for the retry job (resending is our own operation).
        await sendAccountEmail(mail, user.email, { template: "verify-email", url }, await localeFor(user.email, request?.headers));
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        // Unverified accounts change at once (and get a new verification link); verified ones confirm first.
        updateEmailWithoutVerification: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }, request) => {
          await sendAccountEmail(
            mail,
            newEmail,
            { template: "change-email", url, newEmail },
            await localeFor(user.email, request?.headers),
          );
        },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 3600,
      updateAge: 24 * 3600,
    },
    account: {
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    socialProviders: Object.fromEntries(Object.entries(env.sso).map(([p, keys]) => [p, { ...keys }])),
    plugins: [
      emailOTP({
        disableSignUp: true,
        allowedAttempts: 3,
        expiresIn: 300,
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp, type }, ctx) => {
          if (type !== "sign-in") return;
          await sendAccountEmail(mail, email, { template: "sign-in-code", code: otp }, await localeFor(email, ctx?.headers));
        },
      }),
    ],
    hooks: { before: passwordRules },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profile row (SPEC §3): accounts from single sign-on get a derived username.
          after: async (user, ctx) => {
            await ensureProfile(db, { id: user.id, email: user.email, name: user.name, locale: requestLocale(ctx?.headers) });
          },
        },
      },
    },
    // Codes are mailed for sign-in only: the endpoints of the other code types (a password reset, an email
    // check or change by code) would take guesses at codes nobody receives, uncounted; nothing uses the
    // password check over HTTP either (deleting an account checks it in-process). The name and picture are
    // changed through the profile pages, which check them and hold companies waiting for verification:
    // better-auth's own update-user would skip both.
    disabledPaths: [
      "/update-user",
      "/email-otp/check-verification-otp",
      "/email-otp/verify-email",
      "/email-otp/request-password-reset",
      "/forget-password/email-otp",
      "/email-otp/reset-password",
      "/email-otp/request-email-change",
      "/email-otp/change-email",
      "/verify-password",
    ],
    // Limits are ours, kept in the database (see server/modules/accounts/auth-limits.ts).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isProduction && env.baseUrl.startsWith("https://"),
      // The client's address as server/app.ts worked it out (the socket's, or the one the trusted proxy appended).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    logger: {
      log: (level, message, ...args) => log[level]("auth: " + message, { args }),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
