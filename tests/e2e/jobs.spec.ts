import { expect, gotoHydrated, LOCALES, test, tr, type Locale } from "./fixtures";
import { latestMailTo } from "./mailbox";

/**
 * In Chromium, both languages: a person applies to one of the demo's open offers with a PDF resume (no account)
 * and gets the confirmation mail; an Admin opens the application on /admin/applications, accepts it with an
 * edited email, and the applicant receives it.
 */
const j = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => tr(locale, `jobs:${key}`, vars);
/** The demo's community manager offer (server/db/seed-jobs.ts, DEMO_JOB_IDS). */
const OFFER = "6a0b7c4e-3f1d-4e8a-9b2c-1d5e7f9a0b11";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A small valid one-page PDF: objects, a cross-reference table with real offsets, the trailer. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

for (const locale of LOCALES) {
  test(`jobs in ${locale}: apply with a PDF, confirmation mail, an admin accepts with an email`, async ({
    page,
    newContext,
    adminState,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const email = `applicant-${id}@e2e.test`;
    const name = `Applicant ${id}`;

    // 1. The applicant fills the form of an open offer and sends it with a PDF.
    const since = Date.now();
    await gotoHydrated(page, `/${locale}/jobs/${OFFER}`);
    await expect(page.getByRole("heading", { level: 2, name: j(locale, "apply.title") })).toBeVisible();
    await page.getByLabel(j(locale, "apply.name"), { exact: true }).fill(name);
    await page.getByLabel(j(locale, "apply.email"), { exact: true }).fill(email);
    await page.getByLabel(j(locale, "apply.message"), { exact: true }).fill("I have moderated communities for years.");
    await page.getByLabel(j(locale, "apply.experience"), { exact: true }).fill("Two years as a community manager.");
    await page.getByLabel(j(locale, "apply.portfolio"), { exact: true }).fill("https://example.com/portfolio");
    await page
      .getByLabel(j(locale, "apply.resume"), { exact: true })
      .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf("Resume") });
    const submit = page.getByRole("button", { name: j(locale, "apply.submit") });
    await expect(submit).toHaveAttribute("data-track-event", "job_apply_click");
    await expect(submit).toHaveAttribute("data-track-id", OFFER);
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/jobs/${OFFER}`));
    await submit.click();
    await sent;
    await expect(page.getByText(j(locale, "apply.sent"))).toBeVisible();
    const confirmation = await latestMailTo(email, since);
    expect(confirmation.subject).toContain(locale === "es" ? "Hemos recibido tu candidatura" : "We received your application");

    // 2. An Admin finds it, accepts it with an edited email, and the applicant receives it.
    const admin = await (await newContext({ storageState: adminState })).newPage();
    await gotoHydrated(admin, `/${locale}/admin/applications?offer=${OFFER}&status=pending`);
    await admin.getByRole("link", { name: j(locale, "admin.applications.openLabel", { name }) }).click();
    await expect(admin.getByRole("heading", { level: 2, name: j(locale, "admin.applications.detailTitle", { name }) })).toBeVisible();
    const acceptForm = admin
      .locator("form")
      .filter({ has: admin.getByRole("heading", { name: j(locale, "admin.applications.accept.title"), exact: true }) });
    await expect(acceptForm.getByRole("checkbox", { name: j(locale, "admin.applications.sendEmail") })).toBeChecked();
    const message = `Welcome aboard, ${id}!`;
    await acceptForm.getByLabel(j(locale, "admin.applications.message"), { exact: true }).fill(message);
    const beforeDecision = Date.now();
    const decided = admin.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/applications"));
    await acceptForm.getByRole("button", { name: j(locale, "admin.applications.accept.submit") }).click();
    await decided;
    await expect(admin.getByText(j(locale, "admin.applications.acceptedEmailed", { name }))).toBeVisible();
    const decision = await latestMailTo(email, beforeDecision);
    expect(decision.text).toContain(message);
    await admin.context().close();
  });
}
