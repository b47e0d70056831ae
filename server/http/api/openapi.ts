import { OpenAPIHono, z, type RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "#server/http/types";

/**
 * The /api/v1 routes describe themselves: each is written with `createRoute` and registered with
 * `api.openapi(route, handler)` on an `OpenAPIHono` (made by `apiRouter()`), and the app's own router merges
 * their descriptions into one OpenAPI 3.1 document, served at GET /api/v1/openapi.json and listed on the wiki
 * (/resources/api). `openapi-document.test.ts` fails when a route the app serves under /api/v1 is missing from it.
 */
export const OPENAPI_PATH = "/api/v1/openapi.json";

/** A router for /api/v1 routes: a Hono app whose routes carry their OpenAPI description. */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>();
}

/** The API's error answer (`server/http/errors.ts`): an i18n code and, for some, details. */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ description: "An error code; its message is the `errors:<code>` translation." }),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .openapi("Error");

/** A JSON answer described by its zod schema. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** An error answer, with what it means for this route. */
export const failure = (description: string) => json(errorSchema, description);

/** A 303 redirect, the answer a plain HTML form gets. */
export const redirect = (description: string) => ({
  description,
  headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" as const } } },
});

/**
 * A request body that the operation validates itself (docs/architecture.md: input rules live in the
 * operation, whose `input.invalid` answer carries translated messages). The route documents the operation's
 * own zod schema as JSON Schema and adds no validator of its own, so the answers stay the operation's.
 */
export function operationInput(schema: z.ZodType, mediaTypes: readonly string[] = ["application/json"], description?: string) {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: jsonSchema }])),
  };
}

/** A query or path parameter documented for readers; the operation checks its value. */
export const parameter = (name: string, where: "query" | "path", schema: Record<string, unknown>, description: string) => ({
  name,
  in: where,
  required: where === "path",
  description,
  schema,
});

/** Who may call a route: `x-access` on each operation (the wiki's "who" column). */
export type ApiAccess = "public" | "signed-in" | "admin" | "provider";

/** The security requirement and `x-access` of a route (spread into `createRoute`). */
export function access(who: ApiAccess) {
  const security = who === "provider" ? [{ providerSignature: [] }] : who === "public" ? [] : [{ session: [] }];
  return { security, "x-access": who } as const;
}

/** The document's head: its title, version, servers and the ways a caller proves who it is. */
export const documentHead = {
  openapi: "3.1.0",
  info: {
    title: "Nexo Indie API",
    version: "1.0.0",
    description: "The site's JSON API. Session routes use the better-auth session cookie; admin routes need the Admin role.",
  },
};

export const securitySchemes = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie set by signing in (`__Secure-` prefixed on HTTPS).",
  },
  providerSignature: {
    type: "apiKey",
    in: "header",
    name: "stripe-signature",
    description: "The payment provider's signature of the raw body.",
  },
} as const;

type Route = { method: string; path: string };
type Document = { paths?: Record<string, Record<string, unknown> | undefined> };
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Hono's `/site/settings/:key` as OpenAPI's `/site/settings/{key}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");

/**
 * The routes the app serves under /api/v1 that the document does not describe, each as "METHOD /path".
 * Middleware and catch-alls (a path with `*`) are not routes; a route for every method (`app.all`, such as
 * the webhook's 405 answer) needs at least one described method at its path.
 */
export function routesMissingFromDocument(routes: readonly Route[], document: Document): string[] {
  const missing = new Set<string>();
  for (const { method, path } of routes) {
    if (!path.startsWith("/api/v1/") || path.includes("*")) continue;
    const item = document.paths?.[openApiPath(path)];
    const described = item ? METHODS.filter((m) => m in item) : [];
    const ok = method === "ALL" ? described.length > 0 : described.includes(method.toLowerCase());
    if (!ok) missing.add(`${method} ${path}`);
  }
  return [...missing];
}

/** The document as the app builds it. */
export type ApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/** A route of better-auth's handler (mounted at /api/auth/*), written out by hand: the library serves it. */
function betterAuth(method: "get" | "post", path: string, summary: string, who: ApiAccess = "public"): RouteConfig {
  return {
    method,
    path: `/api/auth${path}`,
    summary,
    tags: ["better-auth"],
    description: "Served by better-auth (https://www.better-auth.com/docs); its body and answers are the library's.",
    ...access(who),
    responses: {
      200: { description: "Done; signing in or out sets or clears the session cookie." },
      400: { description: "The library's error answer (`{ code, message }`)." },
      429: { description: "Too many attempts (server/http/auth-guard.ts), with Retry-After." },
    },
  };
}

/** The better-auth routes the site's pages and tests call. */
export const betterAuthPaths: RouteConfig[] = [
  betterAuth("post", "/sign-up/email", "Registers with an email address and a password"),
  betterAuth("post", "/sign-in/email", "Signs in with an email address and a password"),
  betterAuth("post", "/sign-in/email-otp", "Signs in with a one-time code sent by email"),
  betterAuth("post", "/email-otp/send-verification-otp", "Sends a one-time code (sign-in, verification, reset)"),
  betterAuth("post", "/sign-in/social", "Starts single sign-on with a provider"),
  betterAuth("get", "/callback/{provider}", "Single sign-on's return from the provider"),
  betterAuth("post", "/sign-out", "Signs out", "signed-in"),
  betterAuth("get", "/get-session", "The current session and user", "signed-in"),
  betterAuth("get", "/verify-email", "Confirms an email address from the link sent by email"),
  betterAuth("post", "/send-verification-email", "Sends the verification link again"),
  betterAuth("post", "/request-password-reset", "Sends a password reset link"),
  betterAuth("post", "/reset-password", "Sets a new password with a reset token"),
  betterAuth("post", "/change-password", "Changes the password", "signed-in"),
  betterAuth("get", "/list-sessions", "The account's sessions", "signed-in"),
].map((route) =>
  route.path.includes("{provider}")
    ? { ...route, parameters: [parameter("provider", "path", { type: "string" }, "The provider, such as google.")] }
    : route,
);
