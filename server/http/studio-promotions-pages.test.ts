import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, studioMailConsent, studioPromotions } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { companyActor } from "#tests/support/campaigns-kit";
import { makeFeaturedGame } from "#tests/support/featured-kit";

/**
 * /admin/studio-promotions and /promotions/unsubscribe: who may open and post, the confirmation
 * step, the send to agreeing studios through the queue (the outbox), the history, and the signed unsubscribe
 * link that works signed out and refuses a tampered one.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.104");
const cookies = { admin: "", moderator: "", creator: "", company: "" };
let gameId = "";
let companyId = "";

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "promo_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "promo_mod" });
  const creator = await createUser(db, { username: "promo_creator" });
  const company = await companyActor(db, { name: "Pine Studio" });
  companyId = company.userId;
  gameId = (await makeFeaturedGame(db, new Date(), { slug: "hollow-pines", gameName: "Hollow Pines" })).id;
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
  cookies.company = await signIn(t, company.email!, PW);
});
afterAll(() => t.close());

type Who = "visitor" | "creator" | "company" | "moderator" | "admin";
const cookieOf = (who: Who) => (who === "visitor" ? undefined : cookies[who]);
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.includes("/login?redirectTo=")) return "login";
  if (to === "/en/" || to === "/es/") return "home";
  return res.status;
}
const mail = () => ({ featuredGameId: gameId, subject: "Meet Hollow Pines", message: "A quiet game about a forest." });

describe("who may open and post /admin/studio-promotions", () => {
  it("opens for admins only", async () => {
    const got: Record<string, unknown> = {};
    for (const who of ["visitor", "creator", "company", "moderator", "admin"] as Who[])
      got[who] = await answerOf(await get("/en/admin/studio-promotions", cookieOf(who)));
    expect(got).toEqual({ visitor: "login", creator: "home", company: "home", moderator: 403, admin: 200 });
  });

  it("refuses a send to a visitor, a member, a company and a moderator, sending nothing", async () => {
    await t.services.db.insert(studioMailConsent).values({ companyId, agreed: true }).onConflictDoNothing();
    const got: Record<string, unknown> = {};
    for (const who of ["visitor", "creator", "company", "moderator"] as Who[])
      got[who] = await answerOf(await post("/en/admin/studio-promotions", { intent: "send", ...mail() }, cookieOf(who)));
    expect(got).toEqual({ visitor: "login", creator: "home", company: "home", moderator: 403 });
    expect(await t.services.db.select().from(studioPromotions)).toHaveLength(0);
    await t.services.db.delete(studioMailConsent);
  });
});

describe("/admin/studio-promotions", () => {
  it("shows the help text and an empty history, in both languages", async () => {
    const en = await textOf(await get("/en/admin/studio-promotions", cookies.admin));
    expect(en).toContain("Only verified companies that agreed to receive promotional email get it");
    expect(en).toContain("No promotional email has been sent yet.");
    expect(en).toContain("0 studios agreed");
    const es = await textOf(await get("/es/admin/studio-promotions", cookies.admin));
    expect(es).toContain("Promociones a estudios");
    expect(es).toContain("Todavía no se ha enviado ningún correo promocional.");
  });

  it("refuses when no studio agreed, keeping what was typed", async () => {
    const res = await post("/en/admin/studio-promotions", { intent: "review", ...mail() }, cookies.admin);
    expect(res.status).toBe(409);
    const text = await textOf(res);
    expect(text).toContain("No studio has agreed to receive promotional email yet.");
    expect(text).toContain("Meet Hollow Pines");
  });

  it("asks for confirmation, then queues one mail per agreeing studio and lists the send as sent, with an audit entry", async () => {
    await t.services.db.insert(studioMailConsent).values({ companyId, agreed: true });
    const empty = await post(
      "/en/admin/studio-promotions",
      { intent: "review", featuredGameId: gameId, subject: "", message: "Hi" },
      cookies.admin,
    );
    expect(empty.status).toBe(400);
    expect(await textOf(empty)).toContain("Write a subject.");
    const review = await post("/en/admin/studio-promotions", { intent: "review", ...mail() }, cookies.admin);
    expect(review.status).toBe(200);
    expect(await textOf(review)).toContain("Send this email about Hollow Pines to 1 studio?");
    expect(await t.services.db.select().from(studioPromotions)).toHaveLength(0);
    const sent = await post("/en/admin/studio-promotions", { intent: "send", ...mail() }, cookies.admin);
    expect(sent.status).toBe(200);
    expect(await textOf(sent)).toContain("The email about Hollow Pines is on its way to 1 studio.");
    const outbox = await t.services.db.select().from(mailOutbox).where(eq(mailOutbox.template, "studio-promotion"));
    expect(outbox).toHaveLength(1);
    // Without SMTP in tests the outbox is the delivery: stored, read as sent.
    expect(outbox[0].status).toBe("stored");
    const list = await textOf(await get("/en/admin/studio-promotions", cookies.admin));
    expect(list).toContain("Meet Hollow Pines");
    expect(list).toContain("Sent");
    expect(await textOf(await get("/es/admin/studio-promotions", cookies.admin))).toContain("Enviado");
    expect(await t.services.db.select().from(auditLog).where(eq(auditLog.action, "promotions.studio_promotion_sent"))).toHaveLength(1);

    // The mail's unsubscribe link works signed out, after a confirm click; a tampered one is refused.
    const link = /https?:\/\/[^\s]+\/promotions\/unsubscribe\?c=[^\s]+/.exec(outbox[0].text)![0];
    const url = new URL(link);
    // The company writes in Spanish (the default), so its link opens the Spanish page; /en works as well.
    expect(url.pathname).toBe("/es/promotions/unsubscribe");
    const path = `/en/promotions/unsubscribe${url.search}`;
    expect(await textOf(await get(`${url.pathname}${url.search}`))).toContain("Darme de baja");
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(await textOf(page)).toContain("Stop sending promotional emails about featured games to Pine Studio?");
    // Opening the link changed nothing (scanners follow links).
    expect((await t.services.db.select().from(studioMailConsent))[0].agreed).toBe(true);
    const tampered = `/en/promotions/unsubscribe?c=${encodeURIComponent(companyId)}&s=${url.searchParams.get("s")!.slice(0, -2)}xx`;
    const bad = await get(tampered);
    expect(bad.status).toBe(400);
    expect(await textOf(bad)).toContain("This unsubscribe link is not valid.");
    const badPost = await post(tampered, { c: companyId, s: "nope" });
    expect(badPost.status).toBe(400);
    expect((await t.services.db.select().from(studioMailConsent))[0].agreed).toBe(true);
    const done = await post(path, { c: url.searchParams.get("c")!, s: url.searchParams.get("s")! });
    expect(done.status).toBe(200);
    expect(await textOf(done)).toContain("Pine Studio will not receive promotional emails any more.");
    expect((await t.services.db.select().from(studioMailConsent))[0].agreed).toBe(false);
  });
});
