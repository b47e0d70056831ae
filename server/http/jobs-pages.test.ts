import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany, createUser } from "#server/db/factories";
import { auditLog, jobApplications, mailOutbox, profiles, rateLimitHits } from "#server/db/schema";
import { makePdf } from "#server/modules/jobs/pdf";
import { issueFormTicket } from "#server/platform/form-guard";
import { APPLY_FORM } from "#shared/jobs";
import { testActor } from "#tests/support/actors";
import { BODY_LIMITS, bodyLimitFor } from "./body-limits";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { mainOf, pageClient, textOf } from "#tests/support/pages";

/**
 * /jobs, /jobs/{id} and its application form, /admin/jobs, /admin/applications and the resume's download: who may
 * open and post each, both languages, every validation message, the spam checks (honeypot, too fast, 6th in a
 * minute), the resume checked by its content, what was typed kept, and the resume never reachable by anyone else.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const SECRET = "test-secret-test-secret-test-secret-0123";
const { get, post } = pageClient(() => t, "198.51.107");
type Who = "visitor" | "member" | "creator" | "company" | "moderator" | "admin";
const cookies: Record<Who, string> = { visitor: "", member: "", creator: "", company: "", moderator: "", admin: "" };
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
let admin: ReturnType<typeof testActor>;
let openId = "";
let closedId = "";
let applicationId = "";
let ip = 0;

async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.includes("/login?redirectTo=")) return "login";
  if (to === "/en/" || to === "/es/" || to === "/") return "home";
  return res.status;
}

const oldTicket = () => issueFormTicket(SECRET, APPLY_FORM, new Date(Date.now() - 60_000));

/** The application form as a browser without JavaScript sends it: multipart, with a file and the guard's fields. */
function applyBody(over: Record<string, string | null> = {}, file: { name: string; type: string; bytes: Uint8Array } | null = null) {
  const fields: Record<string, string | null> = {
    name: "Ana García",
    email: "ana@example.com",
    message: "I would love to help the community grow.",
    experience: "Three years at a small studio.",
    portfolioUrl: "https://example.com/ana",
    formTicket: oldTicket(),
    website: "",
    ...over,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.set(k, v);
  const f = file ?? { name: "cv-ana.pdf", type: "application/pdf", bytes: makePdf("Ana Garcia") };
  form.set("resume", new File([Buffer.from(f.bytes)], f.name, { type: f.type }));
  return form;
}
const apply = (path: string, form: FormData, address = `203.0.113.${++ip % 250}`) =>
  t.request(path, { method: "POST", body: form, headers: { "x-test-ip": address } });

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const a = await createUser(db, { roles: ["Admin"], username: "jobs_admin" });
  const mod = await createUser(db, { roles: ["Moderator"], username: "jobs_mod" });
  const creator = await createUser(db, { username: "jobs_creator" });
  const member = await createUser(db, { username: "jobs_member" });
  await db.update(profiles).set({ role: null }).where(eq(profiles.id, member.id));
  const company = await createCompany(db, { verified: true });
  admin = testActor({ userId: a.id, roles: ["Admin"], profileRole: null, username: "jobs_admin" });
  cookies.admin = await signIn(t, a.email, PW);
  cookies.moderator = await signIn(t, mod.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
  cookies.member = await signIn(t, member.email, PW);
  cookies.company = await signIn(t, company.email, PW);
});
afterAll(() => t.close());

describe("/jobs", () => {
  it("says there is nothing open yet, in both languages", async () => {
    const en = await get("/en/jobs");
    expect(en.status).toBe(200);
    expect(await textOf(en)).toContain("No open positions right now");
    expect(await textOf(await get("/es/jobs"))).toContain("Ahora no hay puestos abiertos");
  });

  it("lists the open offers in the reader's language, not the closed ones; both pages answer", async () => {
    const jobs = t.services.jobBoard;
    openId = (
      await jobs.createOffer(admin, {
        titleEs: "Animador/a 2D",
        titleEn: "2D animator",
        descriptionEs: "Animación **cuadro a cuadro** para tráileres.",
        descriptionEn: "Frame by frame **animation** for trailers.",
      })
    ).id;
    closedId = (
      await jobs.createOffer(admin, { titleEs: "Locutor/a", titleEn: "Voice actor", descriptionEs: "Voces.", descriptionEn: "Voices." })
    ).id;
    await jobs.closeOffer(admin, { id: closedId });
    const en = await textOf(await get("/en/jobs"));
    expect(en).toContain("2D animator");
    expect(en).toContain("Frame by frame animation for trailers.");
    expect(en).not.toContain("Voice actor");
    const es = await textOf(await get("/es/jobs"));
    expect(es).toContain("Animador/a 2D");
    const page = await get(`/en/jobs/${openId}`);
    expect(page.status).toBe(200);
    const html = mainOf(await page.text());
    expect(html).toContain("<strong>animation</strong>");
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain(`data-track-event="job_apply_click"`);
    expect(html).toContain(`data-track-id="${openId}"`);
    expect(html).toContain('name="formTicket"');
    expect(html).toContain('name="website"');
    const esPage = await textOf(await get(`/es/jobs/${openId}`));
    expect(esPage).toContain("Presenta tu candidatura");
    expect(esPage).toContain("Currículum");
  });

  it("shows a closed offer as closed, without a form; an unknown offer is a 404", async () => {
    const res = await get(`/en/jobs/${closedId}`);
    expect(res.status).toBe(200);
    const html = mainOf(await res.text());
    expect(html).toContain("This position is closed");
    expect(html).not.toContain('name="resume"');
    expect(await textOf(await get(`/es/jobs/${closedId}`))).toContain("Esta oferta está cerrada");
    expect((await get("/en/jobs/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await get("/en/jobs/not%20an%20id")).status).toBe(404);
    // A post to a closed offer is refused with its message.
    const refused = await apply(`/en/jobs/${closedId}`, applyBody());
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("This position is closed and no longer takes applications.");
  });
});

describe("applying", () => {
  it("has the resume's body limit on an offer's page, in both languages and for data requests", () => {
    for (const path of ["/jobs/abc", "/es/jobs/abc", "/en/jobs/abc.data"])
      expect(bodyLimitFor("POST", path), path).toBe(BODY_LIMITS.resume);
    expect(bodyLimitFor("POST", "/jobs")).toBe(BODY_LIMITS.form);
  });

  it("takes an application, says so, and mails a confirmation in the applicant's language", async () => {
    const res = await apply(`/es/jobs/${openId}`, applyBody({ email: "ana.es@example.com" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/es/jobs/${openId}?applied=1`);
    expect(await textOf(await get(`/es/jobs/${openId}?applied=1`))).toContain("Gracias: tu candidatura ha llegado.");
    const [mail] = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana.es@example.com"));
    expect([mail?.template, mail?.locale]).toEqual(["job-application-received", "es"]);
    expect(mail?.subject).toContain("Animador/a 2D");
    const [row] = await t.services.db.select().from(jobApplications).where(eq(jobApplications.email, "ana.es@example.com"));
    applicationId = row!.id;
    expect(row!.resumeKey.startsWith("private/resumes/")).toBe(true);
  });

  it("shows every field's message in both languages and keeps what was typed", async () => {
    const empty = { name: "", email: "not-an-email", message: "", experience: "", portfolioUrl: "ftp://x" };
    const en = await apply(`/en/jobs/${openId}`, applyBody({ ...empty, name: "  ", experience: "" }));
    expect(en.status).toBe(400);
    const text = await textOf(en);
    for (const m of [
      "Enter your name.",
      "Enter a valid email address, like name@example.com.",
      "Tell us why you are applying.",
      "Describe your experience.",
      "Enter the portfolio as a full address starting with https://, or leave it empty.",
    ])
      expect(text).toContain(m);
    const es = await textOf(await apply(`/es/jobs/${openId}`, applyBody(empty)));
    for (const m of [
      "Escribe tu nombre.",
      "Escribe un correo válido",
      "Cuéntanos por qué te presentas.",
      "Describe tu experiencia.",
      "Escribe el portafolio",
    ])
      expect(es).toContain(m);
    // What was typed comes back, and the valid resume is kept (named by a token, never by its storage key).
    const kept = await apply(`/en/jobs/${openId}`, applyBody({ name: "Bea Typed", message: "" }));
    const html = mainOf(await kept.text());
    expect(html).toContain('value="Bea Typed"');
    expect(html).toContain("Three years at a small studio.");
    expect(html).toMatch(/name="resumeToken" value="[a-f0-9]{32}"/);
    expect(html).toContain("We kept the resume you sent (cv-ana.pdf)");
    expect(html).not.toContain("private/");
    // Sent again without a file: the kept resume is taken.
    const token = /name="resumeToken" value="([a-f0-9]{32})"/.exec(html)![1]!;
    const again = applyBody({ name: "Bea Typed", email: "bea@example.com", resumeToken: token, resumeName: "cv-ana.pdf" });
    again.delete("resume");
    expect((await apply(`/en/jobs/${openId}`, again)).status).toBe(302);
  });

  it("refuses a missing resume and a file named .pdf that is not a PDF, with translated messages", async () => {
    const none = applyBody();
    none.set("resume", new File([], "", { type: "application/octet-stream" }));
    expect(await textOf(await apply(`/en/jobs/${openId}`, none))).toContain("Attach your resume as a PDF file.");
    const fake = {
      name: "cv.pdf",
      type: "application/pdf",
      bytes: new TextEncoder().encode("Hello, this is my resume in plain text. ".repeat(10)),
    };
    const en = await apply(`/en/jobs/${openId}`, applyBody({}, fake));
    expect(en.status).toBe(422);
    expect(await textOf(en)).toContain("The resume must be a PDF file. This file is not a PDF, whatever its name says.");
    expect(await textOf(await apply(`/es/jobs/${openId}`, applyBody({}, fake)))).toContain("El currículum debe ser un archivo PDF.");
  });

  it("refuses a filled honeypot, a forged ticket and a form sent too fast", async () => {
    const bot = await apply(`/en/jobs/${openId}`, applyBody({ website: "http://spam.example" }));
    expect(bot.status).toBe(422);
    expect(await textOf(bot)).toContain("We could not accept this form.");
    expect(await textOf(await apply(`/en/jobs/${openId}`, applyBody({ formTicket: "1.forged" })))).toContain(
      "We could not accept this form.",
    );
    const fast = await apply(`/en/jobs/${openId}`, applyBody({ formTicket: issueFormTicket(SECRET, APPLY_FORM, new Date()) }));
    expect(fast.status).toBe(422);
    const fastText = await textOf(fast);
    expect(fastText).toContain("That was very quick.");
    expect(
      mainOf(await (await apply(`/es/jobs/${openId}`, applyBody({ formTicket: issueFormTicket(SECRET, APPLY_FORM, new Date()) }))).text()),
    ).toContain("Ha sido muy rápido");
  });

  it("refuses the 6th application in a minute from one address", async () => {
    await t.services.db.delete(rateLimitHits);
    const address = "203.0.113.251";
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await apply(`/en/jobs/${openId}`, applyBody({ email: `burst${i}@example.com` }), address)).status);
    expect(answers).toEqual([302, 302, 302, 302, 302, 429]);
    const sixth = await apply(`/es/jobs/${openId}`, applyBody(), address);
    expect(sixth.status).toBe(429);
    expect(await textOf(sixth)).toContain("Demasiadas");
  });
});

describe("the admin tabs", () => {
  it("open for Admins only", async () => {
    for (const path of ["/en/admin/jobs", "/en/admin/applications", `/en/admin/applications?application=${applicationId}`]) {
      const got: Record<string, unknown> = {};
      for (const who of ["visitor", "member", "creator", "company", "moderator", "admin"] as Who[])
        got[who] = await answerOf(await get(path, cookieOf(who)));
      expect(got, path).toEqual({ visitor: "login", member: "home", creator: "home", company: "home", moderator: 403, admin: 200 });
    }
  });

  it("refuse every write to anyone but an Admin", async () => {
    const writes: [string, Record<string, string>][] = [
      ["/en/admin/jobs", { intent: "create", titleEs: "x", titleEn: "x", descriptionEs: "x", descriptionEn: "x" }],
      ["/en/admin/jobs", { intent: "close", offerId: openId }],
      ["/en/admin/applications", { intent: "accept", applicationId }],
      ["/en/admin/applications", { intent: "delete", applicationId }],
    ];
    for (const [path, body] of writes) {
      const got: Record<string, unknown> = {};
      for (const who of ["visitor", "member", "creator", "company", "moderator"] as Who[])
        got[who] = await answerOf(await post(path, body, cookieOf(who)));
      expect(got, `${path} ${body.intent}`).toEqual({ visitor: "login", member: "home", creator: "home", company: "home", moderator: 403 });
    }
    const [row] = await t.services.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    expect(row?.status).toBe("pending");
  });

  it("an admin creates, edits, closes and opens an offer, each audited, with messages in both languages", async () => {
    const bad = await post(
      "/en/admin/jobs",
      { intent: "create", formId: "create", titleEs: "", titleEn: "Tester", descriptionEs: "", descriptionEn: "x" },
      cookies.admin,
    );
    expect(bad.status).toBe(400);
    const badText = await textOf(bad);
    expect(badText).toContain("Enter the title.");
    expect(badText).toContain("Enter the description.");
    expect(
      mainOf(
        await (
          await post(
            "/es/admin/jobs",
            { intent: "create", formId: "create", titleEs: "", titleEn: "", descriptionEs: "", descriptionEn: "" },
            cookies.admin,
          )
        ).text(),
      ),
    ).toContain("Escribe el título.");
    const made = await post(
      "/en/admin/jobs",
      { intent: "create", formId: "create", titleEs: "Probador/a", titleEn: "Tester", descriptionEs: "Probar.", descriptionEn: "Testing." },
      cookies.admin,
    );
    expect(made.status).toBe(200);
    expect(await textOf(made)).toContain("Offer “Tester” published.");
    const list = await t.services.jobBoard.listOffers(admin);
    const tester = list.find((o) => o.titleEn === "Tester")!;
    const edited = await post(
      "/es/admin/jobs",
      {
        intent: "update",
        formId: "update",
        offerId: tester.id,
        titleEs: "Probador/a QA",
        titleEn: "QA tester",
        descriptionEs: "Probar.",
        descriptionEn: "Testing.",
      },
      cookies.admin,
    );
    expect(await textOf(edited)).toContain("Oferta «QA tester» guardada.");
    expect(await textOf(await post("/en/admin/jobs", { intent: "close", offerId: tester.id }, cookies.admin))).toContain(
      "Offer “QA tester” closed.",
    );
    expect(await textOf(await post("/en/admin/jobs", { intent: "open", offerId: tester.id }, cookies.admin))).toContain(
      "Offer “QA tester” is open again.",
    );
    const actions = (await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, tester.id))).map((r) => r.action).sort();
    expect(actions).toEqual(["jobs.offer_closed", "jobs.offer_created", "jobs.offer_reopened", "jobs.offer_updated"]);
    const page = await textOf(await get(`/en/admin/jobs?edit=${tester.id}`, cookies.admin));
    expect(page).toContain("Job offers");
    expect(page).toContain("Save changes");
    expect(await textOf(await get("/es/admin/jobs", cookies.admin))).toContain("Ofertas de empleo");
  });

  it("lists applications filtered by offer and status, paged, and opens one with its resume link", async () => {
    const all = await textOf(await get("/en/admin/applications", cookies.admin));
    expect(all).toContain("Ana García");
    const byStatus = await textOf(await get("/en/admin/applications?status=accepted", cookies.admin));
    expect(byStatus).toContain("No application matches these filters");
    const byOffer = await textOf(await get(`/en/admin/applications?offer=${closedId}`, cookies.admin));
    expect(byOffer).toContain("No application matches these filters");
    expect(await textOf(await get(`/en/admin/applications?offer=${openId}&status=pending&page=1`, cookies.admin))).toContain("Ana García");
    // The quick view counts the applications waiting for a decision and leads to them.
    const quick = await (await get("/en/admin", cookies.admin)).text();
    expect(quick).toMatch(/Applications? waiting for a decision/);
    expect(quick).toContain('href="/en/admin/applications?status=pending"');
    expect(await (await get("/en/admin", cookies.moderator)).text()).not.toContain("waiting for a decision");
    const detail = await get(`/en/admin/applications?application=${applicationId}`, cookies.admin);
    const html = mainOf(await detail.text());
    expect(html).toContain(`/en/admin/applications/${applicationId}/resume`);
    expect(html).not.toContain("private/");
    // The default messages are in the applicant's language (Spanish here), whatever the admin's.
    expect(html).toContain("gracias por presentarte a Animador/a 2D");
    expect(await textOf(await get(`/es/admin/applications?application=${applicationId}`, cookies.admin))).toContain(
      "Candidatura de Ana García",
    );
  });

  it("an admin accepts with an email (it goes, in the applicant's language), and a decided one cannot be decided again", async () => {
    const detail = `/en/admin/applications?application=${applicationId}`;
    const missing = await post(detail, { intent: "accept", applicationId, sendEmail: "on", message: "" }, cookies.admin);
    expect(await textOf(missing)).toContain("Write the message, or untick the email box.");
    const ok = await post(
      "/en/admin/applications",
      { intent: "accept", applicationId, sendEmail: "on", message: "¡Bienvenida, Ana!" },
      cookies.admin,
    );
    expect(await textOf(ok)).toContain("Ana García's application was accepted and the email sent.");
    const mails = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana.es@example.com"));
    const decision = mails.find((m) => m.template === "job-application-accepted");
    expect(decision?.locale).toBe("es");
    expect(decision?.text).toContain("¡Bienvenida, Ana!");
    const again = await post("/es/admin/applications", { intent: "reject", applicationId }, cookies.admin);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("Esta candidatura ya se aceptó o se rechazó.");
    const history = await textOf(await get(`/en/admin/applications?application=${applicationId}`, cookies.admin));
    expect(history).toContain("Accepted by jobs_admin");
    expect(history).toContain("The applicant was emailed.");
  });

  it("shows the retention setting with its help, and saves it", async () => {
    const page = await textOf(await get("/en/admin/settings", cookies.admin));
    expect(page).toContain("Months kept after an offer closes");
    expect(page).toContain("Applications and their resumes are deleted this many months after their offer closes.");
    const saved = await post("/en/admin/settings", { intent: "retention", months: "9" }, cookies.admin);
    expect(await textOf(saved)).toContain("Retention saved.");
    expect(await t.services.settings.get("applications_retention_months")).toBe(9);
    const refused = await post("/en/admin/settings", { intent: "retention", months: "0" }, cookies.admin);
    expect(await textOf(refused)).toContain("Enter a whole number of months from 1 to 60.");
  });
});

describe("the resume's download", () => {
  it("answers the PDF to an Admin only, as a private attachment", async () => {
    const path = `/en/admin/applications/${applicationId}/resume`;
    const got: Record<string, unknown> = {};
    for (const who of ["visitor", "member", "creator", "company", "moderator"] as Who[])
      got[who] = await answerOf(await get(path, cookieOf(who)));
    expect(got).toEqual({ visitor: "login", member: "home", creator: "home", company: "home", moderator: 403 });
    const res = await get(path, cookies.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="resume-ana-garcia.pdf"');
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("cache-control")).toContain("private");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await get(`/en/admin/applications/nope/resume`, cookies.admin)).status).toBe(404);
  });

  it("is never reachable through /media, and its key is in no page a non-admin sees", async () => {
    const [row] = await t.services.db.select().from(jobApplications).where(eq(jobApplications.id, applicationId));
    const key = row!.resumeKey;
    expect((await get(`/media/${key}`)).status).toBe(404);
    expect((await get(`/media/${key}`, cookies.admin)).status).toBe(404);
    const token = key.slice("private/resumes/".length, -".pdf".length);
    const pages = ["/en/jobs", `/en/jobs/${openId}`, `/es/jobs/${openId}`, `/en/jobs/${closedId}`, "/en/search?q=animator", "/sitemap.xml"];
    for (const who of ["visitor", "member", "creator", "company", "moderator"] as Who[])
      for (const p of [...pages, "/en/admin/applications", `/en/admin/applications?application=${applicationId}`]) {
        const body = await (await get(p, cookieOf(who))).text();
        expect(body.includes(key) || body.includes(token), `${who} ${p}`).toBe(false);
      }
  });
});

describe("search and the sitemap", () => {
  it("find open offers in their own section, not closed ones", async () => {
    const plain = async (res: Response) => (await textOf(res)).replace(/<[^>]+>/g, "");
    const en = await plain(await get("/en/search?q=animator"));
    expect(en).toContain("Job offers");
    expect(en).toContain("2D animator");
    const es = await plain(await get("/es/search?q=animación"));
    expect(es).toContain("Animador/a 2D");
    expect(await textOf(await get("/en/search?q=voices"))).not.toContain("Voice actor");
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/jobs/${openId}`);
    expect(sitemap).not.toContain(`/jobs/${closedId}`);
  });
});
