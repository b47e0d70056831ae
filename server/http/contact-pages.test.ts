import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "#server/db/factories";
import { auditLog, contactMessageEvents, contactMessages } from "#server/db/schema";
import { BODY_LIMITS, bodyLimitFor } from "#server/http/body-limits";
import { issueFormTicket } from "#server/platform/form-guard";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { pageClient, textOf } from "#tests/support/pages";
import { startSmtpServer } from "#tests/support/smtp";

/**
 * /contact and the team's Contacts tab, driven as a browser without JavaScript would: every field's message in
 * both languages, the spam checks and the rate limit each with its translated message and the typed values kept,
 * the mail server's refusal, and the tab's roles, filters, marks, archive and reply by email.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const smtpOptions: { failWith?: string } = {};
const SECRET = "test-secret-test-secret-test-secret-0123";
const TEAM = "team@example.com";
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.120");
const cookies = { admin: "", moderator: "", creator: "" };

/** A ticket from a page served `secondsAgo` ago (the browser's server waits 3 s at least). */
const ticket = (secondsAgo = 10) => issueFormTicket(SECRET, "contact", new Date(Date.now() - secondsAgo * 1000));
const FORM = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  inquiryType: "business",
  message: "We would like to sponsor the next indie event.",
  website: "",
};
const send = (lang: "en" | "es", over: Record<string, string> = {}) => post(`/${lang}/contact`, { ...FORM, formTicket: ticket(), ...over });
const postFrom = (ip: string, fields: Record<string, string>) =>
  t.request("/en/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": ip },
    body: new URLSearchParams(fields).toString(),
  });
const stored = () => t.services.db.select().from(contactMessages);

beforeAll(async () => {
  smtp = await startSmtpServer(smtpOptions);
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip", SMTP_URL: smtp.url, CONTACT_EMAIL: TEAM, FORM_MIN_FILL_SECONDS: "3" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "contact_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "contact_mod" });
  const creator = await createUser(db, { username: "contact_creator" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtpOptions.failWith = undefined;
  smtp.received.length = 0;
  await t.services.db.delete(contactMessages);
});

/** What a refused form must still hold: every value typed, the chosen kind checked. */
async function expectKept(res: Response, fields: Record<string, string> = FORM) {
  const html = await res.text();
  expect(html).toContain(`value="${fields.name}"`);
  expect(html).toContain(`value="${fields.email}"`);
  if (fields.company) expect(html).toContain(`value="${fields.company}"`);
  expect(html).toContain(`>${fields.message}</textarea>`);
  if (fields.inquiryType === "business" || fields.inquiryType === "personal")
    expect(html).toMatch(new RegExp(`value="${fields.inquiryType}" checked=""|checked="" value="${fields.inquiryType}"`));
  return html;
}

describe("/contact", () => {
  it("shows the form in both languages, with the spam checks' fields, to anyone", async () => {
    const en = await get("/en/contact");
    expect(en.status).toBe(200);
    const html = await en.text();
    expect(html).toContain('name="formTicket"');
    expect(html).toContain('name="website"');
    expect(html).toContain("Send message");
    expect(html).toContain("Company or studio (optional)");
    expect(html).toContain("Between 10 and 5000 characters.");
    const es = await textOf(await get("/es/contact"));
    expect(es).toContain("Contacto");
    expect(es).toContain("Enviar mensaje");
    expect(es).toContain("Empresa");
    // A signed-in person starts with their email.
    expect(await (await get("/en/contact", cookies.creator)).text()).toMatch(/value="contact_creator@example\.test"/);
  });

  it("sends: says what happens next, keeps the message, tells the team and sends a copy in the page's language", async () => {
    const res = await send("es");
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("Mensaje enviado");
    expect(text).toContain("Te hemos enviado una copia de tu mensaje a ada@example.com.");
    expect(text).toContain("te responderá a esa dirección");
    const [row] = await stored();
    expect(row).toMatchObject({ name: "Ada Lovelace", company: "Analytical Engines", inquiryType: "business", locale: "es" });
    const copy = smtp.received.find((m) => m.to.includes("ada@example.com"))!;
    expect(copy.subject).toBe("Hemos recibido tu mensaje");
    expect(copy.text).toContain(FORM.message);
    const team = smtp.received.find((m) => m.to.includes(TEAM))!;
    expect(team.replyTo).toContain("ada@example.com");

    const en = await send("en", { company: "", inquiryType: "personal" });
    expect(await textOf(en)).toContain("We have sent a copy of your message to ada@example.com.");
    expect(smtp.received.filter((m) => m.subject === "We received your message")).toHaveLength(1);
  });

  it("says every field's problem beside it, in both languages, keeping what was typed", async () => {
    const bad = { name: "", email: "nope", company: "c".repeat(121), inquiryType: "", message: "short" };
    const en = await send("en", bad);
    expect(en.status).toBe(400);
    const html = await en.text();
    for (const msg of [
      "Enter your name.",
      "Enter an email address like name@example.com.",
      "Enter a company name of 120 characters or fewer.",
      "Choose whether your message is personal or business.",
      "Write at least 10 characters so the team can help you.",
    ])
      expect(html).toContain(msg);
    expect(html).toContain('value="nope"');
    expect(html).toContain(">short</textarea>");
    const es = await (await send("es", bad)).text();
    for (const msg of [
      "Escribe tu nombre.",
      "Escribe un correo como nombre@ejemplo.com.",
      "Escribe un nombre de empresa de 120 caracteres como máximo.",
      "Elige si tu mensaje es personal o de empresa.",
      "Escribe al menos 10 caracteres para que el equipo pueda ayudarte.",
    ])
      expect(es).toContain(msg);
    const long = { name: "n".repeat(101), email: "", message: "m".repeat(5001) };
    const enLong = await (await send("en", long)).text();
    for (const msg of [
      "Enter a name of 100 characters or fewer.",
      "Enter your email address.",
      "Keep your message to 5000 characters or fewer.",
    ])
      expect(enLong).toContain(msg);
    const esLong = await (await send("es", { ...long, message: "" })).text();
    for (const msg of ["Escribe un nombre de 100 caracteres como máximo.", "Escribe tu correo electrónico.", "Escribe tu mensaje."])
      expect(esLong).toContain(msg);
    expect(await (await send("es", { message: "m".repeat(5001) })).text()).toContain("El mensaje puede tener 5000 caracteres como máximo.");
    expect(await (await send("en", { message: "" })).text()).toContain("Enter your message.");
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a filled hidden field, a missing ticket and a form sent too fast, each with its message and the values kept", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ website: "http://spam.example" }, "We could not accept this form.", "No hemos podido aceptar este formulario."],
      [{ formTicket: "" }, "We could not accept this form.", "No hemos podido aceptar este formulario."],
      [{ formTicket: ticket(0) }, "That was very quick.", "Ha sido muy rápido."],
      [{ formTicket: ticket(25 * 3600) }, "This page was open for a long time.", "Esta página llevaba mucho tiempo abierta."],
    ];
    for (const [over, en, es] of cases) {
      const res = await send("en", over);
      expect(res.status).toBe(422);
      expect(await expectKept(res)).toContain(en);
      expect(await (await send("es", over)).text()).toContain(es);
    }
    // The ticket of the page just served is too fresh to send at once.
    const page = await (await get("/en/contact")).text();
    const fresh = /name="formTicket" value="([^"]+)"/.exec(page)![1];
    expect((await send("en", { formTicket: fresh })).status).toBe(422);
    expect(await stored()).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses the sixth message in a minute from one address, translated, keeping what was typed", async () => {
    const now = Date.now();
    // Five in the same fixed window (a new minute may start mid-test: then count from there).
    for (let i = 0; i < 5; i++) {
      const res = await postFrom("203.0.113.77", { ...FORM, formTicket: ticket() });
      if (Date.now() - now > 50_000) return;
      expect(res.status).toBe(200);
    }
    const sixth = await postFrom("203.0.113.77", { ...FORM, formTicket: ticket() });
    expect(sixth.status).toBe(429);
    expect(await expectKept(sixth)).toContain("Too many requests. Please wait a moment and try again.");
    const es = await t.request("/es/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-ip": "203.0.113.77" },
      body: new URLSearchParams({ ...FORM, formTicket: ticket() }).toString(),
    });
    expect(es.status).toBe(429);
    expect(await es.text()).toContain("Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.");
    expect(await stored()).toHaveLength(5);
    // Another address is not held back.
    expect((await postFrom("203.0.113.78", { ...FORM, formTicket: ticket() })).status).toBe(200);
  });

  it("when the mail server refuses, keeps nothing and says 'Error sending message. Please try again.' with everything kept", async () => {
    smtpOptions.failWith = "mailbox unavailable";
    const en = await send("en");
    expect(en.status).toBe(502);
    expect(await expectKept(en)).toContain("Error sending message. Please try again.");
    const es = await send("es");
    expect(await es.text()).toContain("Error al enviar el mensaje. Inténtalo de nuevo.");
    expect(await stored()).toHaveLength(0);
  });

  it("is in the sitemap in both languages", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("/en/contact</loc>");
    expect(xml).toContain("/es/contact</loc>");
  });

  it("has its own body limit", () => {
    expect(bodyLimitFor("POST", "/en/contact")).toBe(BODY_LIMITS.contact);
    expect(bodyLimitFor("POST", "/contact.data")).toBe(BODY_LIMITS.contact);
    expect(BODY_LIMITS.contact).toBeGreaterThan(5000 * 9 + 2000);
  });
});

describe("/admin/contacts", () => {
  let ids: Record<"personal" | "business", string>;
  beforeEach(async () => {
    await send("en", { name: "Pat Personal", email: "pat@example.com", inquiryType: "personal", company: "" });
    await send("es", { name: "Bea Business", email: "bea@example.com", inquiryType: "business" });
    const rows = await stored();
    ids = {
      personal: rows.find((r) => r.inquiryType === "personal")!.id,
      business: rows.find((r) => r.inquiryType === "business")!.id,
    };
    smtp.received.length = 0;
  });

  it("opens for Admins and Moderators in both languages, a tab per kind; a visitor signs in, a member is sent away", async () => {
    const en = await get("/en/admin/contacts", cookies.moderator);
    expect(en.status).toBe(200);
    const text = await textOf(en);
    expect(text).toContain("Contacts");
    expect(text).toContain("Pat Personal");
    expect(text).not.toContain("Bea Business");
    expect(text).toContain("1 unread");
    const biz = await textOf(await get("/en/admin/contacts?type=business", cookies.admin));
    expect(biz).toContain("Bea Business");
    const es = await textOf(await get("/es/admin/contacts?type=business", cookies.admin));
    expect(es).toContain("Contactos");
    expect(es).toContain("Sin leer");
    const visitor = await get("/en/admin/contacts");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/en\/login\?redirectTo=/);
    expect((await get("/en/admin/contacts", cookies.creator)).status).toBe(302);
    // The quick view counts unread messages and leads to the tab.
    const quick = await (await get("/en/admin", cookies.moderator)).text();
    expect(quick).toContain("Unread contact messages");
    expect(quick).toContain('href="/en/admin/contacts"');
    expect(await textOf(await get("/es/admin", cookies.admin))).toContain("Mensajes de contacto sin leer");
    // Beside the featured submissions to review and the key requests waiting, each linking to its tab.
    expect(quick).toContain("Featured game submissions to review");
    expect(quick).toContain('href="/en/admin/featured-games"');
    expect(quick).toContain("Key requests waiting for a studio");
    expect(quick).toContain('href="/en/admin/campaigns"');
  });

  it("shows a message with its history; an unknown or malformed one is a 404", async () => {
    const res = await get(`/en/admin/contacts/${ids.business}`, cookies.moderator);
    expect(res.status).toBe(200);
    const text = await textOf(res);
    expect(text).toContain("Message from Bea Business");
    expect(text).toContain(FORM.message);
    expect(text).toContain("Spanish");
    expect(text).toContain("Nobody has acted on this message yet.");
    expect(await textOf(await get(`/es/admin/contacts/${ids.business}`, cookies.admin))).toContain("Mensaje de Bea Business");
    expect((await get("/en/admin/contacts/00000000-0000-4000-8000-000000000000", cookies.admin)).status).toBe(404);
    expect((await get("/en/admin/contacts/not-an-id", cookies.admin)).status).toBe(404);
  });

  it("refuses every change to a visitor and a member, changing nothing", async () => {
    const path = `/en/admin/contacts/${ids.personal}`;
    const attempts: Record<string, string>[] = [{ intent: "read" }, { intent: "archive" }, { intent: "reply", body: "Hi" }];
    for (const fields of attempts) {
      expect((await post(path, fields)).status).toBe(302);
      expect((await post(path, fields, cookies.creator)).status).toBe(302);
    }
    expect(await t.services.db.select().from(contactMessageEvents)).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("marks read and unread, archives and brings back, each audited and in the history with who", async () => {
    const path = `/en/admin/contacts/${ids.personal}`;
    const read = await post(path, { intent: "read" }, cookies.moderator);
    expect(read.status).toBe(200);
    expect(await textOf(read)).toContain("Marked as read.");
    expect(await textOf(await get("/en/admin/contacts?filter=read", cookies.admin))).toContain("Pat Personal");
    expect(await textOf(await post(path, { intent: "unread" }, cookies.admin))).toContain("Marked as unread.");
    expect(await textOf(await post(path, { intent: "archive" }, cookies.admin))).toContain("Message archived.");
    expect(await textOf(await get("/en/admin/contacts", cookies.admin))).not.toContain("Pat Personal");
    expect(await textOf(await get("/en/admin/contacts?filter=archived", cookies.admin))).toContain("Pat Personal");
    const back = await textOf(await post(`/es/admin/contacts/${ids.personal}`, { intent: "unarchive" }, cookies.admin));
    expect(back).toContain("Mensaje devuelto a la bandeja.");
    const detail = await textOf(await get(path, cookies.admin));
    expect(detail).toContain("contact_mod marked it as read");
    expect(detail).toContain("contact_admin archived it");
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, ids.personal));
    expect(audit.map((a) => a.action)).toEqual(["contact.marked_read", "contact.marked_unread", "contact.archived", "contact.unarchived"]);
    const log = await textOf(await get("/en/admin/audit", cookies.admin));
    expect(log).toContain("archived the contact message from <span>Pat Personal <pat@example.com></span>.");
    expect(log).toContain("moved the contact message from <span>Pat Personal <pat@example.com></span> back to the inbox.");
  });

  it("replies by email in the sender's language with Reply-To the team, recorded with who; a refused reply keeps the text", async () => {
    const path = `/en/admin/contacts/${ids.business}`;
    const empty = await post(path, { intent: "reply", body: " " }, cookies.admin);
    expect(empty.status).toBe(400);
    expect(await textOf(empty)).toContain("Write the reply.");
    smtpOptions.failWith = "mailbox unavailable";
    const failed = await post(path, { intent: "reply", body: "Hola Bea, gracias." }, cookies.admin);
    expect(failed.status).toBe(502);
    const failedHtml = await failed.text();
    expect(failedHtml).toContain("Error sending the reply. Please try again.");
    expect(failedHtml).toContain(">Hola Bea, gracias.</textarea>");
    smtpOptions.failWith = undefined;
    const sent = await post(path, { intent: "reply", body: "Hola Bea, gracias." }, cookies.admin);
    expect(sent.status).toBe(200);
    expect(await textOf(sent)).toContain("Reply sent to bea@example.com.");
    const mail = smtp.received.find((m) => m.to.includes("bea@example.com"))!;
    expect(mail.subject).toBe("Respuesta a tu mensaje a Nexo Indie");
    expect(mail.text).toContain("Hola Bea, gracias.");
    expect(mail.replyTo).toContain(TEAM);
    const detail = await textOf(await get(path, cookies.moderator));
    expect(detail).toContain("contact_admin replied by email");
    expect(detail).toContain("Hola Bea, gracias.");
    expect(await textOf(await get("/en/admin/contacts?type=business", cookies.admin))).toContain("Replied");
  });
});
