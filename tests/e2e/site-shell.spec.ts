import {
  BASE_URL,
  expect,
  gotoHydrated,
  isSameDocument,
  markDocument,
  rawGet,
  setConsentCookie,
  test,
  tr,
  waitForQuiet,
  type Locale,
} from "./fixtures";

test.beforeEach(async ({ context }) => {
  // The banner is not what these tests look at; keep it out of the way.
  await setConsentCookie(context, false);
});

test.describe("header", () => {
  test("becomes translucent with a border after scrolling more than 10 px", async ({ page }) => {
    await gotoHydrated(page, "/en/privacy-policy");
    const header = page.locator("header").first();
    const style = () =>
      header.evaluate((el) => {
        const s = getComputedStyle(el);
        return { border: s.borderBottomColor, bg: s.backgroundColor, blur: s.backdropFilter, position: s.position };
      });
    const alpha = (rgba: string) => {
      const m = rgba.match(/rgba?\(([^)]+)\)/);
      const parts = m ? m[1]!.split(/[\s,/]+/).filter(Boolean) : [];
      return parts.length === 4 ? Number(parts[3]) : 1;
    };

    await expect(header).toHaveAttribute("data-scrolled", "false");
    const top = await style();
    expect(top.position).toBe("fixed");
    expect(alpha(top.bg), "transparent at the top").toBe(0);
    expect(alpha(top.border), "no visible border at the top").toBe(0);

    await page.evaluate(() => window.scrollTo(0, 10));
    // The scroll event and the frame after it have passed: the header has answered this position.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(header, "10 px is not more than 10 px").toHaveAttribute("data-scrolled", "false");

    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect.poll(async () => alpha((await style()).border), { message: "visible border" }).toBe(1);
    await expect
      .poll(
        async () => {
          const a = alpha((await style()).bg);
          return a > 0 && a < 1;
        },
        { message: "translucent background" },
      )
      .toBe(true);
    expect((await style()).blur).toContain("blur");
    // Still on screen (fixed) after scrolling.
    expect((await header.boundingBox())?.y).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect.poll(async () => alpha((await style()).bg)).toBe(0);
  });

  for (const [path, linkName, locale, status] of [
    ["/en/campaigns/anything", "Opportunities", "en", 404],
    ["/es/campaigns/algo/mas", "Oportunidades", "es", 404],
    ["/campaigns/anything", "Opportunities", "en", 404],
    ["/en/contact", "Contact", "en", 200],
  ] as const) {
    test(`highlights the link whose path prefixes ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(status); // no such campaign: the link is still highlighted on its 404
      await waitForQuiet(page);
      const nav = page.getByRole("navigation", { name: tr(locale as Locale, "nav.label") });
      await expect(nav.getByRole("link", { name: linkName })).toHaveAttribute("aria-current", "page");
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    });
  }

  test("no header link is highlighted on the home page, and client navigation moves the highlight", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
    await markDocument(page);
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/contact`);
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Collaborate" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/collaborate`);
    await expect(nav.getByRole("link", { name: "Collaborate" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Contact" })).not.toHaveAttribute("aria-current", "page");
    expect(await isSameDocument(page)).toBe(true);
  });

  for (const locale of ["en", "es"] as const) {
    test(`visitors see only Sign in and Sign up (${locale})`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/about`);
      const header = page.locator("header");
      const signIn = header.getByRole("link", { name: tr(locale, "auth.signIn"), exact: true });
      const signUp = header.getByRole("link", { name: tr(locale, "auth.signUp"), exact: true });
      await expect(signIn).toBeVisible();
      await expect(signUp).toBeVisible();
      // The buttons keep the page's language (SPEC §2: to /auth/login and /auth/register).
      await expect(signIn).toHaveAttribute("href", `/${locale}/auth/login`);
      await expect(signUp).toHaveAttribute("href", `/${locale}/auth/register`);
      await expect(header.getByRole("button", { name: tr(locale, "auth.signOut") })).toHaveCount(0);
      await expect(header.getByText(tr(locale, "auth.account"), { exact: true })).toHaveCount(0);
      await expect(header.getByRole("link", { name: tr(locale, "auth.admin") })).toHaveCount(0);
    });
  }

  test("a signed-in admin gets the user menu instead of the visitor buttons", async ({ newContext, adminState }) => {
    const ctx = await newContext({ storageState: adminState });
    await setConsentCookie(ctx, false);
    const page = await ctx.newPage();
    await gotoHydrated(page, "/en/about");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign up", exact: true })).toHaveCount(0);
    const menu = header.locator('summary[aria-label^="Account menu for"]');
    await expect(menu).toHaveCount(1);
    await menu.click();
    await expect(header.getByRole("link", { name: "Admin panel" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
  });
});

test.describe("footer", () => {
  for (const locale of ["en", "es"] as const) {
    test(`links to the legal pages, the wiki, about, connect and cookie preferences (${locale})`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/about`);
      const footer = page.getByRole("contentinfo");
      const expected: [string, string][] = [
        ["footer.privacy", `/${locale}/privacy-policy`],
        ["footer.cookies", `/${locale}/cookie-policy`],
        ["footer.terms", `/${locale}/terms-and-conditions`],
        ["footer.resources", `/${locale}/resources`],
        ["footer.about", `/${locale}/about`],
        ["footer.connect", `/${locale}/connect`],
        ["footer.cookiePreferences", `/${locale}/about?cookies=preferences`],
      ];
      for (const [key, href] of expected) {
        await expect(footer.getByRole("link", { name: tr(locale, key), exact: true }), key).toHaveAttribute("href", href);
      }
      // The demo opens its forum: the community link is there.
      await expect(footer.getByRole("link", { name: tr(locale, "footer.community"), exact: true })).toHaveAttribute(
        "href",
        `/${locale}/community`,
      );
    });
  }

  test("footer links navigate", async ({ page }) => {
    await gotoHydrated(page, "/en/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Terms and conditions" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/terms-and-conditions`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "legal:terms.title"));
    await footer.getByRole("link", { name: "Resources wiki" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/en/resources`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("en", "site:resources.heading"));
  });

  test("shows the community link only while the forum is enabled", async ({ page, site, playwright }) => {
    await site.setFlag("forum_enabled", true);
    await gotoHydrated(page, "/en/about");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Community", exact: true })).toHaveAttribute("href", "/en/community");
    // SPEC §2: the header has the community link too while the forum is on.
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" })).toHaveAttribute(
      "href",
      "/en/community",
    );
    // Server-rendered for a first visit as well.
    expect((await rawGet(playwright, "/es/")).text).toMatch(/<a[^>]*href="\/es\/community"[^>]*>Comunidad<\/a>/);

    await site.setFlag("forum_enabled", false);
    await gotoHydrated(page, "/en/about");
    await expect(footer.getByRole("link", { name: "Community", exact: true })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Community" })).toHaveCount(0);
  });
});

test.describe("side panel", () => {
  const withPanel = [
    "/en/",
    "/es/",
    "/en/about",
    "/es/connect",
    "/en/privacy-policy",
    "/es/cookie-policy",
    "/en/terms-and-conditions",
    "/en/search?q=test",
    "/",
    "/about",
    "/en/no-such-page",
    "/es/no-such-page",
    "/no-such-page",
    "/xx/about",
  ];
  for (const path of withPanel) {
    test(`is shown on ${path}`, async ({ page }) => {
      const res = await page.goto(path);
      await waitForQuiet(page);
      const locale = (await page.locator("html").getAttribute("lang")) as Locale;
      const aside = page.getByRole("complementary", { name: tr(locale, "sidePanel.label") });
      await expect(aside, `${path} (${res?.status()})`).toBeVisible();
      // The home page lists the threads and members in its own sections: the panel leaves those two cards out.
      const home = /^\/(en\/|es\/)?$/.test(path);
      await expect(aside.getByRole("heading", { level: 2 })).toHaveText([
        ...(home ? [] : [tr(locale, "sidePanel.latestThreads"), tr(locale, "sidePanel.activeMembers")]),
        tr(locale, "sidePanel.recentAchievements"),
        tr(locale, "sidePanel.announcements"),
      ]);
      // Card 1 lists the demo forum's 4 newest threads: the demo opens its forum.
      await expect(aside.getByText(tr(locale, "sidePanel.noThreads"))).toHaveCount(0);
      await expect(aside.locator(`a[href*="/community/"]`)).toHaveCount(home ? 0 : 4);
      // Cards 2 and 3 show the demo members' XP and achievements (tests/e2e/leaderboard.spec.ts).
      await expect(aside.getByRole("link", { name: tr(locale, "sidePanel.seeLeaderboard") })).toHaveCount(home ? 0 : 1);
      const announcement = aside.getByRole("link", { name: new RegExp(tr(locale, "externalLink").replace(/[()]/g, "\\$&")) });
      await expect(announcement).toHaveAttribute("target", "_blank");
      await expect(announcement).toHaveAttribute("rel", /noopener/);
      await expect(announcement).toHaveAttribute("href", /^https:\/\//);
    });
  }

  for (const path of ["/en/resources", "/es/resources", "/resources"]) {
    test(`is not shown on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("complementary")).toHaveCount(0);
      await expect(page.locator("aside")).toHaveCount(0);
    });
  }

  test("the announcement card opens the channel in a new tab", async ({ page, context }) => {
    await gotoHydrated(page, "/en/");
    // Do not really leave for the external site.
    await context.route(/youtube\.com/, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>channel</title>" }),
    );
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page
        .getByRole("complementary")
        .getByRole("link", { name: /opens in a new tab/ })
        .click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe("https://www.youtube.com/@nexoindie");
    expect(page.url()).toBe(`${BASE_URL}/en/`);
    await popup.close();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const locale of ["en", "es"] as const) {
    test(`collapses after navigating from a link inside it (${locale})`, async ({ page }) => {
      await gotoHydrated(page, `/${locale}/about`);
      const toggle = page.locator(`summary[aria-label="${tr(locale, "nav.openMenu")}"]`);
      await expect(toggle).toBeVisible();
      // The desktop navigation is hidden at this width.
      await expect(page.getByRole("navigation", { name: tr(locale, "nav.label") })).toBeHidden();
      const details = page.locator("details", { has: toggle });
      const menuNav = page.getByRole("navigation", { name: tr(locale, "nav.menu") });

      await expect(menuNav).toBeHidden();
      await toggle.click();
      await expect(details).toHaveJSProperty("open", true);
      await expect(menuNav).toBeVisible();
      // Sign in / Sign up move into the menu on small screens.
      await expect(details.getByRole("link", { name: tr(locale, "auth.signIn"), exact: true })).toBeVisible();
      await expect(details.getByRole("link", { name: "Español" })).toBeVisible();

      await markDocument(page);
      await menuNav.getByRole("link", { name: tr(locale, "nav.contact") }).click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/contact`);
      await expect(details).toHaveJSProperty("open", false);
      await expect(menuNav).toBeHidden();
      expect(await isSameDocument(page), "the navigation stayed client-side").toBe(true);

      // And again from the view group.
      await toggle.click();
      await expect(menuNav).toBeVisible();
      // The second "Opportunities" link is the one in the Creator View group (the first is in the menu's nav).
      await details
        .getByRole("link", { name: tr(locale, "views.opportunities") })
        .last()
        .click();
      await expect(page).toHaveURL(`${BASE_URL}/${locale}/campaigns`);
      await expect(details).toHaveJSProperty("open", false);
      await expect(menuNav).toBeHidden();
      expect(await isSameDocument(page)).toBe(true);
    });
  }

  test("holds only what the header has no room for, and is not shown on wide screens", async ({ page }) => {
    // Below 1280 px the main links live in the menu; from 1280 px they sit in the header and a visitor, who has
    // no view group, has no menu button at all (a company keeps one for its group until 1536 px).
    await page.setViewportSize({ width: 1024, height: 800 });
    await gotoHydrated(page, "/en/about");
    await page.getByLabel("Open menu").click();
    await expect(page.getByRole("navigation", { name: tr("en", "nav.menu") })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByLabel("Open menu")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test.describe("skip link", () => {
  for (const path of ["/en/", "/es/about", "/en/resources", "/en/search?q=test", "/es/no-such-page", "/no-such-page", "/xx/about"]) {
    test(`is the first focusable element and jumps to the main content on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForQuiet(page);
      const locale = (await page.locator("html").getAttribute("lang")) as Locale;
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: tr(locale, "skipToContent") });
      await expect(skip).toBeFocused();
      await expect(skip).toHaveAttribute("href", "#main");
      // Visible while focused.
      const box = await skip.boundingBox();
      expect(box && box.width > 20 && box.height > 10, "visible when focused").toBe(true);
      await expect(page.locator("#main"), "the skip link's target exists").toHaveCount(1);
      await expect(page.locator("main#main")).toHaveCount(1);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
      await expect(page.locator("#main")).toBeInViewport();
    });
  }
});

test.describe("404 pages", () => {
  for (const [path, cookieLng, locale] of [
    ["/no-such-page", null, "en"],
    ["/no-such-page", "es", "es"],
    ["/en/no-such-page", null, "en"],
    ["/es/no-such-page", null, "es"],
    ["/es/a/b/c", null, "es"],
    ["/xx/about", null, "en"],
    ["/xx/about", "es", "es"],
  ] as const) {
    test(`${path}${cookieLng ? ` (lng=${cookieLng})` : ""} answers 404 with a translated page`, async ({ page, context, playwright }) => {
      if (cookieLng) await context.addCookies([{ name: "lng", value: cookieLng, url: BASE_URL }]);
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await waitForQuiet(page);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "errors.notFoundTitle"));
      await expect(page.getByText(tr(locale, "errors.notFoundText"))).toBeVisible();
      const home = page.getByRole("link", { name: tr(locale, "errors.goHome") });
      await expect(home).toBeVisible();
      // Server-rendered that way.
      const raw = await rawGet(playwright, path, cookieLng ? { cookie: `lng=${cookieLng}` } : {});
      expect(raw.status).toBe(404);
      expect(raw.text).toContain(`>${tr(locale, "errors.notFoundTitle")}</h1>`);
      // The page still has the site around it.
      await expect(page.locator("header")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

test.describe("header menus", () => {
  test("close on Escape (focus back on the toggle) and on a click outside", async ({ page }) => {
    await gotoHydrated(page, "/en/about");
    const menu = page.locator("header details").filter({ has: page.locator('button[name="theme"][value="light"]') });
    const toggle = menu.locator("summary");
    await toggle.click();
    await expect(menu).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open", "");
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(menu).toHaveAttribute("open", "");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).not.toHaveAttribute("open", "");
  });
});
