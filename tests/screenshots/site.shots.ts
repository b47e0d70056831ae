import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { setConsentCookie, setLanguageCookie, setThemeCookie, test, waitForQuiet, type Locale } from "#tests/e2e/fixtures";
import { initScript } from "#tests/e2e/browser";
import { localized, signInStates, SITE_PAGES, type Who } from "#tests/e2e/site-pages";

/**
 * Full-page screenshots of the whole site. SHOTS=<regex> keeps the pages whose file name matches
 * (e.g. SHOTS=admin npm run screenshots); SHOTS_WIDTHS=390,1280 and SHOTS_LOCALES / SHOTS_THEMES narrow it further.
 */
const OUT = join(process.cwd(), "screenshots");
const WIDTHS = (process.env.SHOTS_WIDTHS ?? "390,1280").split(",").map(Number);
const LOCALES = (process.env.SHOTS_LOCALES ?? "es,en").split(",") as Locale[];
const THEMES = (process.env.SHOTS_THEMES ?? "light,dark").split(",") as ("light" | "dark")[];
const FILTER = new RegExp(process.env.SHOTS ?? ".");
const pages = SITE_PAGES.filter((p) => FILTER.test(p.slug));

for (const locale of LOCALES) {
  for (const theme of THEMES) {
    test(`${locale} ${theme}`, async ({ browser, playwright }) => {
      test.setTimeout(60_000 + pages.length * WIDTHS.length * 8_000);
      const states = await signInStates(
        playwright,
        pages.map((p) => p.who),
        90 + LOCALES.indexOf(locale) * 2 + THEMES.indexOf(theme),
      );
      for (const who of new Set(pages.map((p) => p.who)) as Set<Who>) {
        const context = await browser.newContext({ storageState: states.get(who), colorScheme: theme, reducedMotion: "reduce" });
        // What waitForQuiet reads (fetches in flight, the router's state) is kept by the end-to-end init script.
        await context.addInitScript(initScript);
        await setThemeCookie(context, theme);
        await setLanguageCookie(context, locale);
        await setConsentCookie(context, false);
        const page = await context.newPage();
        for (const { path, slug } of pages.filter((p) => p.who === who)) {
          await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
          await page.goto(localized(locale, path));
          await waitForQuiet(page);
          // A full-page picture does not scroll, so lazy images below the fold would stay empty: load them all.
          await page.evaluate(async () => {
            const images = [...document.querySelectorAll("img")];
            images.forEach((img) => (img.loading = "eager"));
            const settled = (img: HTMLImageElement) =>
              img.complete ? null : new Promise((r) => ["load", "error"].forEach((e) => img.addEventListener(e, r, { once: true })));
            await Promise.race([Promise.all(images.map(settled)), new Promise((r) => setTimeout(r, 5000))]);
          });
          for (const width of WIDTHS) {
            const dir = join(OUT, `${locale}-${theme}-${width}`);
            mkdirSync(dir, { recursive: true });
            await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.screenshot({ path: join(dir, `${slug}.png`), fullPage: true });
          }
        }
        await context.close();
      }
    });
  }
}
