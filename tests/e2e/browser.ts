/** Helpers for pages and browser contexts: hydration, toasts, preference cookies, what the page recorded. */
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL, tr, type Locale } from "./site";

/** Runs in every document before the app: records consent events, CSP violations, hydration and the page's fetches. */
export function initScript() {
  type E2E = {
    consentEvents: unknown[];
    csp: string[];
    hydrated: boolean;
    inflight: number;
    lastActivity: number;
    layoutScript: boolean;
    trace: string[];
  };
  type RouterLike = {
    state: { navigation: { state: string; formMethod?: string }; revalidation: string };
    subscribe: (fn: () => void) => () => void;
  };
  const w = window as unknown as { __e2e: E2E };
  w.__e2e = { consentEvents: [], csp: [], hydrated: false, inflight: 0, lastActivity: performance.now(), layoutScript: false, trace: [] };
  const e2e = w.__e2e;
  // What the pointer, the forms, the layout and the page's requests did lately, printed when a test fails
  // (fixtures.ts): a click that sent nothing shows where its press and its release landed, and what moved.
  let routerWatched = false;
  const note = (entry: string) => {
    const router = (window as unknown as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter;
    if (router && !routerWatched) {
      routerWatched = true;
      let last = "";
      router.subscribe(() => {
        const now = `router ${router.state.navigation.state}${router.state.navigation.formMethod ? ` (${router.state.navigation.formMethod})` : ""}, revalidation ${router.state.revalidation}`;
        if (now !== last) note((last = now));
      });
    }
    e2e.trace.push(`${performance.now().toFixed(0).padStart(7)} ms  ${entry}`);
    if (e2e.trace.length > 60) e2e.trace.shift();
  };
  const describeTarget = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const text = (target.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const box = target.getBoundingClientRect();
    return `<${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ""}>${text ? ` "${text}"` : ""} [${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}]`;
  };
  // Whether the page lays anything out from script when the viewport changes (a ResizeObserver, a resize
  // listener, a width media query): only such a page needs frames to pass after a resize (layout-check.ts).
  const Observer = window.ResizeObserver;
  window.ResizeObserver = class extends Observer {
    constructor(callback: ResizeObserverCallback) {
      super(callback);
      e2e.layoutScript = true;
    }
  };
  const addListener = window.addEventListener.bind(window);
  window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) => {
    if (type === "resize") e2e.layoutScript = true;
    return addListener(type, ...rest);
  }) as typeof window.addEventListener;
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (query: string) => {
    if (/width|height|orientation|aspect/.test(query)) e2e.layoutScript = true;
    return matchMedia(query);
  };
  for (const type of ["pointerdown", "pointerup", "click", "submit", "focusin"])
    addListener(
      type,
      (e: Event) => note(`${type} ${describeTarget(e.target)}${e instanceof MouseEvent ? ` at ${e.clientX},${e.clientY}` : ""}`),
      true,
    );
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node: Node | null }[] })[])
        note(
          `layout shift ${entry.value.toFixed(3)}: ${(entry.sources ?? []).map((s) => describeTarget(s.node as Element | null)).join(", ")}`,
        );
    }).observe({ type: "layout-shift" });
  } catch {
    // A browser without layout-shift entries: the trace goes without them.
  }
  window.addEventListener("analytics-consent-changed", (e) => {
    e2e.consentEvents.push((e as CustomEvent).detail);
    // The app raises this event from its root effect, i.e. once React has hydrated and run its effects.
    e2e.hydrated = true;
  });
  document.addEventListener("securitypolicyviolation", (e) => {
    e2e.csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
  });
  // Every request the app makes goes through fetch (loaders' data, route discovery, forms, analytics): counted
  // so that waitForSettled knows when the page has nothing left in flight.
  const fetch = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    e2e.inflight += 1;
    e2e.lastActivity = performance.now();
    const [input, init] = args;
    const what = `${init?.method ?? (input instanceof Request ? input.method : "GET")} ${String(
      input instanceof Request ? input.url : input,
    )
      .replace(location.origin, "")
      .slice(0, 100)}`;
    note(`fetch ${what}`);
    try {
      const res = await fetch(...args);
      note(`fetch ${what} answered ${res.status}`);
      return res;
    } finally {
      e2e.inflight -= 1;
      e2e.lastActivity = performance.now();
    }
  };
}

/** The trace of every page of a context (see `note` in initScript), for a failed test's report. */
export async function pageTraces(context: BrowserContext): Promise<string> {
  const parts: string[] = [];
  for (const page of context.pages()) {
    const trace = await page
      .evaluate(() => (window as unknown as { __e2e?: { trace: string[] } }).__e2e?.trace ?? [])
      .catch(() => [] as string[]);
    if (trace.length) parts.push(`${page.url()}\n${trace.map((line) => `  ${line}`).join("\n")}`);
  }
  return parts.join("\n\n");
}

/** Makes a browser context look like its own client to the per-IP rate limits (see server.mjs). */
export async function asOwnClient(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "x-e2e-client-ip": `10.${rand()}.${rand()}.${rand()}` });
}
const rand = () => Math.floor(Math.random() * 254) + 1;

/** How long the page must stay settled: longer than React takes from a commit to its passive effects. */
const SETTLED_MS = 100;

/**
 * Waits until the page has settled: the document loaded, no fetch in flight, the router idle (no navigation,
 * revalidation or fetcher), React with nothing left to render, and all of it for SETTLED_MS in a row, so that requests an effect sends right after
 * a navigation commits (a page view) have started. Replaces Playwright's "networkidle", which waits half a
 * second after the last request of any kind on every call.
 */
export async function waitForSettled(page: Page) {
  await page.waitForFunction(
    (settledMs) => {
      type Router = {
        state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
        subscribe: (fn: () => void) => () => void;
      };
      const w = window as unknown as {
        __e2e?: { inflight: number; lastActivity: number; watching?: Router };
        __reactRouterDataRouter?: Router;
      };
      const e2e = w.__e2e;
      if (!e2e || document.readyState !== "complete") return false;
      const router = w.__reactRouterDataRouter;
      if (router && e2e.watching !== router) {
        e2e.watching = router;
        router.subscribe(() => (e2e.lastActivity = performance.now()));
      }
      const routerBusy =
        router !== undefined &&
        (router.state.navigation.state !== "idle" ||
          router.state.revalidation !== "idle" ||
          [...router.state.fetchers.values()].some((f) => f.state !== "idle"));
      // React renders a navigation in a transition, after the router is idle: under load the new page can
      // commit (and its effects run) well after that. The root fiber's pending lanes say whether it has.
      const rootKey = Object.keys(document).find((k) => k.startsWith("__reactContainer$"));
      const root = rootKey ? (document as unknown as Record<string, { stateNode?: { pendingLanes?: number } } | null>)[rootKey] : null;
      const reactBusy = (root?.stateNode?.pendingLanes ?? 0) !== 0;
      if (e2e.inflight > 0 || routerBusy || reactBusy) {
        e2e.lastActivity = performance.now();
        return false;
      }
      return performance.now() - e2e.lastActivity >= settledMs;
    },
    SETTLED_MS,
    { timeout: 15_000, polling: 25 },
  );
}

/** Waits until React has hydrated (the root's load-time consent event) and the page has settled. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __e2e?: { hydrated: boolean } }).__e2e?.hydrated === true, null, {
    timeout: 15_000,
  });
  await waitForSettled(page);
}

/** Same, for documents rendered by the root error boundary (it has no cookie banner, so no consent event). */
export async function waitForQuiet(page: Page) {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window, null, { timeout: 15_000 });
  await waitForSettled(page);
}

export async function gotoHydrated(page: Page, url: string) {
  const res = await page.goto(url);
  await waitForHydration(page);
  return res;
}

/** Toasts on screen, inside the labelled notifications region ("Notifications (F8)"). */
export const toasts = (page: Page, locale: Locale = "en") =>
  page.getByRole("region", { name: tr(locale, "toast.region", { hotkey: "F8" }) }).locator(".toast");

export const consentEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2e: { consentEvents: { granted: boolean }[] } }).__e2e.consentEvents);

/** Marks the current document; `isSameDocument` tells whether a navigation stayed client-side. */
export const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __doc: string }).__doc = "marked"));
export const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __doc?: string }).__doc === "marked");

// Cookies

export const cookie = (name: string, value: string) => ({ name, value, url: BASE_URL });
export const consentValue = (analytics: boolean) => encodeURIComponent(JSON.stringify({ essentials: true, analytics }));

export async function setConsentCookie(context: BrowserContext, analytics: boolean) {
  await context.addCookies([cookie("cookie_consent", consentValue(analytics))]);
}
export async function setThemeCookie(context: BrowserContext, theme: "light" | "dark" | "system") {
  await context.addCookies([cookie("theme", theme)]);
}
export async function setLanguageCookie(context: BrowserContext, locale: Locale) {
  await context.addCookies([cookie("lng", locale)]);
}

export async function getCookie(context: BrowserContext, name: string) {
  return (await context.cookies(BASE_URL)).find((c) => c.name === name);
}

/** Collects CSP violations recorded so far in a page (console errors are collected automatically). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2e?: { csp: string[] } }).__e2e?.csp ?? []);
}

/** The unread count the bell's name says, once hydrated. */
export async function unreadInBell(page: Page, locale: Locale): Promise<number> {
  await expect(page.locator("header summary[aria-label]").first()).toBeVisible();
  const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const many = new RegExp(`^${escape(tr(locale, "notifications.unread_other", { count: 12345 })).replace("12345", "(\\d+)")}$`);
  const one = tr(locale, "notifications.unread_one", { count: 1 });
  for (const label of await page
    .locator("header summary[aria-label]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""))) {
    if (label === one) return 1;
    const m = many.exec(label);
    if (m) return Number(m[1]);
  }
  throw new Error("no notification bell in the header");
}
