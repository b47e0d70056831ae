import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import appCss from "./app.css?url";
import { MaintenancePage } from "./components/layout/maintenance-page";
import { BASE_NAMESPACES } from "#shared/locales";
import { i18nBootFor } from "./i18n/resources.server";
import { serverI18n } from "./i18n/server";
import { BootContext } from "./lib/boot";
import { CoalesceStream } from "./lib/coalesce-stream.server";
import { paintFirst } from "./lib/paint-first.server";

export const streamTimeout = 5_000;

type Branch = EntryContext["branches"][number];
const branchesByTree = new WeakMap<Branch[], Map<string, Branch[]>>();

/**
 * The route branches of the page's own language tree. `<Scripts>` lists the routes a page may reach at once by
 * matching every ancestor path of its address against all branches (5–7 % of a page's CPU), and the
 * route tree holds every page three times (/, /es, /en: app/routes.ts); an address only ever matches the copy
 * of its own prefix. The others are found later, as any route is, by lazy route discovery.
 */
function ownTreeBranches(all: Branch[], prefix: "" | "/es" | "/en"): Branch[] {
  let byPrefix = branchesByTree.get(all);
  if (!byPrefix) branchesByTree.set(all, (byPrefix = new Map()));
  let own = byPrefix.get(prefix);
  if (!own) {
    const treeOf = (b: Branch) => {
      const top = b.routesMeta[0]?.route.id;
      return top === "es" ? "/es" : top === "en" ? "/en" : "";
    };
    byPrefix.set(prefix, (own = all.filter((b) => treeOf(b) === prefix)));
  }
  return own;
}

/** Namespaces the matched routes declared in `handle.i18n`, plus the base ones. */
function namespacesFor(ctx: EntryContext): string[] {
  const ns = new Set<string>(BASE_NAMESPACES);
  for (const m of ctx.staticHandlerContext.matches) {
    const handle = ctx.routeModules[m.route.id]?.handle as { i18n?: string[] } | undefined;
    handle?.i18n?.forEach((n) => ns.add(n));
  }
  return [...ns];
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { locale, nonce } = loadContext;
  const i18n = serverI18n(locale);
  const rootData = routerContext.staticHandlerContext.loaderData?.root as
    { flags?: { i18n_missing_enabled?: boolean }; englishFallback?: boolean } | undefined;
  // The page names its translation files; the browser fetches (or already keeps) them before it hydrates.
  const i18nBoot = i18nBootFor(locale, namespacesFor(routerContext), rootData?.flags?.i18n_missing_enabled === true, {
    englishFallback: rootData?.englishFallback === true,
  });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <BootContext.Provider value={{ nonce, i18nPayload: i18nBoot.json, i18nPreload: i18nBoot.preload, htmlOnce: loadContext.htmlOnce }}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter
            context={{ ...routerContext, branches: ownTreeBranches(routerContext.branches, loadContext.localePrefix) }}
            url={request.url}
            nonce={nonce}
          />
        </I18nextProvider>
      </BootContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new CoalesceStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // The page paints before its JavaScript and translation files load (lib/paint-first.server.ts).
          const html = body.pipe(paintFirst());
          resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error("render error", { err: error });
        },
      },
    );
  });
}

/** Server errors are logged with the request id; the page itself never shows a stack in production. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as unknown as AppLoadContext | undefined;
  if (ctx?.log) ctx.log.error("request failed", { err: error, url: new URL(request.url).pathname });
  else console.error(error);
};

/** Used by the server's maintenance gate: a complete page, outside the router (no app data loads). */
export function renderMaintenancePage(opts: {
  locale: "es" | "en";
  nonce: string;
  returnTo: string;
  error?: "wrong_password" | "password_required" | "rate_limited";
  siteName: string;
}): string {
  const t = serverI18n(opts.locale).getFixedT(opts.locale, "common");
  return "<!DOCTYPE html>" + renderToStaticMarkup(<MaintenancePage t={t} cssHref={appCss} {...opts} />);
}
