import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, promoCodes } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { mainOf, pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { companyActor } from "#tests/support/campaigns-kit";

/**
 * The admin promo codes tab, driven as a browser without JavaScript would: only Admins open it,
 * every mutation is refused to a visitor, a creator, a company and a Moderator, and an Admin creates, edits,
 * deactivates and reactivates codes (audited), with a refused form keeping what was typed.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.116");
const cookies = { admin: "", moderator: "", creator: "", company: "" };

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "promo_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "promo_mod" });
  const creator = await createUser(db, { username: "promo_creator" });
  const company = await companyActor(db, { name: "Promo Games" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.creator = await signIn(t, creator.email, PW);
  cookies.company = await signIn(t, company.email!, PW);
});
afterAll(() => t.close());

const row = async (code: string) => (await t.services.db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0];
const PATH = "/en/admin/promo-codes";

describe("/admin/promo-codes", () => {
  it("opens for an Admin with its help text in both languages; a Moderator is refused, a visitor sent to sign in", async () => {
    const en = await get(PATH, cookies.admin);
    expect(en.status).toBe(200);
    const enText = await textOf(en);
    expect(enText).toContain("Promo codes");
    expect(enText).toContain("A use is counted only when a payment succeeds");
    expect(enText).toContain("No promo codes yet.");
    const es = await textOf(await get("/es/admin/promo-codes", cookies.admin));
    expect(es).toContain("Códigos promocionales");
    expect(es).toContain("Un uso solo se cuenta cuando un pago se completa");
    expect((await get(PATH, cookies.moderator)).status).toBe(403);
    const visitor = await get(PATH);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/en\/login\?redirectTo=/);
  });

  it("refuses every mutation to a visitor, a creator, a company and a Moderator, changing nothing", async () => {
    const create = { intent: "create", formId: "create", code: "NOPE", discountType: "percentage", discountValue: "10", maxUses: "0" };
    expect((await post(PATH, create)).status).toBe(302);
    for (const cookie of [cookies.creator, cookies.company]) expect((await post(PATH, create, cookie)).status).toBe(302);
    expect((await post(PATH, create, cookies.moderator)).status).toBe(403);
    expect(await row("NOPE")).toBeUndefined();
  });

  it("an Admin creates a code (upper case), a taken code keeps what was typed, then edits, deactivates and reactivates it; each change is audited", async () => {
    const fields = {
      intent: "create",
      formId: "create",
      code: "spring-26",
      discountType: "fixed",
      discountValue: "4.50",
      maxUses: "2",
      expiresAt: "2031-03-31",
      isActive: "on",
      note: "Spring fair",
    };
    const created = await post(PATH, fields, cookies.admin);
    expect(created.status).toBe(200);
    expect(await textOf(created)).toContain("Promo code SPRING-26 created.");
    const code = await row("SPRING-26");
    expect(code).toMatchObject({ discountType: "fixed", discountValue: 450, maxUses: 2, isActive: true, note: "Spring fair" });
    expect(code!.expiresAt?.toISOString()).toBe("2031-03-31T23:59:59.999Z");
    // The list shows it with its discount in the offer's currency.
    const list = await textOf(await get(PATH, cookies.admin));
    expect(list).toContain("SPRING-26");
    expect(list).toContain("€4.50");

    const again = await post(PATH, { ...fields, note: "Second try" }, cookies.admin);
    expect(again.status).toBe(409);
    const html = mainOf(await again.text());
    expect(html).toContain("Another promo code already uses this code.");
    expect(html).toContain('value="spring-26"');
    expect(html).toContain("Second try");

    const updated = await post(
      PATH,
      {
        intent: "update",
        formId: "update",
        promoCodeId: code!.id,
        code: "SPRING-26",
        discountType: "percentage",
        discountValue: "15",
        maxUses: "5",
      },
      cookies.admin,
    );
    expect(updated.status).toBe(200);
    expect((await row("SPRING-26"))!.discountValue).toBe(15);
    expect((await row("SPRING-26"))!.isActive).toBe(false); // the box was not ticked

    await t.services.db.update(promoCodes).set({ usesCount: 3 }).where(eq(promoCodes.id, code!.id));
    const lowered = await post(
      PATH,
      {
        intent: "update",
        formId: "update",
        promoCodeId: code!.id,
        code: "SPRING-26",
        discountType: "percentage",
        discountValue: "15",
        maxUses: "2",
      },
      cookies.admin,
    );
    expect(lowered.status).toBe(409);
    expect(await textOf(lowered)).toContain("This code has already been used 3 times: its limit cannot be lower");

    expect((await post(PATH, { intent: "reactivate", promoCodeId: code!.id }, cookies.admin)).status).toBe(200);
    expect((await row("SPRING-26"))!.isActive).toBe(true);
    expect((await post(PATH, { intent: "deactivate", promoCodeId: code!.id }, cookies.admin)).status).toBe(200);
    expect((await row("SPRING-26"))!.isActive).toBe(false);
    const inactive = await textOf(await get(`${PATH}?status=inactive`, cookies.admin));
    expect(inactive).toContain("SPRING-26");

    const actions = (await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, code!.id))).map((a) => a.action).sort();
    expect(actions).toEqual(["promo_code.created", "promo_code.deactivated", "promo_code.reactivated", "promo_code.updated"]);

    // One code's uses: none yet.
    const uses = await textOf(await get(`${PATH}?code=${code!.id}`, cookies.admin));
    expect(uses).toContain("Code SPRING-26");
    expect(uses).toContain("This code has not been used yet.");
  });
});
