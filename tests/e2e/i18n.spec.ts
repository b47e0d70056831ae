import {
  attr,
  BASE_URL,
  expect,
  fullTitle,
  gotoHydrated,
  htmlTag,
  LOCALES,
  rawGet,
  test,
  titleOf,
  tr,
  waitForHydration,
  type Locale,
} from "./fixtures";

/** Pages with their own metadata: path without prefix → title key. */
const PAGES: { path: string; title: string }[] = [
  { path: "/", title: "site:home.title" },
  { path: "/about", title: "about:about.title" },
  { path: "/connect", title: "about:connect.title" },
  { path: "/privacy-policy", title: "legal:privacy.title" },
  { path: "/cookie-policy", title: "legal:cookies.title" },
  { path: "/terms-and-conditions", title: "legal:terms.title" },
  { path: "/resources", title: "site:resources.title" },
  { path: "/search", title: "site:search.title" },
];

const prefixed = (locale: Locale | null, path: string) => (locale ? (path === "/" ? `/${locale}/` : `/${locale}${path}`) : path);

function linkHref(html: string, rel: string, hreflang?: string): string | undefined {
  const re = hreflang
    ? new RegExp(`<link[^>]*rel="${rel}"[^>]*hrefLang="${hreflang}"[^>]*>`, "i")
    : new RegExp(`<link[^>]*rel="${rel}"[^>]*>`, "i");
  return attr(html, re, "href");
}

const meta = (html: string, property: string) => attr(html, new RegExp(`<meta[^>]*(?:property|name)="${property}"[^>]*>`), "content");

test.describe("server-rendered languages", () => {
  for (const locale of LOCALES) {
    test(`/${locale}/ is rendered in ${locale} with alternates, canonical and JSON-LD`, async ({ playwright }) => {
      const res = await rawGet(playwright, `/${locale}/`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      const html = res.text;

      expect(attr(htmlTag(html), /<html\b[^>]*>/, "lang")).toBe(locale);
      expect(titleOf(html)).toBe(fullTitle(locale, tr(locale, "site:home.title")));
      expect(titleOf(html)).toMatch(locale === "es" ? / \| Comunidad Nexo Indie$/ : / \| Nexo Indie Community$/);
      expect(meta(html, "og:locale")).toBe(locale === "es" ? "es_ES" : "en_US");
      expect(meta(html, "og:locale:alternate")).toBe(locale === "es" ? "en_US" : "es_ES");
      // The visible content is translated on the server, not after hydration.
      expect(html).toContain(`>${tr(locale, "site:home.heroTitle")}</h1>`);
      expect(html).toContain(tr(locale, "skipToContent"));

      expect(linkHref(html, "canonical")).toBe(`${BASE_URL}/${locale}/`);
      expect(linkHref(html, "alternate", "es")).toBe(`${BASE_URL}/es/`);
      expect(linkHref(html, "alternate", "en")).toBe(`${BASE_URL}/en/`);
      expect(linkHref(html, "alternate", "x-default")).toBe(`${BASE_URL}/`);

      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
      const site = blocks.find((b) => b["@type"] === "WebSite");
      expect(site, "a WebSite JSON-LD block").toBeTruthy();
      expect(site["@context"]).toBe("https://schema.org");
      expect(site.name).toBe("Nexo Indie");
      expect(site.publisher["@type"]).toBe("Organization");
      expect(site.publisher.name).toBe("Nexo Indie");
      expect(site.potentialAction["@type"]).toBe("SearchAction");
      expect(site.potentialAction.target.urlTemplate).toBe(`${BASE_URL}/search?q={search_term}`);
      expect(site.potentialAction["query-input"]).toBe("required name=search_term");
    });

    test(`the browser shows /${locale}/ in ${locale} before and after hydration`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(fullTitle(locale, tr(locale, "site:home.title")));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "site:home.heroTitle"));
      await expect(page.getByRole("navigation", { name: tr(locale, "nav.label") })).toBeVisible();
    });
  }

  test("every page has hreflang alternates, a canonical link and the translated title", async ({ playwright }) => {
    for (const { path, title } of PAGES) {
      for (const prefix of [...LOCALES, null] as const) {
        const url = prefixed(prefix, path);
        const res = await rawGet(playwright, url);
        expect(res.status, url).toBe(200);
        const html = res.text;
        const locale: Locale = prefix ?? "en"; // unprefixed, no cookie, no Accept-Language: the fallback
        expect(attr(htmlTag(html), /<html\b[^>]*>/, "lang"), url).toBe(locale);
        expect(titleOf(html), url).toBe(fullTitle(locale, tr(locale, title)));
        expect(linkHref(html, "canonical"), `${url} canonical`).toBe(BASE_URL + prefixed(locale, path));
        expect(linkHref(html, "alternate", "es"), `${url} es`).toBe(BASE_URL + prefixed("es", path));
        expect(linkHref(html, "alternate", "en"), `${url} en`).toBe(BASE_URL + prefixed("en", path));
        expect(linkHref(html, "alternate", "x-default"), `${url} x-default`).toBe(BASE_URL + path);
        expect(meta(html, "og:locale"), url).toBe(locale === "es" ? "es_ES" : "en_US");
        expect(html.match(/rel="canonical"/g)?.length, `${url}: one canonical`).toBe(1);
      }
    }
  });
});

test.describe("language of unprefixed pages", () => {
  const cases: { name: string; headers: Record<string, string>; expected: Locale }[] = [
    { name: "no cookie, no Accept-Language → en (fallback)", headers: {}, expected: "en" },
    { name: "lng=es cookie", headers: { cookie: "lng=es" }, expected: "es" },
    { name: "lng=en cookie", headers: { cookie: "lng=en" }, expected: "en" },
    { name: "Accept-Language es-ES", headers: { "accept-language": "es-ES,es;q=0.9" }, expected: "es" },
    {
      name: "Accept-Language with weights prefers es",
      headers: { "accept-language": "fr-FR, de;q=0.9, es;q=0.8, en;q=0.5" },
      expected: "es",
    },
    { name: "Accept-Language en-GB", headers: { "accept-language": "en-GB,en;q=0.9" }, expected: "en" },
    { name: "unsupported Accept-Language → en", headers: { "accept-language": "fr-FR,de;q=0.9" }, expected: "en" },
    { name: "the cookie beats Accept-Language", headers: { cookie: "lng=en", "accept-language": "es-ES,es" }, expected: "en" },
    { name: "the cookie beats Accept-Language (es)", headers: { cookie: "lng=es", "accept-language": "en-US,en" }, expected: "es" },
  ];
  for (const c of cases) {
    test(`/ follows: ${c.name}`, async ({ playwright }) => {
      const res = await rawGet(playwright, "/", c.headers);
      expect(res.status).toBe(200);
      expect(attr(htmlTag(res.text), /<html\b[^>]*>/, "lang")).toBe(c.expected);
      expect(titleOf(res.text)).toBe(fullTitle(c.expected, tr(c.expected, "site:home.title")));
      expect(res.text).toContain(`>${tr(c.expected, "site:home.heroTitle")}</h1>`);
      // The answer depends on these request headers, so caches must know.
      expect(res.headers["vary"] ?? "").toMatch(/Accept-Language/i);
      expect(res.headers["vary"] ?? "").toMatch(/Cookie/i);
    });
  }

  test("?lng=es renders Spanish and stores the choice in the lng cookie", async ({ playwright }) => {
    const ctx = await playwright.request.newContext({ baseURL: BASE_URL });
    try {
      const first = await ctx.get("/?lng=es", { headers: { "accept-language": "en-US,en" } });
      expect(attr(htmlTag(await first.text()), /<html\b[^>]*>/, "lang")).toBe("es");
      const setCookie = first
        .headersArray()
        .filter((h) => h.name.toLowerCase() === "set-cookie")
        .map((h) => h.value);
      const lng = setCookie.find((v) => v.startsWith("lng="));
      expect(lng, "a lng cookie is set").toBeTruthy();
      expect(lng).toMatch(/^lng=es;/);
      expect(lng).toMatch(/Path=\//i);
      // Later visits without the query keep Spanish, even with an English browser.
      const next = await ctx.get("/about", { headers: { "accept-language": "en-US,en" } });
      const html = await next.text();
      expect(attr(htmlTag(html), /<html\b[^>]*>/, "lang")).toBe("es");
      expect(titleOf(html)).toBe(fullTitle("es", tr("es", "about:about.title")));
    } finally {
      await ctx.dispose();
    }
  });

  test("?lng=es in the browser sets the cookie for later pages", async ({ page, context }) => {
    await gotoHydrated(page, "/?lng=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect((await context.cookies(BASE_URL)).find((c) => c.name === "lng")?.value).toBe("es");
    await gotoHydrated(page, "/connect");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "about:connect.title"));
  });

  test("a prefixed path stores its language in the cookie too", async ({ page, context }) => {
    await gotoHydrated(page, "/es/about");
    expect((await context.cookies(BASE_URL)).find((c) => c.name === "lng")?.value).toBe("es");
    await gotoHydrated(page, "/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

test.describe("language switch", () => {
  test("Español / English keep the current page", async ({ page }) => {
    await gotoHydrated(page, "/en/about");
    const switcher = page.getByRole("list", { name: tr("en", "language.label") }).first();
    await expect(switcher.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    await expect(switcher.getByRole("link", { name: "Español" })).toHaveAttribute("hreflang", "es");

    await switcher.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/es/about`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "about:about.title"));
    await expect(page).toHaveTitle(fullTitle("es", tr("es", "about:about.title")));
    await waitForHydration(page);

    const esSwitcher = page.getByRole("list", { name: tr("es", "language.label") }).first();
    await expect(esSwitcher.getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
    await esSwitcher.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/about`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "about:about.title"));
  });

  test("the switch keeps the query string and works from unprefixed pages", async ({ page }) => {
    await gotoHydrated(page, "/search?q=pixel");
    await page
      .getByRole("list", { name: tr("en", "language.label") })
      .first()
      .getByRole("link", { name: "Español" })
      .click();
    await expect(page).toHaveURL(`${BASE_URL}/es/search?q=pixel`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("es", "site:search.resultsFor", { q: "pixel" }));
    await waitForHydration(page);
    // The switch went through the server, which now remembers Spanish for unprefixed pages.
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

test.describe("client-side navigation keeps the language", () => {
  for (const locale of LOCALES) {
    test(`links keep the /${locale} prefix after navigating to /${locale}/ inside the app`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/about`);
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: tr(locale, "footer.connect"), exact: true })).toHaveAttribute(
        "href",
        `/${locale}/connect`,
      );
      // The logo link goes to the language's home page without a full load (the data request is /${locale}.data).
      await page.getByRole("link", { name: tr(locale, "homeLink", { site: "Nexo Indie" }) }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "site:home.heroTitle"));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(footer.getByRole("link", { name: tr(locale, "footer.connect"), exact: true })).toHaveAttribute(
        "href",
        `/${locale}/connect`,
      );
      await expect(footer.getByRole("link", { name: tr(locale, "footer.about"), exact: true })).toHaveAttribute("href", `/${locale}/about`);
      await expect(page.getByRole("link", { name: tr(locale, "homeLink", { site: "Nexo Indie" }) })).toHaveAttribute("href", `/${locale}/`);
    });
  }
});

test.describe("script injection in the language inputs", () => {
  const payload = `<script>alert("lng-xss")</script>`;
  const notReflected = (html: string) => {
    expect(html).not.toContain(payload);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("&lt;script&gt;alert");
    expect(html).not.toContain('alert("lng-xss")');
    expect(html).not.toContain("alert(&quot;lng-xss&quot;)");
  };

  test("?lng=<script> is ignored: Accept-Language decides and nothing is echoed", async ({ playwright }) => {
    const res = await rawGet(playwright, `/?lng=${encodeURIComponent(payload)}`, { "accept-language": "es-ES,es;q=0.9" });
    expect(res.status).toBe(200);
    expect(attr(htmlTag(res.text), /<html\b[^>]*>/, "lang")).toBe("es");
    expect(res.text).toContain(`>${tr("es", "site:home.heroTitle")}</h1>`);
    notReflected(res.text);
    const setCookies = res.headersArray.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
    expect(
      setCookies.filter((v) => v.startsWith("lng=")),
      "no language cookie is stored for an invalid value",
    ).toEqual([]);
    expect(setCookies.join("\n")).not.toContain("lng-xss");

    const fallback = await rawGet(playwright, `/about?lng=${encodeURIComponent(payload)}`);
    expect(attr(htmlTag(fallback.text), /<html\b[^>]*>/, "lang")).toBe("en");
    notReflected(fallback.text);
  });

  test("a lng cookie holding a script is ignored and never echoed", async ({ playwright }) => {
    const encoded = encodeURIComponent(payload);
    for (const [headers, expected] of [
      [{ cookie: `lng=${encoded}` }, "en"],
      [{ cookie: `lng=${encoded}`, "accept-language": "es" }, "es"],
      [{ cookie: `lng=es"><svg onload=alert(1)>` }, "en"],
    ] as const) {
      const res = await rawGet(playwright, "/", headers);
      expect(res.status).toBe(200);
      expect(attr(htmlTag(res.text), /<html\b[^>]*>/, "lang")).toBe(expected);
      notReflected(res.text);
      expect(res.text).not.toContain("lng-xss");
      expect(res.text).not.toContain("onload=alert");
      expect(res.text).not.toContain(encoded);
    }
  });

  test("the browser renders the injected query safely", async ({ page }) => {
    let dialog = false;
    page.on("dialog", (d) => {
      dialog = true;
      void d.dismiss();
    });
    await gotoHydrated(page, `/en/?lng=${encodeURIComponent(payload)}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect(await page.locator("script:not([src])").evaluateAll((els) => els.some((e) => e.textContent?.includes("lng-xss")))).toBe(false);
    expect(dialog).toBe(false);
  });
});
