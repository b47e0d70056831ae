import type { Page, Response } from "@playwright/test";
import {
  ADMIN,
  asOwnClient,
  BASE_URL,
  expect,
  getCookie,
  htmlTag,
  rawGet,
  setConsentCookie,
  setLanguageCookie,
  test,
  titleOf,
  tr,
  waitForHydration,
  type Diagnostics,
} from "./fixtures";

/**
 * SPEC §2/§8/§9 maintenance gate, seen by a Spanish visitor (lng=es). The `site` fixture turns maintenance
 * off again when each test ends, whatever happens. Unlock attempts are rate limited (5 a minute per IP), so
 * this file makes one wrong attempt and one right one.
 */
const UNLOCK = `${BASE_URL}/api/v1/site/maintenance/unlock`;
const newPassword = () => `Mant-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function expectGate(html: string, locale: "es" | "en") {
  expect(htmlTag(html)).toContain(`lang="${locale}"`);
  expect(titleOf(html)).toBe(`${tr(locale, "maintenance.title")} | Nexo Indie`);
  expect(html).toContain(`>${tr(locale, "maintenance.title")}</h1>`);
  expect(html).toContain(tr(locale, "maintenance.subtitle"));
  expect(html).toMatch(/<input[^>]*type="password"/);
  expect(html).toContain(`>${tr(locale, "maintenance.submit")}</button>`);
  expect(html).toContain('action="/api/v1/site/maintenance/unlock"');
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
}

/** Records the body of every response a page receives (HTML, JS, CSS, JSON…). */
function recordBodies(page: Page) {
  const pending: Promise<{ url: string; body: string }>[] = [];
  page.on("response", (res: Response) => {
    const status = res.status();
    if (status >= 300 && status < 400) {
      pending.push(Promise.resolve({ url: res.url(), body: JSON.stringify(res.headers()) }));
      return;
    }
    pending.push(
      res
        .body()
        .then((b) => ({ url: res.url(), body: b.toString("utf8") + "\n" + JSON.stringify(res.headers()) }))
        .catch(() => ({ url: res.url(), body: "" })),
    );
  });
  return async () => Promise.all(pending);
}

test.beforeEach(async ({ context }) => {
  await setLanguageCookie(context, "es");
  await setConsentCookie(context, false);
});

test("pages and APIs answer 503 with the gate while /api/health stays up", async ({ site, page, playwright }) => {
  await site.enableMaintenance(newPassword());

  for (const path of ["/", "/es/about", "/resources", "/search?q=x", "/no-such-page", "/es/privacy-policy"]) {
    const res = await rawGet(playwright, path, { cookie: "lng=es" });
    expect(res.status, path).toBe(503);
    expect(res.headers["content-type"], path).toContain("text/html");
    expect(res.headers["cache-control"], path).toContain("no-store");
    expect(res.headers["retry-after"], path).toBeTruthy();
    expect(res.headers["content-security-policy"], path).toMatch(/script-src 'nonce-[^']+'/);
    expectGate(res.text, "es");
  }
  // Language rules still apply: an English page gets the English gate.
  expectGate((await rawGet(playwright, "/en/about")).text, "en");
  expect((await rawGet(playwright, "/en/about")).status).toBe(503);

  for (const path of ["/api/v1/site/flags", "/api/v1/site/consent", "/api/v1/site/geolocation", "/api/v1/nothing-here"]) {
    const res = await rawGet(playwright, path, { cookie: "lng=es" });
    expect(res.status, path).toBe(503);
    expect(JSON.parse(res.text), path).toEqual({ error: { code: "site.maintenance" } });
  }
  const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
  const post = await ctx.post("/api/v1/analytics/pageview", {
    headers: { origin: BASE_URL },
    data: { pagePath: "/", visitorId: crypto.randomUUID() },
  });
  expect(post.status()).toBe(503);
  await ctx.dispose();

  const health = await rawGet(playwright, "/api/health");
  expect(health.status).toBe(200);
  expect(JSON.parse(health.text).status).toBe("ok");

  // In the browser.
  const res = await page.goto("/");
  expect(res?.status()).toBe(503);
  await expect(page).toHaveTitle("Sitio en Mantenimiento | Nexo Indie");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitio en Mantenimiento");
  await expect(page.getByText("Acceso restringido")).toBeVisible();
  await expect(page.getByLabel("Contraseña")).toBeFocused();
  await expect(page.getByLabel("Contraseña")).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
});

test("a wrong password is refused after about 500 ms with the 'Error de Acceso' toast", async ({ site, page, context }) => {
  await site.enableMaintenance(newPassword());
  await page.goto("/es/about");
  await page.getByLabel("Contraseña").fill("definitely-not-the-password");
  const started = Date.now();
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url() === UNLOCK && r.request().method() === "POST"),
    page.getByRole("button", { name: "Entrar" }).click(),
  ]);
  const elapsed = Date.now() - started;
  const timing = res.request().timing();
  const serverTime = timing.responseStart > 0 ? timing.responseStart : elapsed;
  expect(serverTime, `answer time (timing ${timing.responseStart} ms, wall ${elapsed} ms)`).toBeGreaterThanOrEqual(450);
  // Post/Redirect/Get: the page's own address shows the gate with the error, not the unlock address.
  expect(res.status()).toBe(303);
  await expect(page).toHaveURL(`${BASE_URL}/es/about`);

  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Error de Acceso");
  await expect(alert).toContainText("La contraseña introducida es incorrecta.");
  await expect(page.getByLabel("Contraseña")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sitio en Mantenimiento");
  expect(await getCookie(context, "maint_unlock")).toBeUndefined();

  // F8 focuses the notifications region; the toast goes away by itself after 5 s.
  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notificaciones (F8)" })).toBeFocused();
  await expect(alert).toHaveCount(0, { timeout: 7000 });

  // Still locked.
  const again = await page.goto("/es/about");
  expect(again?.status()).toBe(503);
});

test("the right password opens the site with a session-only, HttpOnly cookie, and is never sent to the browser", async ({
  site,
  page,
  context,
  playwright,
}) => {
  const password = newPassword();
  await site.enableMaintenance(password);
  const bodies = recordBodies(page);

  const gate = await page.goto("/es/about");
  expect(gate?.status()).toBe(503);
  await page.getByLabel("Contraseña").fill(password);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url() === UNLOCK && r.request().method() === "POST"),
    page.getByRole("button", { name: "Entrar" }).click(),
  ]);
  expect(res.status()).toBe(303);
  await expect(page).toHaveURL(`${BASE_URL}/es/about`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "about:about.title"));

  const unlock = await getCookie(context, "maint_unlock");
  expect(unlock, "unlock cookie").toBeTruthy();
  expect(unlock!.httpOnly).toBe(true);
  expect(unlock!.expires, "a session cookie (no expiry)").toBe(-1);
  expect(unlock!.path).toBe("/");
  expect(unlock!.value).not.toContain(password);

  // The whole site is open for this browser: other pages and the API.
  await page.getByRole("contentinfo").getByRole("link", { name: "Política de privacidad" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/es/privacy-policy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "legal:privacy.title"));
  expect(await page.evaluate(async () => (await fetch("/api/v1/site/flags")).status)).toBe(200);
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await waitForHydration(page);

  // Not for anyone else.
  expect((await rawGet(playwright, "/es/about", { cookie: "lng=es" })).status).toBe(503);
  // A forged cookie does not open it either.
  expect((await rawGet(playwright, "/es/about", { cookie: "maint_unlock=v1.forged" })).status).toBe(503);

  const all = await bodies();
  expect(all.length).toBeGreaterThan(5);
  expect(
    all.some((b) => b.url.includes("/assets/") && b.url.endsWith(".js")),
    "JavaScript was checked too",
  ).toBe(true);
  for (const { url, body } of all) {
    expect(body.includes(password), `password found in ${url}`).toBe(false);
    expect(body.includes("$argon2"), `password hash found in ${url}`).toBe(false);
    expect(body.includes("passwordHash"), `password hash field found in ${url}`).toBe(false);
  }
});

test("signed-in admins pass the gate", async ({ site, newContext, adminState, playwright }) => {
  const password = newPassword();
  await site.enableMaintenance(password);
  const ctx = await newContext({ storageState: adminState });
  await setLanguageCookie(ctx, "es");
  await setConsentCookie(ctx, false);
  const page = await ctx.newPage();
  const bodies = recordBodies(page);
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "site:home.heroTitle"));
  expect((await ctx.request.get("/api/v1/site/flags")).status()).toBe(200);
  // Visitors are still held at the gate.
  expect((await rawGet(playwright, "/", { cookie: "lng=es" })).status).toBe(503);
  for (const { url, body } of await bodies()) {
    expect(body.includes(password), `password found in ${url}`).toBe(false);
  }
});

test("turning maintenance off opens the site for everyone again", async ({ site, playwright }) => {
  await site.enableMaintenance(newPassword());
  expect((await rawGet(playwright, "/es/")).status).toBe(503);
  await site.disableMaintenance();
  expect((await rawGet(playwright, "/es/")).status).toBe(200);
  expect((await rawGet(playwright, "/api/v1/site/flags")).status).toBe(200);
});

/**
 * The sign-in pages stay open during maintenance, so a signed-out admin signs in (from the
 * gate's "Site team? Sign in" link) and reaches the site; anyone else who signs in is still held at the gate.
 */
async function signInFromGate(page: Page, locale: "es" | "en", who: { email: string; password: string }) {
  const gate = await page.goto(`/${locale}/about`);
  expect(gate?.status()).toBe(503);
  await page.getByRole("link", { name: tr(locale, "maintenance.teamSignIn") }).click();
  await expect(page).toHaveURL(`${BASE_URL}/${locale}/auth/login?redirectTo=${encodeURIComponent(`/${locale}/about`)}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "auth:login.title"));
  await page.getByLabel(tr(locale, "auth:fields.email")).fill(who.email);
  await page.getByLabel(tr(locale, "auth:fields.password"), { exact: true }).fill(who.password);
  await page.getByRole("button", { name: tr(locale, "auth:login.submit") }).click();
}

/** The sign-in page's own requests that the gate still answers 503 (the runtime flags), signed out. */
const allowGatedCalls = (diagnostics: Diagnostics) => diagnostics.allowResponse(/\/api\/v1\/site\/flags$/, 503);

for (const locale of ["es", "en"] as const) {
  test(`a signed-out admin signs in during maintenance and reaches the site (${locale})`, async ({ site, newContext, diagnostics }) => {
    await site.enableMaintenance(newPassword());
    allowGatedCalls(diagnostics);
    const ctx = await newContext();
    await asOwnClient(ctx);
    await setLanguageCookie(ctx, locale);
    await setConsentCookie(ctx, false);
    const page = await ctx.newPage();
    await signInFromGate(page, locale, ADMIN);
    await expect(page).toHaveURL(`${BASE_URL}/${locale}/about`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "about:about.title"));
    const home = await page.goto(`/${locale}/`);
    expect(home?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "site:home.heroTitle"));
    expect((await ctx.request.get("/api/v1/site/flags")).status()).toBe(200);
    expect(await getCookie(ctx, "maint_unlock")).toBeUndefined();
  });
}

test("a member who signs in during maintenance still sees the maintenance page", async ({ site, newContext, diagnostics }) => {
  await site.enableMaintenance(newPassword());
  allowGatedCalls(diagnostics);
  diagnostics.allowResponse(/\/en\/about$/, 503);
  const ctx = await newContext();
  await asOwnClient(ctx);
  await setLanguageCookie(ctx, "en");
  await setConsentCookie(ctx, false);
  const page = await ctx.newPage();
  await signInFromGate(page, "en", { email: "lucia.juega@demo.nexoindie.test", password: "demo-creator-2026" });
  await expect(page).toHaveURL(`${BASE_URL}/en/about`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "maintenance.title"));
  expect((await ctx.request.get("/api/v1/site/flags")).status()).toBe(503);
  // Registering stays closed.
  expect((await ctx.request.get("/en/auth/register")).status()).toBe(503);
});
