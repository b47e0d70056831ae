import type { BrowserContext } from "@playwright/test";
import { setConsentCookie, setLanguageCookie, test, waitForQuiet, type Locale } from "./fixtures";
import { checkWidths } from "./layout-check";
import { localized, signInStates, type Who } from "./site-pages";

/**
 * The header alone, at every width from 320 to 2560 px (20 px apart), signed out and signed in as each kind of
 * person (a company's header has its view group, the team's the admin header), in both languages. Every page
 * at the seven common widths: page-sweep.spec.ts.
 */
const LOCALES: Locale[] = ["es", "en"];
const HEADER_PEOPLE: Who[] = ["visitor", "creator", "verifiedCompany", "admin"];

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
let states: Map<Who, StorageState | undefined>;

test.beforeAll(async ({ playwright }) => {
  states = await signInStates(playwright, HEADER_PEOPLE, 81);
});

for (const locale of LOCALES) {
  test.describe(`${locale}`, () => {
    for (const who of HEADER_PEOPLE) {
      for (const path of who === "admin" ? ["/", "/admin"] : ["/"]) {
        test(`the header of ${path} fits every width for a ${who}`, async ({ newContext }) => {
          const context = await newContext({ storageState: states.get(who) });
          await setLanguageCookie(context, locale);
          await setConsentCookie(context, false);
          const page = await context.newPage();
          await page.goto(localized(locale, path));
          await waitForQuiet(page);
          // Each width lays out the header alone: what follows it (the page, the footer) is checked at the seven
          // common widths by page-sweep.spec.ts, and laying it out 113 times was most of this test's cost.
          await page.evaluate(() => {
            for (let el = document.querySelector("header")?.nextElementSibling; el; el = el.nextElementSibling)
              (el as HTMLElement).style.setProperty("display", "none", "important");
          });
          const widths = Array.from({ length: (2560 - 320) / 20 + 1 }, (_, i) => 320 + i * 20);
          await checkWidths(page, `${who} ${localized(locale, path)} header`, widths, true);
        });
      }
    }
  });
}
