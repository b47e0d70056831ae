/**
 * The end-to-end suite's fixtures; every spec imports from here (the helpers live in site.ts, browser.ts,
 * raw-http.ts, admin-api.ts and axe.ts, and are re-exported).
 *
 * - `diagnostics` (automatic): every browser context a test uses is watched; the test fails on any console
 *   error (CSP violations and React hydration errors are console errors), any uncaught page error, any
 *   `securitypolicyviolation` event and any failed sub-resource (status ≥ 400) unless the test allowed it.
 *   "Failed to load resource" console lines are covered by the response check instead, so a page that is
 *   meant to answer 404/503 does not fail the test by itself. A failed test prints what its pages did last
 *   (presses, releases, clicks, submits, focus, layout shifts, fetches, router states: browser.ts).
 * - `adminState` (worker): one sign-in of the demo admin per worker, reused (sign-in is rate limited).
 * - `admin`: an API client signed in as the admin; `site`: setting toggles that wait until the change is
 *   visible and restore the previous values (and turn maintenance off) when the test ends.
 * - helpers to wait for hydration, read locale files, set preference cookies and fetch raw HTML.
 */
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Frame,
  type Page,
  type Response,
  type TestInfo,
  type WebError,
} from "@playwright/test";
import { AdminApi, SiteSettings } from "./admin-api";
import { cspViolations, initScript, pageTraces } from "./browser";
import { ADMIN, BASE_URL } from "./site";

export { expect };
export * from "./admin-api";
export * from "./axe";
export * from "./browser";
export * from "./raw-http";
export * from "./site";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// ---------------------------------------------------------------------------------------------------------
// Diagnostics

export type Diagnostics = {
  /** Watch another context (e.g. one made with browser.newContext) the same way. */
  watch: (context: BrowserContext) => Promise<void>;
  /** Accept failed responses whose URL matches (and, optionally, whose status is the given one). */
  allowResponse: (url: RegExp, status?: number) => void;
  /** Accept console errors matching this pattern (use sparingly, say why). */
  allowConsole: (text: RegExp) => void;
  problems: string[];
  /** Problems still standing at the end of the test. */
  finish: () => string[];
  /** Stops listening (at the end of the test). */
  release: () => void;
};

/** Contexts that already run the init script (a context shared by several tests gets it once). */
const withInitScript = new WeakSet<BrowserContext>();

/**
 * Pages the header links to that are not built yet: their data answers 404 when a link to them is followed or
 * prefetched (a link with prefetch="intent" fetches on focus, so any test that tabs past it may see one).
 * Remove an entry when its page lands.
 */
const NOT_BUILT_YET: { url: RegExp; status: number }[] = [];

function createDiagnostics(): Diagnostics {
  const problems: string[] = [];
  const allowedResponses: { url: RegExp; status?: number }[] = [...NOT_BUILT_YET];
  const allowedConsole: RegExp[] = [];
  const watched = new WeakSet<BrowserContext>();
  const pendingAborts: { problem: string; dropped: boolean }[] = [];
  const lastNavigation = new WeakMap<Page, number>();
  /** Every listener this test added, removed by `release` (a shared context outlives the test). */
  const listeners: (() => void)[] = [];
  const listen = <T extends BrowserContext | Page>(target: T, event: string, handler: (...args: never[]) => void) => {
    (target as unknown as { on: (e: string, h: typeof handler) => void }).on(event, handler);
    listeners.push(() => (target as unknown as { off: (e: string, h: typeof handler) => void }).off(event, handler));
  };
  const d: Diagnostics = {
    problems,
    finish: () => [...new Set([...problems, ...pendingAborts.filter((a) => !a.dropped).map((a) => a.problem)])],
    release: () => listeners.splice(0).forEach((off) => off()),
    allowResponse: (url, status) => allowedResponses.push({ url, status }),
    allowConsole: (text) => allowedConsole.push(text),
    async watch(context) {
      if (watched.has(context)) return;
      watched.add(context);
      if (!withInitScript.has(context)) {
        withInitScript.add(context);
        await context.addInitScript(initScript);
      }
      listen(context, "console", (msg: ConsoleMessage) => {
        if (msg.type() !== "error") return;
        const text = msg.text();
        // Document/resource statuses are judged from the responses below.
        if (/^Failed to load resource: the server responded with a status of \d+/.test(text)) return;
        if (allowedConsole.some((re) => re.test(text))) return;
        const page = msg.page();
        const problem = `console error on ${page?.url() ?? "?"}: ${text}`;
        // React Router logs this when its route-discovery request is cut off because the document is being
        // left (a full navigation or reload). That is the browser leaving, not an error of the page: it only
        // counts if the page does not navigate away right after.
        if (page && /^Failed to fetch manifest patches TypeError: Failed to fetch/.test(text)) {
          const entry = { problem, dropped: Date.now() - (lastNavigation.get(page) ?? 0) < 1500 };
          const onNav = (frame: Frame) => {
            if (frame === page.mainFrame()) entry.dropped = true;
          };
          page.on("framenavigated", onNav);
          page.once("close", () => (entry.dropped = true));
          pendingAborts.push(entry);
          setTimeout(() => page.off("framenavigated", onNav), 5000);
          return;
        }
        problems.push(problem);
      });
      listen(context, "weberror", (err: WebError) => {
        problems.push(`uncaught page error on ${err.page()?.url() ?? "?"}: ${err.error().message}`);
      });
      listen(context, "response", (res: Response) => {
        const req = res.request();
        if (res.status() < 400 || req.resourceType() === "document") return;
        const url = res.url();
        if (allowedResponses.some((a) => a.url.test(url) && (a.status === undefined || a.status === res.status()))) return;
        problems.push(`${req.method()} ${url} (${req.resourceType()}) answered ${res.status()}`);
      });
      const track = (page: Page) => {
        listen(page, "framenavigated", (frame: Frame) => {
          if (frame === page.mainFrame()) lastNavigation.set(page, Date.now());
        });
        listen(page, "load", () => {
          // CSP violations recorded by the init script (in addition to the console message).
          void page
            .evaluate(() => (window as unknown as { __e2e?: { csp: string[] } }).__e2e?.csp ?? [])
            .then((list) => list.forEach((v) => problems.push(`CSP violation on ${page.url()}: ${v}`)))
            .catch(() => undefined);
        });
      };
      context.pages().forEach(track);
      listen(context, "page", track);
    },
  };
  return d;
}

/** Prints, for a failed test, what each of its contexts' pages did last (browser.ts, `note`). */
async function printTraces(testInfo: TestInfo, contexts: BrowserContext[]) {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const context of contexts) {
    const text = await pageTraces(context).catch(() => "");
    // Printed whole (the reporters shorten an attachment to its first lines).
    if (text) console.log(`What the page did last (${testInfo.title}):\n${text}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures

type TestFixtures = {
  diagnostics: Diagnostics;
  admin: AdminApi;
  site: SiteSettings;
  /** A new browser context, watched by diagnostics and closed at the end. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /**
   * The page of a context this worker keeps for `key` (made with `options` the first time), watched by
   * diagnostics for this test. For sweeps over many pages by the same person: the context's HTTP cache and
   * compiled scripts carry over, as they do for a person browsing. A test leaves nothing in it that the next
   * one would see (it sets its viewport, and a navigation resets the document).
   */
  sharedPage: (key: string, options: BrowserContextOptions) => Promise<Page>;
};
type WorkerFixtures = { adminState: StorageState; sharedContexts: Map<string, BrowserContext> };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // This worker's own site (port.ts): `page.goto("/…")` and the default context reach it.
  baseURL: BASE_URL,

  adminState: [
    async ({ playwright }, use) => {
      const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
      const res = await ctx.post("/api/auth/sign-in/email", { data: ADMIN, headers: { origin: BASE_URL } });
      expect(res.status(), `admin sign-in: ${await res.text()}`).toBe(200);
      const state = await ctx.storageState();
      await ctx.dispose();
      await use(state);
    },
    { scope: "worker" },
  ],

  sharedContexts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const contexts = new Map<string, BrowserContext>();
      await use(contexts);
      for (const ctx of contexts.values()) await ctx.close();
    },
    { scope: "worker" },
  ],

  // Not tied to the default context: a test that only uses contexts of its own does not make one.
  diagnostics: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const d = createDiagnostics();
      await use(d);
      d.release();
      expect(d.finish(), "console errors, page errors, CSP violations or failed resources").toEqual([]);
    },
    { auto: true },
  ],

  // The default context, watched; CSP violations its pages recorded are collected before the verdict.
  context: async ({ context, diagnostics }, use, testInfo) => {
    // A reused context keeps what a test set on it with setExtraHTTPHeaders (asOwnClient): start from none.
    await context.setExtraHTTPHeaders({});
    await diagnostics.watch(context);
    await use(context);
    await printTraces(testInfo, [context]);
    // Give late console messages of the last page a moment to arrive.
    for (const page of context.pages()) {
      const list = await cspViolations(page).catch(() => [] as string[]);
      list.forEach((v) => diagnostics.problems.push(`CSP violation on ${page.url()}: ${v}`));
    }
  },

  sharedPage: async ({ browser, diagnostics, sharedContexts }, use, testInfo) => {
    const used = new Set<BrowserContext>();
    await use(async (key, options) => {
      let ctx = sharedContexts.get(key);
      if (!ctx) {
        ctx = await (browser as Browser).newContext({ baseURL: BASE_URL, reducedMotion: "reduce", ...options });
        sharedContexts.set(key, ctx);
      }
      used.add(ctx);
      await diagnostics.watch(ctx);
      return ctx.pages()[0] ?? (await ctx.newPage());
    });
    await printTraces(testInfo, [...used]);
  },

  admin: async ({ playwright, adminState }, use) => {
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL, storageState: adminState });
    await use(new AdminApi(ctx));
    await ctx.dispose();
  },

  site: async ({ admin, playwright }, use) => {
    const anon = await playwright.request.newContext({ baseURL: BASE_URL });
    const site = new SiteSettings(admin, anon);
    try {
      await use(site);
    } finally {
      await site.restore();
      await anon.dispose();
    }
  },

  newContext: async ({ browser, diagnostics }, use, testInfo) => {
    const made: BrowserContext[] = [];
    await use(async (options) => {
      // Reduced motion as in playwright.config.ts (a context made here does not read the config's options).
      const ctx = await (browser as Browser).newContext({ baseURL: BASE_URL, reducedMotion: "reduce", ...options });
      await diagnostics.watch(ctx);
      made.push(ctx);
      return ctx;
    });
    await printTraces(testInfo, made);
    for (const ctx of made) await ctx.close();
  },
});
