import {
  BASE_URL,
  expect,
  gotoHydrated,
  isSameDocument,
  LOCALES,
  markDocument,
  setConsentCookie,
  test,
  toasts,
  tr,
  unreadInBell,
} from "./fixtures";
import { registerMember } from "./members";

/**
 * The forum end to end, in Chromium and in both languages, through the pages only: a member starts a thread
 * with tags and Markdown; another replies and likes it, and the author's open page hears of it live; the author
 * accepts the answer and the thread shows resolved; a third member's rude reply is reported, a moderator hides
 * it from the moderation queue and bans its author; the audit log shows both; the banned member cannot post.
 */
const MODERATOR = { email: "moderator@demo.nexoindie.test", password: "demo-moderator-2026", username: "moderadora" };
const unique = () => `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const newMember = registerMember;

let ip = 0;
for (const locale of LOCALES) {
  test(`forum journey in ${locale}: thread, reply, like, live notice, accepted answer, report, hide, ban`, async ({
    page,
    context,
    newContext,
    site,
    playwright,
    diagnostics,
  }) => {
    test.setTimeout(240_000);
    await site.setFlag("forum_enabled", true);
    const title = `${locale === "es" ? "Desplazamiento suave en plataformas" : "Smooth scrolling in platformers"} ${unique()}`;

    // 1. The author starts a thread with two tags and Markdown.
    await newMember(context, page, locale, "autora");
    await gotoHydrated(page, `/${locale}/community/programacion/new`);
    await page.getByLabel(tr(locale, "forum:newThread.titleLabel")).fill(title);
    await page
      .getByLabel(tr(locale, "forum:newThread.bodyLabel"))
      .fill("How do you keep the scrolling **smooth**?\n\n1. lerp\n2. dead zones\n\n`view.position = target`");
    await page.getByRole("checkbox", { name: "Godot" }).check();
    await page.getByRole("checkbox", { name: locale === "es" ? "Ayuda" : "Help" }).check();
    await page.getByRole("button", { name: tr(locale, "forum:newThread.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // The confirmation's ?created=1 leaves the address once said.
    await expect(page).not.toHaveURL(/created=1/);
    const threadUrl = page.url();
    const tags = page.getByRole("list", { name: tr(locale, "forum:tags") });
    await expect(tags.getByRole("link")).toHaveCount(2);
    await expect(page.locator("#post-1 .post-body strong")).toHaveText("smooth");
    await expect(page.locator("#post-1 .post-body ol li")).toHaveCount(2);
    await expect(page.locator("#post-1 .post-body code")).toHaveText("view.position = target");
    // The first thread may already have unlocked an achievement: count from here.
    const before = await unreadInBell(page, locale);
    await markDocument(page);

    // 2. Another member replies and likes the question.
    const replierContext = await newContext();
    const replierPage = await replierContext.newPage();
    const replier = await newMember(replierContext, replierPage, locale, "respuesta");
    await gotoHydrated(replierPage, threadUrl);
    await replierPage.getByLabel(tr(locale, "forum:thread.replyLabel")).fill("Use a dead zone and lerp only the vertical axis.");
    await replierPage.getByRole("button", { name: tr(locale, "forum:thread.replySubmit") }).click();
    await expect(replierPage).toHaveURL(/#post-2$/);
    const like = replierPage.locator("#post-1").getByRole("button", { name: tr(locale, "forum:interact.like") });
    await like.click();
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(replierPage.locator("#post-1").getByText(tr(locale, "forum:interact.likes_one", { count: 1 }))).toBeVisible();

    // 3. The author's open page is told at once (the reply, the like and what they unlock), without a reload.
    await expect.poll(() => unreadInBell(page, locale), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    expect(await isSameDocument(page)).toBe(true);

    // 4. The author accepts the reply: the thread is resolved and the answer shows under the question.
    await gotoHydrated(page, threadUrl);
    await page
      .locator("#post-2")
      .getByRole("button", { name: tr(locale, "forum:interact.accept") })
      .click();
    await expect(page.locator("#post-2").getByRole("button", { name: tr(locale, "forum:interact.unaccept") })).toBeVisible();
    await gotoHydrated(page, threadUrl);
    await expect(page.locator("header").getByText(tr(locale, "forum:badge.resolved"), { exact: true }).first()).toBeVisible();
    const answer = page.getByRole("region", { name: tr(locale, "forum:thread.acceptedAnswer") });
    await expect(answer).toContainText(replier);
    await expect(answer).toContainText("dead zone");

    // 5. A third member posts something rude; the author reports it.
    const rudeContext = await newContext();
    const rudePage = await rudeContext.newPage();
    const rude = await newMember(rudeContext, rudePage, locale, "grosero");
    await gotoHydrated(rudePage, threadUrl);
    await rudePage.getByLabel(tr(locale, "forum:thread.replyLabel")).fill("Only idiots use lerp, buy my course instead.");
    await rudePage.getByRole("button", { name: tr(locale, "forum:thread.replySubmit") }).click();
    await expect(rudePage).toHaveURL(/#post-3$/);

    const reason = `${locale === "es" ? "Insulta y hace spam de su curso" : "Insults and spams a paid course"} ${unique()}`;
    await gotoHydrated(page, threadUrl);
    await page
      .locator("#post-3")
      .locator("summary", { hasText: tr(locale, "forum:interact.report") })
      .click();
    await page.locator("#post-3").getByLabel(tr(locale, "forum:interact.reportReason")).fill(reason);
    // The report's post is waited for, so that a click that sent nothing fails here, not as a missing message.
    const reported = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(new URL(threadUrl).pathname), {
      timeout: 15_000,
    });
    await page
      .locator("#post-3")
      .getByRole("button", { name: tr(locale, "forum:interact.reportSubmit") })
      .click();
    expect((await reported).status(), "the report's post").toBeLessThan(400);
    await expect(page.locator("#post-3").getByText(tr(locale, "forum:interact.reportSent"))).toBeVisible();

    // 6. A moderator finds the report in the queue, hides the post and bans its author.
    const api = await playwright.request.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { origin: BASE_URL, "x-e2e-client-ip": `10.77.${Date.now() % 200}.${++ip}` },
    });
    const signIn = await api.post("/api/auth/sign-in/email", { data: { email: MODERATOR.email, password: MODERATOR.password } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const moderatorContext = await newContext({ storageState: await api.storageState() });
    await api.dispose();
    await setConsentCookie(moderatorContext, false);
    const mod = await moderatorContext.newPage();
    const a = (key: string, vars: Record<string, string | number> = {}) => tr(locale, `admin:${key}`, vars);

    await gotoHydrated(mod, `/${locale}/admin/forum/moderation`);
    const report = mod.getByRole("article").filter({ hasText: reason });
    await expect(report).toHaveCount(1);
    await report
      .locator("summary", { hasText: a("forum.moderation.resolve") })
      .first()
      .click();
    await report.getByLabel(a("forum.moderation.hidePost")).check();
    await report.getByRole("button", { name: a("forum.moderation.confirmResolveButton") }).click();
    // The outcome is a toast (the report has just left the queue).
    await expect(toasts(mod, locale).first()).toContainText(a("forum.moderation.resolvedHidden"), { timeout: 15_000 });

    await gotoHydrated(mod, `/${locale}/admin/forum/users?q=${encodeURIComponent(rude)}`);
    const row = mod.getByRole("article").filter({ has: mod.getByRole("heading", { name: rude, exact: true }) });
    await row
      .locator("summary", { hasText: a("forum.users.ban") })
      .first()
      .click();
    const banReason = locale === "es" ? "Insultos y spam" : "Insults and spam";
    await row.getByLabel(a("forum.users.reasonLabel")).fill(banReason);
    await row.getByRole("button", { name: a("forum.users.confirmBanButton") }).click();
    await expect(mod.locator('main [aria-live="polite"]').first()).toContainText(rude);

    // 7. The audit log, filtered to the forum, shows the hidden post and the ban.
    await gotoHydrated(mod, `/${locale}/admin/audit?action=forum.&actor=${MODERATOR.username}`);
    const rows = mod.locator("tbody tr");
    // Rows read as translated sentences ("moderadora hid …", "moderadora banned <name> from the forum…").
    const upToTarget = (key: string, target: string) => {
      const sentence = a(`audit.sentences.${key}`, { actor: MODERATOR.username, target: "\u0000" });
      return sentence.slice(0, sentence.indexOf("\u0000")) + target;
    };
    await expect(rows.filter({ hasText: upToTarget("forum.post.hide", "") }).first()).toBeVisible();
    await expect(rows.filter({ hasText: upToTarget("forum.user.banUntil", rude) }).first()).toBeVisible();

    // The hidden post is gone for members; the moderator still sees it marked.
    await gotoHydrated(page, threadUrl);
    await expect(page.locator("#post-3")).toContainText(tr(locale, "forum:thread.hiddenTrace"));
    await expect(page.locator("#post-3 .post-body")).toHaveCount(0);

    // 8. The banned member can read but not post: the reply is refused (403) with the ban's reason.
    diagnostics.allowResponse(/\.data(\?|$)/, 403);
    await gotoHydrated(rudePage, threadUrl);
    await expect(rudePage.getByRole("heading", { level: 1 })).toHaveText(title);
    const replyBox = rudePage.getByLabel(tr(locale, "forum:thread.replyLabel"));
    if (await replyBox.count()) {
      await replyBox.fill("Let me post again.");
      await rudePage.getByRole("button", { name: tr(locale, "forum:thread.replySubmit") }).click();
    }
    await expect(rudePage.getByText(new RegExp(escape(banReason))).first()).toBeVisible();
    await expect(rudePage.locator('[id^="post-"]')).toHaveCount(3);
  });
}
