import type { BrowserContext, Page } from "@playwright/test";
import { expect, expectNoViolations, gotoHydrated, LOCALES, setConsentCookie, test, tr, type Locale } from "./fixtures";
import { registerMember } from "./members";

/**
 * The forum pages in Chromium and in both languages: a member starts a thread with a tag and Markdown
 * (checking the server-rendered preview first), another member replies, and the thread shows both; visitors
 * are sent to sign in. The members register and confirm their email first, as new members do (the demo
 * accounts already reached the first-day thread limit with their seeded threads).
 */
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;

/** Registers a creator through the page, confirms the email from the mail, and answers the username. */
const newMember = (context: BrowserContext, page: Page, locale: Locale) => registerMember(context, page, locale, "forum");

const postBody = (page: Page, n: number) => page.locator(`#post-${n} .post-body`);

for (const locale of LOCALES) {
  test.describe(`forum in ${locale}`, () => {
    test("a member starts a thread with a tag and Markdown, another replies, the thread shows both", async ({
      page,
      context,
      newContext,
      site,
    }) => {
      await site.setFlag("forum_enabled", true);
      const title = `${locale === "es" ? "Sombreadores para pixel art" : "Shaders for pixel art"} ${unique()}`;

      // The author, from the forum's thread list.
      const author = await newMember(context, page, locale);
      await gotoHydrated(page, `/${locale}/community/programacion`);
      await page.getByRole("link", { name: tr(locale, "forum:forum.newThread") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/community/programacion/new$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr(locale, "forum:newThread.heading"));
      await page.getByLabel(tr(locale, "forum:newThread.titleLabel")).fill(title);
      await page
        .getByLabel(tr(locale, "forum:newThread.bodyLabel"))
        .fill("Keep pixels **crisp**:\n\n- nearest filtering\n- integer scaling");
      await page.getByRole("checkbox", { name: "Godot" }).check();

      // The preview comes from the server; what was typed stays.
      await page.getByRole("button", { name: tr(locale, "forum:editor.preview") }).click();
      const preview = page.getByRole("region", { name: tr(locale, "forum:editor.previewLabel") });
      await expect(preview.locator("strong")).toHaveText("crisp");
      await expect(preview.locator("li")).toHaveCount(2);
      await expect(page.getByLabel(tr(locale, "forum:newThread.titleLabel"))).toHaveValue(title);
      await expect(page.getByRole("checkbox", { name: "Godot" })).toBeChecked();
      await expectNoViolations(page, `new thread with its preview (${locale})`);

      await page.getByRole("button", { name: tr(locale, "forum:newThread.submit") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page).not.toHaveURL(/created=1/);
      const threadUrl = page.url();
      expect(new URL(threadUrl).pathname).toMatch(
        new RegExp(`^/${locale}/community/programacion/(shaders-for|sombreadores-para)-pixel-art-[a-z0-9]+$`),
      );
      await expect(postBody(page, 1).locator("strong")).toHaveText("crisp");
      await expect(page.getByRole("list", { name: tr(locale, "forum:tags") }).getByRole("link", { name: "#Godot" })).toBeVisible();
      await expect(page.locator("#post-1").getByRole("link", { name: author, exact: true })).toHaveAttribute(
        "href",
        `/${locale}/u/${author}`,
      );

      // A visitor reads it and is asked to sign in to reply, with the way back.
      const visitor = await newContext();
      await setConsentCookie(visitor, false);
      const visitorPage = await visitor.newPage();
      await gotoHydrated(visitorPage, threadUrl);
      const signIn = visitorPage.getByRole("link", { name: tr(locale, "forum:thread.signInToTakePart") });
      await expect(signIn).toHaveAttribute("href", new RegExp(`^/${locale}/login\\?redirectTo=`));

      // Another member replies.
      const other = await newContext();
      const replierPage = await other.newPage();
      const replier = await newMember(other, replierPage, locale);
      await gotoHydrated(replierPage, threadUrl);
      await replierPage.getByLabel(tr(locale, "forum:thread.replyLabel")).fill("Also try a _pixel-perfect_ camera.");
      await replierPage.getByRole("button", { name: tr(locale, "forum:thread.replySubmit") }).click();
      await expect(replierPage).toHaveURL(/#post-2$/);
      await expect(postBody(replierPage, 2).locator("em")).toHaveText("pixel-perfect");
      await expect(postBody(replierPage, 1).locator("strong")).toHaveText("crisp");
      await expectNoViolations(replierPage, `thread with a reply, signed in (${locale})`);

      // The author sees both, and the newest thread leads the side panel.
      await gotoHydrated(page, threadUrl);
      await expect(page.locator("#post-1")).toContainText("crisp");
      await expect(page.locator("#post-2")).toContainText("pixel-perfect");
      await expect(page.locator("#post-2").getByRole("link", { name: replier, exact: true })).toBeVisible();
      const panel = page.getByRole("complementary", { name: tr(locale, "sidePanel.label") });
      await expect(panel.getByRole("link", { name: title })).toBeVisible();
    });
  });
}
