import type { BrowserContext } from "@playwright/test";
import {
  BASE_URL,
  expect,
  expectNoViolations,
  setConsentCookie,
  setLanguageCookie,
  setThemeCookie,
  test,
  waitForQuiet,
  type Locale,
} from "./fixtures";

/**
 * axe on every signed-in page of issue 3 (the public auth pages are in a11y.spec.ts), for the person each
 * page is for, in both languages and both themes.
 */
type Who = "creator" | "unverified" | "pendingCompany" | "verifiedCompany" | "admin";
const PASSWORDS = {
  creator: "demo-creator-2026",
  pendingCompany: "demo-company-2026",
  verifiedCompany: "demo-company-2026",
  admin: "demo-admin-2026",
};
const EMAILS = {
  creator: "lucia.juega@demo.nexoindie.test",
  pendingCompany: "team@demo.northwindpixel.test",
  verifiedCompany: "hola@demo.estudiobrisa.test",
  admin: "admin@demo.nexoindie.test",
};

const PAGES: [Who, string][] = [
  ["creator", "/dashboard"],
  ["creator", "/account"],
  ["creator", "/account/connections"],
  ["creator", "/account/security"],
  ["creator", "/account/data"],
  ["creator", "/auth/verify-email"],
  ["creator", "/u/lucia_juega"],
  ["unverified", "/dashboard?welcome=1"],
  ["unverified", "/auth/verify-email"],
  ["pendingCompany", "/company/verification"],
  ["verifiedCompany", "/company/verification"],
  ["verifiedCompany", "/dashboard"],
  ["verifiedCompany", "/company/estudio-brisa"],
  ["admin", "/dashboard"],
  ["admin", "/admin"],
  ["admin", "/admin/roles"],
  ["admin", "/admin/roles?q=lucia"],
  ["admin", "/admin/companies"],
  ["admin", "/admin/companies?status=verified"],
  ["admin", "/admin/mail"],
  ["admin", "/admin/settings"],
  ["admin", "/admin/audit"],
];

let ip = 0;
/** One API sign-in per person per worker (sign-in is rate limited), each from its own client address. */
const states = new Map<Who, Awaited<ReturnType<BrowserContext["storageState"]>>>();
test.beforeAll(async ({ playwright }) => {
  for (const who of ["creator", "pendingCompany", "verifiedCompany", "admin", "unverified"] as Who[]) {
    const ctx = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.77.0.${++ip}` },
    });
    const res =
      who === "unverified"
        ? await ctx.post("/api/auth/sign-up/email", {
            data: { email: `a11y-${Date.now()}@e2e.test`, password: "a11y-pass-2026", name: "a11y" },
          })
        : await ctx.post("/api/auth/sign-in/email", { data: { email: EMAILS[who], password: PASSWORDS[who] } });
    expect(res.status(), `${who}: ${await res.text()}`).toBe(200);
    states.set(who, await ctx.storageState());
    await ctx.dispose();
  }
});

test.use({ contextOptions: { reducedMotion: "reduce" } });

for (const theme of ["light", "dark"] as const) {
  for (const locale of ["es", "en"] as Locale[]) {
    test.describe(`${locale}, ${theme}`, () => {
      for (const [who, path] of PAGES) {
        test(`${who} ${path}`, async ({ newContext }) => {
          const context = await newContext({ storageState: states.get(who), reducedMotion: "reduce", colorScheme: theme });
          await setThemeCookie(context, theme);
          await setLanguageCookie(context, locale);
          await setConsentCookie(context, false);
          const page = await context.newPage();
          const res = await page.goto(`/${locale}${path}`);
          expect(res?.status(), path).toBe(200);
          expect(new URL(page.url()).pathname, "not redirected").toBe(`/${locale}${path.split("?")[0]}`);
          await waitForQuiet(page);
          await expectNoViolations(page, `${who} ${path} (${locale}, ${theme})`);
        });
      }
    });
  }
}
