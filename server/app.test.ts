import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, signIn, testApp, type TestApp } from "#tests/support/app";
import { createUser } from "#server/db/factories";
import { createCategory, createForum, createThreadWithPosts } from "#server/db/forum-factories";

describe("the HTTP app (Hono + React Router build)", () => {
  let t: TestApp;
  let adminCookie: string;
  let creatorCookie: string;

  beforeAll(async () => {
    t = await testApp();
    const admin = await createUser(t.services.db, { email: "root@example.test", password: "admin-pass-1", roles: ["Admin"] });
    const creator = await createUser(t.services.db, { email: "c@example.test", password: "creator-pass-1" });
    adminCookie = await signIn(t, admin.email, admin.password);
    creatorCookie = await signIn(t, creator.email, creator.password);
  });
  afterAll(() => t.close());

  const html = async (path: string, init?: Parameters<TestApp["request"]>[1]) => {
    const res = await t.request(path, init);
    return { res, body: await res.text() };
  };
  const setMaintenance = async (body: unknown, cookie: string | undefined) => {
    const res = await t.request("/api/v1/site/maintenance", {
      method: "PUT",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    t.services.settings.invalidate();
    return res;
  };

  describe("health and logs", () => {
    it("answers /api/health after checking the database", async () => {
      const res = await t.request("/api/health");
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok", database: "pglite" });
    });

    it("logs every request as JSON with its request id, and echoes the id", async () => {
      const res = await t.request("/en/about", { headers: { "x-request-id": "req-abc-123456" } });
      expect(res.headers.get("x-request-id")).toBe("req-abc-123456");
      expect(t.logs.find((l) => l.requestId === "req-abc-123456" && l.msg === "request")).toMatchObject({ status: 200, path: "/en/about" });
      const generated = (await t.request("/api/health", { headers: { "x-request-id": "<bad>" } })).headers.get("x-request-id");
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe("languages", () => {
    it("renders /es/ in Spanish and /en/ in English with alternates, canonical and JSON-LD", async () => {
      const es = await html("/es/");
      expect(es.res.status).toBe(200);
      expect(es.body).toContain('<html lang="es"');
      expect(es.body).toContain("Donde los juegos indie encuentran a sus jugadores");
      expect(es.body).toContain("| Comunidad Nexo Indie</title>");
      expect(es.body).toMatch(/<link rel="alternate" hrefLang="es" href="http:\/\/localhost:3999\/es\/"\/>/);
      expect(es.body).toMatch(/<link rel="alternate" hrefLang="en" href="http:\/\/localhost:3999\/en\/"\/>/);
      expect(es.body).toMatch(/<link rel="alternate" hrefLang="x-default" href="http:\/\/localhost:3999\/"\/>/);
      expect(es.body).toContain('<link rel="canonical" href="http://localhost:3999/es/"/>');
      expect(es.body).toContain('content="es_ES"');
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(es.body)![1]);
      expect(ld).toMatchObject({
        "@type": "WebSite",
        publisher: { "@type": "Organization" },
        potentialAction: { "@type": "SearchAction", target: { urlTemplate: "http://localhost:3999/search?q={search_term}" } },
      });
      const en = await html("/en/");
      expect(en.body).toContain('<html lang="en"');
      expect(en.body).toContain("Where indie games meet their players");
      expect(en.body).toContain("| Nexo Indie Community</title>");
      expect(en.body).toContain('content="en_US"');
    });

    it("caches an explicit choice (prefix or ?lng=) in the cookie", async () => {
      const res = await t.request("/es/about");
      expect(res.headers.getSetCookie().join()).toMatch(/lng=es; Max-Age=31536000; Path=\/; SameSite=Lax/);
      const q = await t.request("/about?lng=es");
      expect(q.headers.getSetCookie().join()).toContain("lng=es");
      expect(await q.text()).toContain('<html lang="es"');
    });

    it("renders an unprefixed page by the cookie, then Accept-Language, then English", async () => {
      expect((await html("/", { cookie: "lng=es", headers: { "accept-language": "en" } })).body).toContain('<html lang="es"');
      expect((await html("/", { headers: { "accept-language": "fr, es;q=0.8, en;q=0.5" } })).body).toContain('<html lang="es"');
      expect((await html("/", { headers: { "accept-language": "de" } })).body).toContain('<html lang="en"');
      const res = await t.request("/");
      expect(res.headers.get("vary")).toContain("Cookie");
    });

    it("discards injection-like values and never reflects them", async () => {
      const payload = "<script>alert(1)</script>";
      const { body } = await html(`/about?lng=${encodeURIComponent(payload)}`, {
        cookie: `lng=${encodeURIComponent('"><svg onload=alert(1)>')}`,
        headers: { "accept-language": "es" },
      });
      expect(body).toContain('<html lang="es"');
      expect(body).not.toContain("<script>alert(1)");
      expect(body).not.toContain("<svg onload");
    });

    it("answers 404 with a translated page for unknown paths and language prefixes", async () => {
      // The title has the site suffix every other page has ("… | Nexo Indie Community").
      for (const [path, text, title] of [
        ["/no-such-page", "Page not found", "Page not found | Nexo Indie Community"],
        ["/es/no-such-page", "Página no encontrada", "Página no encontrada | Comunidad Nexo Indie"],
        ["/xx/about", "Page not found", "Page not found | Nexo Indie Community"],
        ["/en/about/extra", "Page not found", "Page not found | Nexo Indie Community"],
      ]) {
        const { res, body } = await html(path, { headers: { "accept-language": "en" } });
        expect(res.status, path).toBe(404);
        expect(body, path).toContain(text);
        expect(body, path).toContain(`<title>${title}</title>`);
        expect(body, path).toContain('<meta name="robots" content="noindex, nofollow"/>');
      }
    });
  });

  describe("security", () => {
    it("sends a nonce-based CSP that matches every script tag, and the other headers", async () => {
      const { res, body } = await html("/en/");
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
      const executable = [...body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)];
      expect(executable.length).toBeGreaterThan(0);
      for (const [, attrs] of executable) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      const other = await t.request("/en/");
      expect(other.headers.get("content-security-policy")).not.toContain(nonce);
    });

    it("refuses every non-GET request from another origin", async () => {
      for (const [path, method] of [
        ["/api/v1/site/consent", "POST"],
        ["/api/v1/site/theme", "POST"],
        ["/api/v1/site/maintenance", "PUT"],
        ["/api/auth/sign-in/email", "POST"],
        ["/en/about", "POST"],
      ]) {
        const res = await t.request(path, {
          method,
          headers: { origin: "https://evil.example", "content-type": "application/json" },
          body: "{}",
        });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      const sameSiteless = await t.request("/api/v1/site/theme", {
        method: "POST",
        headers: { origin: "", "sec-fetch-site": "cross-site" },
      });
      expect(sameSiteless.status).toBe(403);
    });

    it("admin operations refuse visitors and wrong roles", async () => {
      for (const cookie of [undefined, creatorCookie]) {
        const res = await t.request("/api/v1/site/settings/analytics_enabled", {
          method: "PUT",
          cookie,
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ value: true }),
        });
        expect(res.status).toBe(cookie ? 403 : 401);
        expect((await setMaintenance({ enabled: true, password: "x" }, cookie)).status).toBe(cookie ? 403 : 401);
      }
    });
  });

  describe("preferences without JavaScript", () => {
    it("stores the theme from a form post and renders it on the next page", async () => {
      const res = await t.request("/api/v1/site/theme", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "theme=light&returnTo=%2Fen%2Fabout",
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/en/about");
      const cookie = cookiesFrom(res);
      expect(cookie).toContain("theme=light");
      const { body } = await html("/en/about", { cookie });
      expect(body).toMatch(/<html lang="en" data-theme="light"/);
      expect((await html("/en/about")).body).toMatch(/<html lang="en" class="dark" data-theme="dark"/);
      const evil = await t.request("/api/v1/site/theme", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "theme=light&returnTo=//evil.example",
      });
      expect(evil.headers.get("location")).toBe("/");
      const bad = await t.request("/api/v1/site/theme", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"theme":"neon"}',
      });
      expect(bad.status).toBe(400);
    });

    it("stores consent for 365 days and hides the banner once chosen", async () => {
      const before = await html("/en/");
      const banner = /<h2 id="[^"]*" class="text-lg font-bold">We use cookies<\/h2>/;
      expect(before.body).toMatch(banner);
      const res = await t.request("/api/v1/site/consent", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "choice=all&returnTo=%2Fen%2F",
      });
      expect(res.status).toBe(303);
      const setCookie = res.headers.getSetCookie().join();
      expect(setCookie).toContain("Max-Age=31536000");
      expect(decodeURIComponent(/cookie_consent=([^;]+)/.exec(setCookie)![1])).toBe('{"essentials":true,"analytics":true}');
      const after = await html("/en/", { cookie: cookiesFrom(res) });
      expect(after.body).not.toMatch(banner);
      const reopened = await html("/en/?cookies=preferences", { cookie: cookiesFrom(res) });
      expect(reopened.body).toContain("Save preferences");
      const custom = await t.request("/api/v1/site/consent", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "returnTo=%2Fen%2F%3Fcookies%3Dpreferences",
      });
      expect(custom.headers.get("location")).toBe("/en/");
      expect(decodeURIComponent(/cookie_consent=([^;]+)/.exec(custom.headers.getSetCookie().join())![1])).toContain('"analytics":false');
    });
  });

  describe("maintenance gate", () => {
    it("answers 503 everywhere but /api/health, never sends the password, and unlocks on the server", async () => {
      const password = "Sup3r-Secret-Gate-Pass";
      expect((await setMaintenance({ enabled: true, password }, adminCookie)).status).toBe(200);
      try {
        for (const path of ["/", "/es/", "/en/about", "/no-such-page", "/sitemap.xml", "/api/v1/site/flags", "/api/auth/get-session"]) {
          const res = await t.request(path, { cookie: "lng=es" });
          expect(res.status, path).toBe(503);
          expect(await res.text(), path).not.toContain(password);
        }
        const gate = await html("/es/about", { cookie: "lng=es; theme=light" });
        expect(gate.body).toContain('<html lang="es" class="dark" data-theme="dark">');
        expect(gate.body).toContain("Sitio en Mantenimiento");
        expect(gate.body).toContain("Acceso restringido");
        expect(gate.body).toContain(">Entrar</button>");
        expect(gate.body).toMatch(/<input[^>]*type="password"[^>]*required/);
        expect((await t.request("/api/health")).status).toBe(200);
        const css = /href="(\/assets\/[^"]+\.css)"/.exec(gate.body)![1];
        expect((await t.request(css)).status).toBe(200);

        const form = (pw: string) => ({
          method: "POST",
          cookie: "lng=es",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "1.2.3.4" },
          body: `password=${encodeURIComponent(pw)}&returnTo=%2Fes%2Fabout`,
        });
        const started = performance.now();
        const wrong = await t.request("/api/v1/site/maintenance/unlock", form("guess"));
        expect(performance.now() - started).toBeGreaterThanOrEqual(490);
        // Post/Redirect/Get: back to the page tried from, which shows the gate with the error once.
        expect(wrong.status).toBe(303);
        expect(wrong.headers.get("location")).toBe("/es/about");
        const back = await t.request("/es/about", { cookie: cookiesFrom(wrong, "lng=es") });
        expect(back.status).toBe(503);
        expect(back.headers.getSetCookie().join()).toMatch(/maint_error=;/);
        const wrongBody = await back.text();
        expect(wrongBody).toContain("Error de Acceso");
        expect(wrongBody).toContain("La contraseña introducida es incorrecta.");
        expect(wrongBody).not.toContain(password);
        // A reload: the gate, without the error.
        expect(await (await t.request("/es/about", { cookie: "lng=es" })).text()).not.toContain("Error de Acceso");
        // The unlock address opened as a page leads to the gate, never to the API's JSON 404.
        const opened = await t.request("/api/v1/site/maintenance/unlock?returnTo=%2Fes%2Fabout");
        expect(opened.status).toBe(303);
        expect(opened.headers.get("location")).toBe("/es/about");
        expect((await t.request("/api/v1/site/maintenance/unlock")).headers.get("location")).toBe("/");
        // A client that asks for JSON still gets the refusal as JSON.
        const json = await t.request("/api/v1/site/maintenance/unlock", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "1.2.3.5" },
          body: JSON.stringify({ password: "guess" }),
        });
        expect(json.status).toBe(401);

        const right = await t.request("/api/v1/site/maintenance/unlock", form(password));
        expect(right.status).toBe(303);
        expect(right.headers.get("location")).toBe("/es/about");
        const unlock = right.headers.getSetCookie().find((c) => c.startsWith("maint_unlock="))!;
        expect(unlock).toContain("HttpOnly");
        expect(unlock).not.toMatch(/Max-Age|Expires/i);
        const unlocked = await t.request("/es/about", { cookie: cookiesFrom(right, "lng=es") });
        expect(unlocked.status).toBe(200);
        const forged = await t.request("/es/about", { cookie: "maint_unlock=v1.forged" });
        expect(forged.status).toBe(503);

        // Signed-in admins pass; other signed-in people do not.
        expect((await t.request("/en/", { cookie: adminCookie })).status).toBe(200);
        expect((await t.request("/en/", { cookie: creatorCookie })).status).toBe(503);
      } finally {
        await setMaintenance({ enabled: false }, adminCookie);
      }
      expect((await t.request("/en/")).status).toBe(200);
    });
  });

  describe("session", () => {
    it("shows the user menu to a signed-in person and signs out with a form post to /auth/login", async () => {
      const person = await createUser(t.services.db, { username: "menu_tester", email: "m@example.test", password: "menu-pass-1" });
      const cookie = await signIn(t, person.email, person.password);
      const page = await html("/en/about", { cookie });
      expect(page.body).toContain('aria-label="Account menu for menu_tester"');
      expect(page.body).toContain(`href="/en/u/menu_tester"`);
      expect(page.body).not.toContain(">Admin panel<");
      expect((await html("/en/about", { cookie: adminCookie })).body).toContain(">Admin panel<");
      const out = await t.request("/api/v1/session/sign-out", {
        method: "POST",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(out.status).toBe(303);
      expect(out.headers.get("location")).toBe("/auth/login");
      const after = await html("/en/about", { cookie: cookiesFrom(out, cookie) });
      expect(after.body).toContain(">Sign in</a>");
      // The old cookie now names a revoked session: SPEC §7 signs the person out and sends them to log in.
      const stale = await t.request("/en/about", { cookie });
      expect(stale.status).toBe(302);
      expect(stale.headers.get("location")).toBe("/en/auth/login?expired=1&redirectTo=%2Fabout");
      expect(stale.headers.getSetCookie().some((c) => /^better-auth\.session_token=;.*Max-Age=0/.test(c))).toBe(true);
    });
  });

  describe("SEO files", () => {
    it("serves a sitemap with language alternates and robots.txt", async () => {
      const sitemap = await (await t.request("/sitemap.xml")).text();
      expect(sitemap).toContain("<loc>http://localhost:3999/es/about</loc>");
      expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3999/about"/>');
      const robots = await (await t.request("/robots.txt")).text();
      expect(robots).toContain("Sitemap: http://localhost:3999/sitemap.xml");
      expect(robots).toContain("Disallow: /admin");
    });

    it("lists the community pages in the sitemap only while the forum is enabled, hidden threads never", async () => {
      const db = t.services.db;
      const cat = await createCategory(db, { slug: "sitemap-cat" });
      const forum = await createForum(db, { categoryId: cat.id, slug: "sitemap-forum" });
      const author = await createUser(db, { email: "sitemap@example.test", password: "sitemap-pass-1" });
      const at = new Date("2026-02-03T04:05:06.000Z");
      await createThreadWithPosts(db, { forumId: forum.id, authorId: author.id, title: "Visible sitemap thread", at });
      await createThreadWithPosts(db, { forumId: forum.id, authorId: author.id, title: "Hidden sitemap thread", hidden: true, at });
      const sitemap = async () => (await t.request("/sitemap.xml")).text();

      const off = await sitemap();
      expect(off).toContain("<loc>http://localhost:3999/en/about</loc>");
      expect(off).not.toContain("/community");

      await t.services.settings.write("forum_enabled", true, author.id);
      t.services.settings.invalidate();
      try {
        const on = await sitemap();
        for (const locale of ["es", "en"]) {
          expect(on).toContain(`<loc>http://localhost:3999/${locale}/community</loc>`);
          expect(on).toContain(
            `<loc>http://localhost:3999/${locale}/community/sitemap-forum</loc><lastmod>2026-02-03T04:05:06.000Z</lastmod>`,
          );
          expect(on).toContain(
            `<loc>http://localhost:3999/${locale}/community/sitemap-forum/visible-sitemap-thread</loc><lastmod>2026-02-03T04:05:06.000Z</lastmod>`,
          );
        }
        expect(on).toContain(
          '<xhtml:link rel="alternate" hreflang="x-default" href="http://localhost:3999/community/sitemap-forum/visible-sitemap-thread"/>',
        );
        expect(on).not.toContain("hidden-sitemap-thread");
        // Still one well-formed urlset, every <url> with its alternates.
        expect(on.match(/<url>/g)?.length).toBe(on.match(/<\/url>/g)?.length);
        expect(on.match(/<url><loc>[^<]+<\/loc>(<lastmod>[^<]+<\/lastmod>)?(<xhtml:link [^>]+\/>){3}<\/url>/g)?.length).toBe(
          on.match(/<url>/g)?.length,
        );
      } finally {
        await t.services.settings.write("forum_enabled", false, author.id);
        t.services.settings.invalidate();
      }
    });

    it("marks the search page noindex and content pages index", async () => {
      expect((await html("/en/search?q=x")).body).toContain('content="noindex, follow"');
      expect((await html("/en/about")).body).toContain('content="index, follow"');
    });
  });

  describe("analytics endpoint", () => {
    it("accepts only with the flag on and the consent cookie, from browsers", async () => {
      const body = JSON.stringify({ pagePath: "/en/", visitorId: "6f1c6f1e-8f1a-4c36-9d7e-0d6f6b1b3f10" });
      const send = (cookie?: string, ua = "Mozilla/5.0 Chrome/126") =>
        t.request("/api/v1/analytics/pageview", {
          method: "POST",
          cookie,
          headers: { "content-type": "application/json", "user-agent": ua, "cf-ipcountry": "ES" },
          body,
        });
      expect(await (await send()).json()).toEqual({ recorded: false, reason: "disabled" });
      await t.request("/api/v1/site/settings/analytics_enabled", {
        method: "PUT",
        cookie: adminCookie,
        headers: { "content-type": "application/json" },
        body: '{"value":true}',
      });
      t.services.settings.invalidate();
      const consent = `cookie_consent=${encodeURIComponent('{"essentials":true,"analytics":true}')}`;
      expect((await (await send()).json()).reason).toBe("no_consent");
      expect((await send(consent)).status).toBe(201);
      expect((await (await send(consent, "Googlebot/2.1")).json()).reason).toBe("bot");
      const rows = await t.services.database.query("select country, device_type, referrer from analytics_pageviews");
      expect(rows.rows).toEqual([{ country: "ES", device_type: "desktop", referrer: "direct" }]);
    });
  });
});
