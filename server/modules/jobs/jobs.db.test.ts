import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { createUser, ensureRoles } from "#server/db/factories";
import { auditLog, jobApplications, jobOffers, mailOutbox, rateLimitHits } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { postRenderer } from "#server/modules/forum";
import { SettingsStore } from "#server/modules/site/settings";
import { issueFormTicket } from "#server/platform/form-guard";
import { createLogger } from "#server/platform/logger";
import { Mailer } from "#server/platform/mail";
import { RateLimiter } from "#server/platform/rate-limit";
import { LocalStorage } from "#server/platform/storage";
import { APPLY_FORM, RESUME_MAX_BYTES } from "#shared/jobs";
import { testActor } from "#tests/support/actors";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, testClock } from "#tests/support/forum-kit";
import { createApplication, type ApplicationRequest } from "./apply";
import { createOffer } from "./create-offer";
import { acceptApplication, rejectApplication } from "./decide-application";
import { deleteApplication } from "./delete-application";
import type { JobsDeps } from "./deps";
import { getApplication } from "./get-application";
import { listApplications } from "./list-applications";
import { listOffers } from "./list-offers";
import { makePdf } from "./pdf";
import { getPublicOffer, listOpenOffers } from "./public-offers";
import { monthsBefore, purgeExpiredApplications } from "./purge-applications";
import { readResume } from "./read-resume";
import { closeOffer, openOffer } from "./set-offer-status";
import { updateOffer } from "./update-offer";

const SECRET = "jobs-test-secret-jobs-test-secret-0123";

describe("jobs: offers and applications", () => {
  let database: DatabaseHandle;
  let deps: JobsDeps;
  let dir: string;
  const clock = testClock(new Date("2026-12-01T10:00:00Z"));
  let admin: NonNullable<Actor>;
  const moderator = testActor({ roles: ["Moderator"], profileRole: null });
  const creator = testActor({ profileRole: "creator" });
  const company = testActor({ profileRole: "company", company: { slug: "co", companyName: "Co", verified: true } });
  const member = testActor({ profileRole: null });
  const refusedActors: [string, Actor, string][] = [
    ["a visitor", null, "auth.unauthenticated"],
    ["a member", member, "auth.forbidden"],
    ["a creator", creator, "auth.forbidden"],
    ["a company", company, "auth.forbidden"],
    ["a moderator", moderator, "auth.forbidden"],
  ];
  let offerId: string;
  let ip = 0;

  /** A form as a person sends it: a ticket issued a minute ago, the honeypot empty, a fresh address. */
  const form = (over: Partial<ApplicationRequest> = {}): ApplicationRequest => ({
    offerId,
    name: "Ana García",
    email: "Ana@Example.com",
    message: "I would love to help.",
    experience: "Three years in a studio.",
    portfolioUrl: "https://example.com/ana",
    locale: "es",
    resume: makePdf("Ana Garcia"),
    resumeFileName: "cv-ana.pdf",
    formTicket: issueFormTicket(SECRET, APPLY_FORM, new Date(clock.now().getTime() - 60_000)),
    honeypot: "",
    clientKey: `10.0.0.${++ip}`,
    ...over,
  });

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    dir = mkdtempSync(join(tmpdir(), "jobs-db-"));
    const log = createLogger("silent");
    deps = {
      db: database.db,
      settings: new SettingsStore(database.db, 0),
      storage: new LocalStorage(dir),
      mailer: new Mailer(database.db, { smtpUrl: undefined, mailFrom: "Nexo Indie <no-reply@example.com>" }, log),
      rateLimiter: new RateLimiter(database.db, () => clock.now().getTime()),
      renderMarkdown: postRenderer(database.db),
      formSecret: SECRET,
      formMinFillSeconds: 3,
      siteName: "Nexo Indie",
      baseUrl: "http://localhost:3999",
      now: clock.now,
      log,
    };
    const adminUser = await createUser(database.db, { email: "admin@example.com" });
    admin = testActor({ userId: adminUser.id, roles: ["Admin"], profileRole: null, username: "admin" });
    offerId = (
      await createOffer(deps, admin, {
        titleEs: "Programador/a",
        titleEn: "Programmer",
        descriptionEs: "Un **puesto** en remoto.",
        descriptionEn: "A **remote** position.",
      })
    ).id;
  });
  beforeEach(() => clock.advance(61_000));
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an admin publishes an offer, audited; the public list and page show it in the reader's language", async () => {
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, offerId));
    expect(entry.action).toBe("jobs.offer_created");
    const open = await listOpenOffers(deps, { locale: "en" });
    expect(open.map((o) => o.title)).toContain("Programmer");
    const page = await getPublicOffer(deps, { id: offerId, locale: "es" });
    expect(page.title).toBe("Programador/a");
    expect(page.descriptionHtml).toContain("<strong>puesto</strong>");
    expect(await codeOf(getPublicOffer(deps, { id: "nope", locale: "es" }))).toBe("jobs.offer_not_found");
  });

  it("refuses every team operation to a visitor and to each role but Admin", async () => {
    const [app] = await database.db.select().from(jobApplications).limit(1);
    const applicationId = app?.id ?? "missing";
    for (const [who, actor, code] of refusedActors) {
      const calls: [string, Promise<unknown>][] = [
        ["createOffer", createOffer(deps, actor, { titleEs: "a", titleEn: "a", descriptionEs: "a", descriptionEn: "a" })],
        ["updateOffer", updateOffer(deps, actor, { id: offerId, titleEs: "a", titleEn: "a", descriptionEs: "a", descriptionEn: "a" })],
        ["closeOffer", closeOffer(deps, actor, { id: offerId })],
        ["openOffer", openOffer(deps, actor, { id: offerId })],
        ["listOffers", listOffers(deps, actor)],
        ["listApplications", listApplications(deps, actor, {})],
        ["getApplication", getApplication(deps, actor, { applicationId })],
        ["readResume", readResume(deps, actor, { applicationId })],
        ["acceptApplication", acceptApplication(deps, actor, { applicationId, sendEmail: false })],
        ["rejectApplication", rejectApplication(deps, actor, { applicationId, sendEmail: false })],
        ["deleteApplication", deleteApplication(deps, actor, { applicationId })],
      ];
      for (const [name, call] of calls) expect(`${who} ${name}: ${await codeOf(call)}`).toBe(`${who} ${name}: ${code}`);
    }
  });

  it("takes an application with its PDF under a private key and mails the applicant in their language", async () => {
    const { applicationId } = await createApplication(deps, null, form());
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(row.email).toBe("ana@example.com");
    expect(row.status).toBe("pending");
    expect(row.resumeKey).toMatch(/^private\/resumes\/[a-f0-9]{32}\.pdf$/);
    expect((await deps.storage.read(row.resumeKey))?.body.byteLength).toBe(row.resumeBytes);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(mails.map((m) => [m.template, m.locale])).toEqual([["job-application-received", "es"]]);
    expect(mails[0]!.subject).toContain("Programador/a");
    const file = await readResume(deps, admin, { applicationId });
    expect(Buffer.from(file.body).subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.filename).toBe("resume-ana-garcia.pdf");
  });

  it("refuses a filled honeypot and a forged ticket at once, and a form sent too fast with its resume kept", async () => {
    expect(await codeOf(createApplication(deps, null, form({ honeypot: "http://spam.example" })))).toBe("form.refused");
    expect(await codeOf(createApplication(deps, null, form({ formTicket: "123.forged" })))).toBe("form.refused");
    const fast = await errorOf(createApplication(deps, null, form({ formTicket: issueFormTicket(SECRET, APPLY_FORM, clock.now()) })));
    expect(fast.code).toBe("form.too_fast");
    const token = fast.details?.resumeToken as string;
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    expect(fast.details?.resumeName).toBe("cv-ana.pdf");
    // Sent again with the kept resume and no file: it is taken.
    const again = await createApplication(
      deps,
      null,
      form({ resume: null, resumeToken: token, resumeName: "cv-ana.pdf", email: "kept@example.com" }),
    );
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, again.applicationId));
    expect(row.resumeKey).toBe(`private/resumes/${token}.pdf`);
    // A token already used by an application is not kept for another.
    expect(await codeOf(createApplication(deps, null, form({ resume: null, resumeToken: token })))).toBe("jobs.resume_required");
  });

  it("refuses the 6th application in a minute from one address", async () => {
    await database.db.delete(rateLimitHits);
    const clientKey = "10.9.9.9";
    for (let i = 0; i < 5; i++) await createApplication(deps, null, form({ clientKey, email: `burst${i}@example.com` }));
    const sixth = await errorOf(createApplication(deps, null, form({ clientKey })));
    expect(sixth.code).toBe("rate_limited");
    clock.advance(60_000);
    expect(await codeOf(createApplication(deps, null, form({ clientKey, email: "later@example.com" })))).toBe("no error");
  });

  it("checks the resume by its content: a text file named .pdf, too large, or missing", async () => {
    const fake = await errorOf(
      createApplication(deps, null, form({ resume: new TextEncoder().encode("%PDF-1.4 not really a pdf at all, just text ".repeat(3)) })),
    );
    expect(fake.code).toBe("jobs.resume_not_pdf");
    expect(fake.details?.fieldErrors).toEqual({ resume: "errors:jobs.resume_not_pdf" });
    const png = await errorOf(
      createApplication(deps, null, form({ resume: new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...new Array(200).fill(0)]) })),
    );
    expect(png.code).toBe("jobs.resume_not_pdf");
    const big = new Uint8Array(RESUME_MAX_BYTES + 1);
    big.set(makePdf("x"));
    expect((await errorOf(createApplication(deps, null, form({ resume: big })))).code).toBe("jobs.resume_too_large");
    expect((await errorOf(createApplication(deps, null, form({ resume: null })))).code).toBe("jobs.resume_required");
  });

  it("checks every field, keeping a valid resume for the next try", async () => {
    const err = await errorOf(
      createApplication(deps, null, form({ name: " ", email: "nope", message: "", experience: "", portfolioUrl: "javascript:alert(1)" })),
    );
    expect(err.code).toBe("input.invalid");
    expect(err.details?.fieldErrors).toEqual({
      name: "errors:jobs.name_required",
      email: "errors:jobs.email_invalid",
      message: "errors:jobs.message_required",
      experience: "errors:jobs.experience_required",
      portfolioUrl: "errors:jobs.portfolio_invalid",
    });
    expect(err.details?.resumeToken).toMatch(/^[a-f0-9]{32}$/);
  });

  it("an admin closes and opens an offer (audited); a closed offer takes no application", async () => {
    const closing = await closeOffer(deps, admin, { id: offerId });
    expect(closing.changed).toBe(true);
    expect((await closeOffer(deps, admin, { id: offerId })).changed).toBe(false);
    expect(await codeOf(createApplication(deps, null, form()))).toBe("jobs.offer_closed");
    expect((await listOpenOffers(deps, { locale: "es" })).some((o) => o.id === offerId)).toBe(false);
    await openOffer(deps, admin, { id: offerId });
    const [offer] = await database.db.select().from(jobOffers).where(eq(jobOffers.id, offerId));
    expect([offer.status, offer.closedAt]).toEqual(["open", null]);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.targetId, offerId))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["jobs.offer_closed", "jobs.offer_reopened"]));
    expect(actions.filter((a) => a === "jobs.offer_closed")).toHaveLength(1);
  });

  it("an admin edits an offer, and its fields are checked", async () => {
    await updateOffer(deps, admin, {
      id: offerId,
      titleEs: "Programador/a web",
      titleEn: "Web programmer",
      descriptionEs: "d",
      descriptionEn: "d",
    });
    expect((await getPublicOffer(deps, { id: offerId, locale: "en" })).title).toBe("Web programmer");
    const err = await errorOf(updateOffer(deps, admin, { id: offerId, titleEs: "", titleEn: "x", descriptionEs: "", descriptionEn: "x" }));
    expect(err.details?.fieldErrors).toEqual({ titleEs: "errors:jobs.title_required", descriptionEs: "errors:jobs.description_required" });
    expect(
      await codeOf(updateOffer(deps, admin, { id: "missing", titleEs: "a", titleEn: "a", descriptionEs: "a", descriptionEn: "a" })),
    ).toBe("jobs.offer_not_found");
  });

  it("an admin accepts with an email in the applicant's language, once; rejects without one", async () => {
    const a = await createApplication(deps, null, form({ email: "decide@example.com", locale: "en" }));
    const b = await createApplication(deps, null, form({ email: "quiet@example.com" }));
    const missing = await errorOf(acceptApplication(deps, admin, { applicationId: a.applicationId, sendEmail: "on", message: "" }));
    expect(missing.details?.fieldErrors).toEqual({ message: "errors:jobs.decision_message_required" });
    const done = await acceptApplication(deps, admin, { applicationId: a.applicationId, sendEmail: "on", message: "Welcome aboard!" });
    expect(done).toMatchObject({ status: "accepted", emailed: true });
    expect(await codeOf(rejectApplication(deps, admin, { applicationId: a.applicationId, sendEmail: false }))).toBe("jobs.already_decided");
    const mail = (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "decide@example.com"))).find(
      (m) => m.template === "job-application-accepted",
    );
    expect(mail?.locale).toBe("en");
    expect(mail?.text).toContain("Welcome aboard!");
    const view = await getApplication(deps, admin, { applicationId: a.applicationId });
    expect(view.decisions).toEqual([
      expect.objectContaining({ status: "accepted", emailed: true, byName: "admin", message: "Welcome aboard!" }),
    ]);
    expect(JSON.stringify(view)).not.toContain("private/");

    await rejectApplication(deps, admin, { applicationId: b.applicationId, sendEmail: false, message: "ignored" });
    const quiet = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "quiet@example.com"));
    expect(quiet.map((m) => m.template)).toEqual(["job-application-received"]);
    const audits = (await database.db.select().from(auditLog)).map((r) => r.action);
    expect(audits).toEqual(expect.arrayContaining(["jobs.application_accepted", "jobs.application_rejected"]));
  });

  it("lists applications by offer and status, a page at a time", async () => {
    const all = await listApplications(deps, admin, {});
    expect(all.total).toBeGreaterThan(5);
    const accepted = await listApplications(deps, admin, { status: "accepted", offer: offerId });
    expect(accepted.rows.every((r) => r.status === "accepted")).toBe(true);
    expect(accepted.total).toBe(1);
    expect((await listApplications(deps, admin, { offer: "other" })).total).toBe(0);
    const offers = await listOffers(deps, admin);
    expect(offers.find((o) => o.id === offerId)?.applications).toBe(all.total);
  });

  it("an admin deletes an application and its resume", async () => {
    const a = await createApplication(deps, null, form({ email: "gone@example.com" }));
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, a.applicationId));
    await deleteApplication(deps, admin, { applicationId: a.applicationId });
    expect(await deps.storage.stat(row.resumeKey)).toBeNull();
    expect(await codeOf(getApplication(deps, admin, { applicationId: a.applicationId }))).toBe("jobs.application_not_found");
  });

  it("deletes applications and resumes the set number of months after their offer closed", async () => {
    expect(monthsBefore(new Date("2026-08-31T00:00:00Z"), 6).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    const old = await createOffer(deps, admin, { titleEs: "Viejo", titleEn: "Old", descriptionEs: "d", descriptionEn: "d" });
    const recent = await createOffer(deps, admin, { titleEs: "Reciente", titleEn: "Recent", descriptionEs: "d", descriptionEn: "d" });
    const oldApp = await createApplication(deps, null, form({ offerId: old.id, email: "old@example.com" }));
    const recentApp = await createApplication(deps, null, form({ offerId: recent.id, email: "recent@example.com" }));
    const [oldRow] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, oldApp.applicationId));
    await closeOffer(deps, admin, { id: old.id });
    clock.advance(2 * 30 * 86_400_000);
    await closeOffer(deps, admin, { id: recent.id });
    clock.advance(5 * 30 * 86_400_000);
    // Old closed about seven months ago, recent five: only old's applications go (the default is six months).
    const first = await purgeExpiredApplications(deps);
    expect(first.deleted).toBe(1);
    expect(await deps.storage.stat(oldRow.resumeKey)).toBeNull();
    expect(await codeOf(getApplication(deps, admin, { applicationId: recentApp.applicationId }))).toBe("no error");
    // The open offer's applications stay whatever their age; a shorter setting takes the recent one too.
    await deps.settings.change("applications_retention_months", 4, admin.userId, async () => {});
    const second = await purgeExpiredApplications(deps);
    expect(second.deleted).toBe(1);
    expect((await listApplications(deps, admin, { offer: offerId })).total).toBeGreaterThan(0);
  });
});
