import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { compressResponse } from "./http/compress";
import { staticFiles } from "./http/static-files";
import { mediaFiles } from "./http/media";
import { LocalStorage } from "./platform/storage";
import { getCookie } from "hono/cookie";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CONSENT_COOKIE, parseConsent, parseTheme, THEME_COOKIE } from "#shared/preferences";
import { loadActor } from "./modules/accounts/load-actor";
import { authRateLimits } from "./http/auth-guard";
import type { Actor } from "./modules/accounts/actor";
import { can as canAccounts } from "./modules/accounts/policy";
import { countryFrom } from "./modules/site/analytics";
import { buildRobots } from "./modules/site/sitemap";
import { sessionApi } from "./http/api/session";
import { avatarRoutes } from "./http/avatars";
import { paymentsWebhook } from "./http/payments-webhook";
import { siteApi } from "./http/api/site";
import { maintenanceGate, unlockRoutes } from "./http/gate";
import { betterAuthPaths, documentHead, OPENAPI_PATH, securitySchemes } from "./http/api/openapi";
import { localeFor } from "./http/locale";
import { mountRealtime } from "./platform/realtime-socket";
import { mountRoomSocket } from "./http/room-socket";
import { ROOM_SOCKET_PREFIX } from "#shared/rooms";
import type { RequestContext } from "./http/request-context";
import { newNonce, sameOriginOnly, securityHeaders } from "./http/security";
import { refuseControlCharacters } from "./http/bad-input";
import { holdPendingCompanies } from "./http/company-hold";
import { bodyLimits } from "./http/body-limits";
import { clientAddress } from "./http/client-address";
import { intakeAddress } from "./http/request-intake";
import { CLIENT_ADDRESS_HEADER } from "./platform/auth";
import { PageCache, pageCacheMiddleware } from "./http/page-cache";
import { countThreadViews } from "./http/thread-views";
import { i18nAssets } from "./http/i18n-assets";
import { countStatements } from "./db/statement-count";
import type { AppEnv } from "./http/types";
import { clientBuildFolder, localesFolder } from "./paths";
import type { Services } from "./services";

export type AppOptions = {
  services: Services;
  /** The React Router server build; a function so development can reload it. */
  getBuild: () => Promise<ServerBuild>;
  mode: "development" | "production";
  /** Serve /assets and public files from build/client (production); Vite serves them in development. */
  serveClientBuild: boolean;
  /** Whether the instance takes new requests (the load shedder's view); /api/health says not ready otherwise. */
  ready?: () => boolean;
};

type Env = AppEnv & { Bindings: Partial<HttpBindings> };

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Pages the anonymous page cache may hold: the forum's reading pages (not the new-thread form), the leaderboard. */
const ANONYMOUS_CACHE_PATHS = [/^\/community$/, /^\/community\/[^/]+$/, /^\/community\/[^/]+\/(?!new$)[^/]+$/, /^\/leaderboard$/];

/**
 * Builds the Hono app. No process-wide side effects, so tests can build as many as they like. `app.realtime`
 * is the WebSocket endpoint: attach it to the node server, close it on shutdown.
 */
export function createApp(opts: AppOptions) {
  const { services } = opts;
  const { env, log } = services;
  // An OpenAPIHono: the /api/v1 routes mounted on it bring their descriptions into one document (OPENAPI_PATH).
  const app = new OpenAPIHono<Env>();
  const secureCookies = env.isProduction && env.baseUrl.startsWith("https://");
  const baseOrigin = new URL(env.baseUrl).origin;

  // Request id, structured request log, per-request nonce and the facts every later step reads.
  app.use("*", async (c, next) => {
    const started = performance.now();
    const given = c.req.header("x-request-id");
    const requestId = given && REQUEST_ID.test(given) ? given : randomUUID();
    const reqLog = log.child({ requestId });
    const incoming = c.env?.incoming;
    const ip =
      (incoming && intakeAddress(incoming)) ??
      clientAddress(env.clientIpHeader && c.req.header(env.clientIpHeader), incoming?.socket?.remoteAddress, env.trustedProxies) ??
      "unknown";
    // better-auth records the address on the session (the sessions list on /account): it reads this header,
    // set here on every request, and never what the client sent.
    c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, ip);
    let actor: Promise<Actor> | undefined;
    c.set("services", services);
    c.set("requestId", requestId);
    c.set("log", reqLog);
    c.set("nonce", newNonce());
    c.set("clientKey", ip);
    c.set("country", countryFrom(c.req.header(env.countryHeader)));
    c.set("secureCookies", secureCookies);
    let sessionCookies: string[] = [];
    c.set("getActor", () => (actor ??= loadActor(services, c.req.raw.headers, (given) => (sessionCookies = given))));
    const locale = localeFor(c, secureCookies);
    c.set("locale", locale);
    try {
      await next();
      // Appended to the final response: React Router's responses are built outside Hono's header helpers.
      if (locale.setCookie && c.req.method === "GET" && !c.req.path.startsWith("/assets/"))
        c.res.headers.append("Set-Cookie", locale.setCookie);
      // A session extended while loading the actor: the browser keeps its cookie as long as the session lasts
      // (unless the response itself sets the session, signing in or out).
      if (sessionCookies.length && !c.res.headers.getSetCookie().some((sc) => sc.includes("session_token")))
        for (const sc of sessionCookies) c.res.headers.append("Set-Cookie", sc);
    } finally {
      c.header("X-Request-Id", requestId);
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const quiet = c.req.path.startsWith("/assets/");
      reqLog[quiet ? "debug" : "info"]("request", { method: c.req.method, path: c.req.path, status: c.res.status, ms });
    }
  });

  app.use("*", securityHeaders({ production: env.isProduction, dev: opts.mode === "development" }));
  // Pages and JSON are compressed on the fly; static files are served precompressed (scripts/precompress.mjs).
  app.use("*", async (c, next) => {
    await next();
    if (c.res.headers.has("Content-Encoding") || !/^(text\/|application\/(json|xml))/.test(c.res.headers.get("Content-Type") ?? "")) return;
    await compressResponse(c);
  });
  app.use(
    "*",
    sameOriginOnly(() => [baseOrigin]),
  );
  app.use("*", refuseControlCharacters());
  app.use("*", holdPendingCompanies());
  // Before anything reads a body: per-route size limits, and only form encodings for pages.
  app.use("*", bodyLimits());

  app.onError((err, c) => {
    c.var.log?.error("unhandled error", { err });
    return c.json({ error: { code: "internal", requestId: c.var.requestId } }, 500);
  });

  // Health answers even during maintenance: it is what the load balancer asks.
  app.get("/api/health", async (c) => {
    // Refusing every new request: the load balancer should send them to another instance meanwhile.
    if (opts.ready && !opts.ready()) return c.json({ status: "overloaded", database: services.database.kind }, 503);
    try {
      await services.database.query("select 1");
      return c.json({ status: "ok", database: services.database.kind });
    } catch (err) {
      c.var.log.error("health check failed", { err });
      return c.json({ status: "error", database: services.database.kind }, 503);
    }
  });

  const forAYear = "public, max-age=31536000, immutable";
  if (opts.serveClientBuild) {
    app.use("/assets/*", staticFiles({ root: clientBuildFolder, precompressed: true }, { "Cache-Control": forAYear }));
  }

  // Private files (resumes, room files) are answered only by the routes that check who asks.
  app.all("/media/private/*", (c) => c.notFound());
  // Uploaded files (avatars, logos): names are content hashes, so they never change in place. From the local
  // disk by the static-file server; from an S3 bucket through the storage.
  const { storage } = services;
  app.use("/media/*", mediaFiles(storage, { localRoot: storage instanceof LocalStorage ? storage.root : undefined }));
  app.all("/media/*", (c) => c.notFound());
  // Members' generated avatars: drawn on the server, cached for a year.
  app.route("/", avatarRoutes());
  // The payment provider's webhook, before the maintenance gate: payments settle during maintenance too.
  app.route("/api/v1/payments/webhook", paymentsWebhook());

  app.route("/", unlockRoutes());
  app.use("*", maintenanceGate(opts.getBuild));

  if (opts.serveClientBuild) {
    const publicFiles = staticFiles(
      { root: clientBuildFolder, precompressed: true, rewriteRequestPath: (p: string) => (p.startsWith("/assets/") ? "/__none__" : p) },
      { "Cache-Control": "public, max-age=86400" },
    );
    // Only names with an extension (favicon.ico, images/logo.svg) are looked for: a page's path is never a file,
    // and looking cost a file system call on every page.
    app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? publicFiles(c, next) : next()));
  }

  app.route("/locales", i18nAssets({ folder: localesFolder, production: opts.mode === "production" }));

  app.use("/api/auth/*", authRateLimits());
  app.on(["GET", "POST"], "/api/auth/*", (c) => services.auth.handler(c.req.raw));
  // better-auth's own routes cannot describe themselves: the ones the site uses are written out by hand.
  for (const path of betterAuthPaths) app.openAPIRegistry.registerPath(path);
  app.route("/api/v1", siteApi());
  app.route("/api/v1", sessionApi());
  // The document of every route above, made once on first use (every route is registered by now).
  let apiDocument: ReturnType<typeof app.getOpenAPI31Document> | undefined;
  const openApiDocument = () => {
    if (apiDocument) return apiDocument;
    apiDocument = app.getOpenAPI31Document({ ...documentHead, servers: [{ url: env.baseUrl }] });
    apiDocument.components = { ...apiDocument.components, securitySchemes: { ...securitySchemes } };
    return apiDocument;
  };
  app.openapi(
    createRoute({
      method: "get",
      path: OPENAPI_PATH,
      summary: "This document: every /api/v1 route, its input, answers and who may call it",
      security: [],
      "x-access": "public",
      responses: { 200: { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } } },
    }),
    (c) => c.json(openApiDocument() as never, 200),
  );
  // WebSocket at /api/realtime; main.ts attaches the node server's upgrades (realtime.attach).
  const realtime = mountRealtime(app, {
    realtime: services.realtime,
    auth: services.auth,
    baseUrl: env.baseUrl,
    log: log.child({ area: "realtime" }),
  });
  // The episode rooms' sockets, /api/realtime/rooms/{roomId}, reached through the same upgrades.
  realtime.mount(
    ROOM_SOCKET_PREFIX,
    mountRoomSocket(app, {
      rooms: services.rooms,
      realtime: services.realtime,
      db: services.db,
      baseUrl: env.baseUrl,
      log: log.child({ area: "rooms-realtime" }),
    }),
  );
  app.all("/api/*", (c) => c.json({ error: { code: "not_found" } }, 404));

  app.get("/sitemap.xml", async (c) =>
    c.body(await services.site.sitemap(env.baseUrl), 200, { "Content-Type": "application/xml; charset=utf-8" }),
  );
  app.get("/robots.txt", (c) => c.text(buildRobots(env.baseUrl)));

  // Thread page views, counted in front of the page cache so cached pages count too.
  app.use("*", countThreadViews());
  // Visitors' forum pages, kept for a few seconds (decision 0016). Form posts to pages clear it.
  const pageCache = new PageCache({
    ttlSeconds: env.pageCacheSeconds,
    paths: ANONYMOUS_CACHE_PATHS,
    events: services.events,
    settings: services.settings,
  });
  app.use(
    "*",
    pageCacheMiddleware(
      pageCache,
      (c) => `${c.var.locale.locale}|${getCookie(c, THEME_COOKIE) ?? ""}|${getCookie(c, CONSENT_COOKIE) ?? ""}`,
    ),
  );

  // Given a function, React Router derives its route tables again on every request (so development can swap
  // builds); in production the build never changes, so it is resolved once and the tables are derived once.
  let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
  const handle: ReturnType<typeof createRequestHandler> =
    opts.mode === "production"
      ? async (request, loadContext) =>
          (productionHandler ??= createRequestHandler(await opts.getBuild(), "production"))(request, loadContext)
      : createRequestHandler(opts.getBuild, opts.mode);
  const render = async (c: Context<Env>) => {
    const loc = c.var.locale;
    const actor = await c.var.getActor();
    const context: RequestContext = {
      services,
      requestId: c.var.requestId,
      nonce: c.var.nonce,
      log: c.var.log,
      locale: loc.locale,
      localePrefix: loc.prefix,
      theme: parseTheme(getCookie(c, THEME_COOKIE)),
      consent: parseConsent(getCookie(c, CONSENT_COOKIE)),
      actor,
      sessionInvalid: !actor && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/.test(c.req.header("cookie") ?? ""),
      abilities: { staff: canAccounts(actor, "admin.panel") },
      clientKey: c.var.clientKey,
      country: c.var.country,
      htmlOnce: c.req.method === "GET" && !c.req.path.endsWith(".data") ? new Map() : null,
      apiDocument: openApiDocument,
    };
    const res = await handle(c.req.raw, context as never);
    // Pages vary by the language cookie and Accept-Language when they carry no prefix.
    if (!loc.prefix) res.headers.append("Vary", "Cookie, Accept-Language");
    return res;
  };
  app.all("*", async (c) => {
    if (!env.sqlStatementsHeader) return render(c);
    const { result, statements } = await countStatements(() => render(c));
    result.headers.set("X-Sql-Statements", String(statements));
    return result;
  });

  return Object.assign(app, { realtime, openApiDocument });
}
