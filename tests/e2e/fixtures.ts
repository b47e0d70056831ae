/**
 * Shared helpers for the end-to-end suite.
 *
 * - `diagnostics` (automatic): every browser context a test uses is watched; the test fails on any console
 *   error (CSP violations and React hydration errors are console errors), any uncaught page error, any
 *   `securitypolicyviolation` event and any failed sub-resource (status ≥ 400) unless the test allowed it.
 *   "Failed to load resource" console lines are covered by the response check instead, so a page that is
 *   meant to answer 404/503 does not fail the test by itself.
 * - `adminState` (worker): one sign-in of the demo admin per worker, reused (sign-in is rate limited).
 * - `admin`: an API client signed in as the admin; `site`: setting toggles that wait until the change is
 *   visible and restore the previous values (and turn maintenance off) when the test ends.
 * - helpers to wait for hydration, read locale files, set preference cookies and fetch raw HTML.
 */
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";

import { workerPort } from "./port";

export { expect };

export const BASE_URL = `http://localhost:${workerPort()}`;
export const ADMIN = { email: "admin@demo.nexoindie.test", password: "demo-admin-2026" } as const;
export const LOCALES = ["es", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const SITE_NAME = "Nexo Indie";
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

// ---------------------------------------------------------------------------------------------------------
// Locale strings, read from the app's own files so a test proves the page shows the translated text.

type Json = { [k: string]: unknown };
const localeCache = new Map<string, Json>();
export function strings(locale: Locale, ns = "common"): Json {
  const key = `${locale}/${ns}`;
  if (!localeCache.has(key)) {
    localeCache.set(key, JSON.parse(readFileSync(join(process.cwd(), "app/i18n/locales", locale, `${ns}.json`), "utf8")) as Json);
  }
  return localeCache.get(key)!;
}

/** tr("es", "consent.title") or tr("es", "site:home.title"); {{site}} is filled with the site name. */
export function tr(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":") as [string, string]) : ["common", key];
  let value: unknown = strings(locale, ns);
  for (const part of path.split(".")) value = (value as Json | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`No string ${locale}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? (name === "site" ? SITE_NAME : `{{${name}}}`)));
}

/** The page title format of SPEC §9, translated. */
export const fullTitle = (locale: Locale, title: string) => tr(locale, "siteTitle", { title });

// ---------------------------------------------------------------------------------------------------------
// Browser helpers

/** Runs in every document before the app: records consent events, CSP violations and hydration. */
function initScript() {
  const w = window as unknown as { __e2e: { consentEvents: unknown[]; csp: string[]; hydrated: boolean } };
  w.__e2e = { consentEvents: [], csp: [], hydrated: false };
  window.addEventListener("analytics-consent-changed", (e) => {
    w.__e2e.consentEvents.push((e as CustomEvent).detail);
    // The app raises this event from its root effect, i.e. once React has hydrated and run its effects.
    w.__e2e.hydrated = true;
  });
  document.addEventListener("securitypolicyviolation", (e) => {
    w.__e2e.csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
  });
}

/** Makes a browser context look like its own client to the per-IP rate limits (see server.mjs). */
export async function asOwnClient(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ "x-e2e-client-ip": `10.${rand()}.${rand()}.${rand()}` });
}
const rand = () => Math.floor(Math.random() * 254) + 1;

/** Waits until React has hydrated (the root's load-time consent event) and the network is quiet. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __e2e?: { hydrated: boolean } }).__e2e?.hydrated === true, null, {
    timeout: 15_000,
  });
  await page.waitForLoadState("networkidle");
}

/** Same, for documents rendered by the root error boundary (it has no cookie banner, so no consent event). */
export async function waitForQuiet(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterRouteModules" in window, null, { timeout: 15_000 });
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

// ---------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------
// Raw HTTP

/** A GET from a fresh, cookie-less client: what a first-time visitor (or crawler) receives. */
export async function rawGet(playwright: PlaywrightWorkerArgs["playwright"], path: string, headers: Record<string, string> = {}) {
  const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
  try {
    const res = await ctx.get(path, { headers, maxRedirects: 0 });
    return { status: res.status(), headers: res.headers(), headersArray: res.headersArray(), text: await res.text() };
  } finally {
    await ctx.dispose();
  }
}

export function attr(html: string, tagRe: RegExp, name: string): string | undefined {
  const tag = html.match(tagRe)?.[0];
  return tag?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
}

export const htmlTag = (html: string) => html.match(/<html\b[^>]*>/)?.[0] ?? "";
export const titleOf = (html: string) => decodeEntities(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
export function decodeEntities(s: string) {
  return s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

// ---------------------------------------------------------------------------------------------------------
// Admin API

export class AdminApi {
  constructor(readonly request: APIRequestContext) {}

  async setSetting(key: "analytics_enabled" | "forum_enabled" | "i18n_missing_enabled" | "announcement", value: unknown) {
    const res = await this.request.put(`/api/v1/site/settings/${key}`, { data: { value }, headers: { origin: BASE_URL } });
    expect(res.status(), `PUT setting ${key}: ${await res.text()}`).toBe(200);
  }

  async setMaintenance(enabled: boolean, password?: string) {
    const res = await this.request.put("/api/v1/site/maintenance", {
      data: password ? { enabled, password } : { enabled },
      headers: { origin: BASE_URL },
    });
    expect(res.status(), `PUT maintenance: ${await res.text()}`).toBe(200);
  }
}

type Flags = { analytics_enabled: boolean; forum_enabled: boolean; i18n_missing_enabled: boolean };

/** Setting toggles that wait until an anonymous visitor sees the change (settings are cached ≤ 3 s). */
export class SiteSettings {
  private restoreFlags = new Map<keyof Flags, boolean>();
  private maintenanceTouched = false;

  constructor(
    private readonly admin: AdminApi,
    private readonly anon: APIRequestContext,
  ) {}

  private async flags(): Promise<Flags | null> {
    const res = await this.anon.get("/api/v1/site/flags");
    return res.status() === 200 ? ((await res.json()) as Flags) : null;
  }

  async setFlag(key: keyof Flags, value: boolean) {
    if (!this.restoreFlags.has(key)) {
      const current = await this.flags();
      this.restoreFlags.set(key, current?.[key] ?? false);
    }
    await this.admin.setSetting(key, value);
    await expect
      .poll(async () => (await this.flags())?.[key], {
        message: `flag ${key} becomes ${value}`,
        timeout: 8_000,
        intervals: [100, 250, 500],
      })
      .toBe(value);
  }

  async enableMaintenance(password: string) {
    this.maintenanceTouched = true;
    await this.admin.setMaintenance(true, password);
    await expect
      .poll(async () => (await this.anon.get("/api/v1/site/flags")).status(), {
        message: "maintenance on",
        timeout: 8_000,
        intervals: [100, 250, 500],
      })
      .toBe(503);
  }

  async disableMaintenance() {
    await this.admin.setMaintenance(false);
    await expect
      .poll(async () => (await this.anon.get("/api/v1/site/flags")).status(), {
        message: "maintenance off",
        timeout: 8_000,
        intervals: [100, 250, 500],
      })
      .toBe(200);
  }

  /** Puts back whatever the test changed. */
  async restore() {
    if (this.maintenanceTouched) await this.disableMaintenance();
    for (const [key, value] of this.restoreFlags) {
      await this.admin.setSetting(key, value);
      await expect.poll(async () => (await this.flags())?.[key], { timeout: 8_000 }).toBe(value);
    }
  }
}

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
};

function createDiagnostics(): Diagnostics {
  const problems: string[] = [];
  const allowedResponses: { url: RegExp; status?: number }[] = [];
  const allowedConsole: RegExp[] = [];
  const watched = new WeakSet<BrowserContext>();
  const pendingAborts: { problem: string; dropped: boolean }[] = [];
  const lastNavigation = new WeakMap<Page, number>();
  const d: Diagnostics = {
    problems,
    finish: () => [...new Set([...problems, ...pendingAborts.filter((a) => !a.dropped).map((a) => a.problem)])],
    allowResponse: (url, status) => allowedResponses.push({ url, status }),
    allowConsole: (text) => allowedConsole.push(text),
    async watch(context) {
      if (watched.has(context)) return;
      watched.add(context);
      await context.addInitScript(initScript);
      context.on("console", (msg) => {
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
      context.on("weberror", (err) => {
        problems.push(`uncaught page error on ${err.page()?.url() ?? "?"}: ${err.error().message}`);
      });
      context.on("response", (res) => {
        const req = res.request();
        if (res.status() < 400 || req.resourceType() === "document") return;
        const url = res.url();
        if (allowedResponses.some((a) => a.url.test(url) && (a.status === undefined || a.status === res.status()))) return;
        problems.push(`${req.method()} ${url} (${req.resourceType()}) answered ${res.status()}`);
      });
      const track = (page: Page) => {
        page.on("framenavigated", (frame) => {
          if (frame === page.mainFrame()) lastNavigation.set(page, Date.now());
        });
      };
      context.pages().forEach(track);
      context.on("page", (page) => {
        track(page);
        page.on("load", () => {
          // CSP violations recorded by the init script (in addition to the console message).
          void page
            .evaluate(() => (window as unknown as { __e2e?: { csp: string[] } }).__e2e?.csp ?? [])
            .then((list) => list.forEach((v) => problems.push(`CSP violation on ${page.url()}: ${v}`)))
            .catch(() => undefined);
        });
      });
    },
  };
  return d;
}

/** Collects CSP violations recorded so far in a page (console errors are collected automatically). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2e?: { csp: string[] } }).__e2e?.csp ?? []);
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures

type TestFixtures = {
  diagnostics: Diagnostics;
  admin: AdminApi;
  site: SiteSettings;
  /** A new browser context, watched by diagnostics and closed at the end. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};
type WorkerFixtures = { adminState: StorageState };

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

  diagnostics: [
    async ({ context }, use) => {
      const d = createDiagnostics();
      await d.watch(context);
      await use(d);
      // Give late console messages of the last page a moment to arrive.
      for (const page of context.pages()) {
        const list = await cspViolations(page).catch(() => [] as string[]);
        list.forEach((v) => d.problems.push(`CSP violation on ${page.url()}: ${v}`));
      }
      expect(d.finish(), "console errors, page errors, CSP violations or failed resources").toEqual([]);
    },
    { auto: true },
  ],

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

  newContext: async ({ browser, diagnostics }, use) => {
    const made: BrowserContext[] = [];
    await use(async (options) => {
      const ctx = await (browser as Browser).newContext({ baseURL: BASE_URL, ...options });
      await diagnostics.watch(ctx);
      made.push(ctx);
      return ctx;
    });
    for (const ctx of made) await ctx.close();
  },
});

// ---------------------------------------------------------------------------------------------------------
// Accessibility

/**
 * axe-core with the WCAG 2.0/2.1/2.2 A and AA rules. The engine is the project's own axe-core (the newest
 * release), not the older copy @axe-core/playwright bundles (its newest release needs Node 22), so rules
 * such as label-content-name-mismatch are checked.
 */
const AXE_SOURCE = readFileSync(join(process.cwd(), "node_modules/axe-core/axe.min.js"), "utf8");
const AXE_VERSION = (JSON.parse(readFileSync(join(process.cwd(), "node_modules/axe-core/package.json"), "utf8")) as { version: string })
  .version;
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * Rules run whatever their tags (axe has tagged some experimental, or only under one WCAG version, in some
 * releases): WCAG 2.5.3 Label in Name (the accessible name contains the visible text).
 */
const ALWAYS_RUN = ["label-content-name-mismatch"];

/**
 * `only` runs just the named rules: after a theme switch only the colour rules can answer differently
 * (a11y-site.spec.ts), so the second theme costs a fraction of a full run.
 */
export async function expectNoViolations(page: Page, label: string, only?: string[]) {
  // @axe-core/playwright is typed against its own playwright-core; the page object is the same at run time.
  const results = await new AxeBuilder({
    page: page as unknown as ConstructorParameters<typeof AxeBuilder>[0]["page"],
    axeSource: AXE_SOURCE,
  })
    // The tag set, plus rules enabled by name (`rules` wins over `runOnly` tags in axe's ruleShouldRun).
    .options(
      only
        ? { runOnly: { type: "rule", values: only } }
        : { runOnly: { type: "tag", values: TAGS }, rules: Object.fromEntries(ALWAYS_RUN.map((id) => [id, { enabled: true }])) },
    )
    .analyze();
  const report = results.violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => `      - ${n.target.join(" ")}\n        ${n.failureSummary?.replace(/\n/g, "\n        ")}`)
        .join("\n");
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n    ${v.helpUrl}\n${nodes}`;
    })
    .join("\n");
  expect(results.violations.length, `axe violations on ${label} (${page.url()}):\n${report}`).toBe(0);
  // axe actually looked at the page, with the engine we installed.
  expect(results.testEngine.version, "axe-core engine").toBe(AXE_VERSION);
  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((r) => r.id));
  if (only) {
    for (const id of only) expect(ran.has(id), `axe rule ${id} ran on ${label}`).toBe(true);
    return;
  }
  expect(results.passes.length, `axe ran on ${label}`).toBeGreaterThan(10);
  for (const id of ALWAYS_RUN) expect(ran.has(id), `axe rule ${id} ran on ${label}`).toBe(true);
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
