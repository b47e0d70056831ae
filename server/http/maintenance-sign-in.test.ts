import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { cookiesFrom, testApp, type TestApp } from "#tests/support/app";

/**
 * During maintenance the sign-in pages and better-auth's sign-in endpoints stay reachable, so
 * a signed-out admin can sign in and pass the gate. Only an admin's session passes it for anything else: a
 * signed-in member still gets the maintenance page, and registering stays closed.
 */
let t: TestApp;
let ip = 0;
const ADMIN = { email: "gate-admin@example.test", password: "gate-admin-pass-1" };
const MEMBER = { email: "gate-member@example.test", password: "gate-member-pass-1" };

const headers = () => ({ "x-test-ip": `203.0.113.${++ip % 250}` });
const get = (path: string, cookie?: string) => t.request(path, { cookie, headers: headers() });
function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return t.request(path, {
    method: "POST",
    cookie,
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}
function postJson(path: string, body: unknown) {
  return t.request(path, { method: "POST", headers: { ...headers(), "content-type": "application/json" }, body: JSON.stringify(body) });
}

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const admin = await createUser(t.services.db, { ...ADMIN, roles: ["Admin"] });
  await createUser(t.services.db, MEMBER);
  await t.services.settings.write(
    "maintenance",
    { enabled: true, passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$x$y", changedAt: new Date().toISOString() },
    admin.id,
  );
});
afterAll(() => t.close());

describe("signing in during maintenance", () => {
  it("keeps the site behind the gate for visitors", async () => {
    for (const path of ["/", "/es/", "/en/about", "/api/v1/site/flags"]) expect((await get(path)).status, path).toBe(503);
  });

  it.each([
    ["/auth/login", "es", "Iniciar sesión"],
    ["/login", "es", "Iniciar sesión"],
    ["/es/auth/login", "es", "Iniciar sesión"],
    ["/es/login", "es", "Iniciar sesión"],
    ["/en/auth/login", "en", "Sign in"],
    ["/en/login", "en", "Sign in"],
  ])("opens the sign-in page %s (%s)", async (path, lang, title) => {
    const res = await t.request(path, { headers: { ...headers(), "accept-language": lang } });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`<html lang="${lang}"`);
    expect(body).toContain(`${title} |`);
    expect(body).toMatch(/<input[^>]*name="password"/);
    expect(body).not.toContain("maint_unlock");
  });

  it.each(["/es/auth/code", "/en/auth/code", "/es/auth/callback", "/en/auth/callback?error=INVALID_TOKEN"])(
    "opens %s, needed to finish signing in",
    async (path) => {
      expect((await get(path)).status).toBe(200);
    },
  );

  it.each([
    "/es/auth/register",
    "/en/register",
    "/en/auth/forgot-password",
    "/es/auth/reset-password",
    "/en/auth/login/extra",
    "/en/loginx",
  ])("keeps %s closed", async (path) => {
    expect((await get(path)).status).toBe(503);
  });

  it("answers React Router's data requests of gated pages with a document reload, so the browser meets the gate", async () => {
    for (const [path, page] of [
      ["/en/about.data?_routes=routes%2Fpages%2Fabout", "/en/about"],
      ["/es/_root.data?_routes=root", "/es/"],
      ["/_root.data", "/"],
      ["/en/community.data?sort=top&_routes=x", "/en/community?sort=top"],
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get("x-remix-redirect"), path).toBe(page);
      expect(res.headers.get("x-remix-reload-document"), path).toBe("true");
    }
    // The sign-in page's own data, the route manifest, translations and the logo it needs are not held.
    expect((await get("/images/logo.svg")).status).toBe(200);
    expect((await get("/locales/es/auth.json")).status).toBe(200);
    expect((await get("/en/auth/login.data?_routes=auth-login")).status).toBe(200);
    expect((await get("/__manifest?paths=%2Fen%2Fauth%2Flogin&version=x")).status).not.toBe(503);
  });

  it("keeps registering closed on the API", async () => {
    const res = await postJson("/api/auth/sign-up/email", {
      email: "new-in-maintenance@example.test",
      password: "sturdy-fern-42",
      name: "N",
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: "site.maintenance" } });
  });

  it("lets an admin sign in with the form and reach the site (both languages)", async () => {
    for (const lang of ["es", "en"] as const) {
      const signedIn = await postForm(`/${lang}/auth/login`, { ...ADMIN, redirectTo: "/about" });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get("location")).toBe(`/${lang}/about`);
      const cookie = cookiesFrom(signedIn);
      const page = await get(`/${lang}/about`, cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain("/api/v1/site/maintenance/unlock");
    }
  });

  it("lets an admin sign in through the API and pass the gate", async () => {
    const res = await postJson("/api/auth/sign-in/email", ADMIN);
    expect(res.status).toBe(200);
    const cookie = cookiesFrom(res);
    expect((await get("/en/", cookie)).status).toBe(200);
    expect((await get("/api/auth/get-session", cookie)).status).toBe(200);
  });

  it("signs a member in, who still sees the maintenance page everywhere else (both languages)", async () => {
    for (const lang of ["es", "en"] as const) {
      const signedIn = await postForm(`/${lang}/auth/login`, { ...MEMBER, redirectTo: "/about" });
      expect(signedIn.status).toBe(303);
      const cookie = cookiesFrom(signedIn);
      const page = await get(`/${lang}/about`, cookie);
      expect(page.status).toBe(503);
      const gate = await page.text();
      expect(gate).toContain(lang === "es" ? "Sitio en Mantenimiento" : "Site under maintenance");
      expect(gate).toContain("/api/v1/site/maintenance/unlock");
      expect((await get("/api/v1/site/flags", cookie)).status).toBe(503);
    }
  });
});
