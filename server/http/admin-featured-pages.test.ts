import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, featuredGames, featuredSubmissions } from "#server/db/schema";
import { createUser } from "#server/db/factories";
import { pageClient, textOf } from "#tests/support/pages";
import { signIn, testApp, type TestApp } from "#tests/support/app";
import { companyActor } from "#tests/support/campaigns-kit";
import { makeFeaturedGame, makeSuccessfulPayment } from "#tests/support/featured-kit";
import { makeSubmission } from "#tests/support/promotions-kit";

/**
 * /admin/featured-games, as a browser without JavaScript drives it: who may open it, every decision
 * refused to a visitor, a member and a company (and the Admin's to a Moderator), and the team's form posts
 * (check, approve, reject, delete, hide, end, edit, offer) with their errors translated.
 */
let t: TestApp;
const PW = "correct-horse-battery";
const { get, post } = pageClient(() => t, "198.51.106");
const cookies = { admin: "", moderator: "", member: "", company: "" };
const PATH = "/en/admin/featured-games";

beforeAll(async () => {
  t = await testApp({ CLIENT_IP_HEADER: "x-test-ip" });
  const db = t.services.db;
  const admin = await createUser(db, { roles: ["Admin"], username: "fg_admin" });
  const moderator = await createUser(db, { roles: ["Moderator"], username: "fg_mod" });
  const player = await createUser(db, { username: "fg_player" });
  const company = await companyActor(db, { name: "Slot Studio" });
  cookies.admin = await signIn(t, admin.email, PW);
  cookies.moderator = await signIn(t, moderator.email, PW);
  cookies.member = await signIn(t, player.email, PW);
  cookies.company = await signIn(t, company.email!, PW);
});
afterAll(() => t.close());

type Who = keyof typeof cookies | "visitor";
async function answerOf(res: Response): Promise<number | "login" | "home"> {
  if (res.status !== 302) return res.status;
  const to = res.headers.get("location") ?? "";
  if (to.startsWith("/en/login?redirectTo=")) return "login";
  if (to === "/en/") return "home";
  return res.status;
}
const subRow = async (id: string) => (await t.services.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, id)))[0];

describe("who may open /admin/featured-games", () => {
  it("the team only; the offer only for Admins", async () => {
    const got: Record<string, unknown> = {};
    for (const who of ["visitor", "member", "company", "moderator", "admin"] as Who[])
      got[who] = await answerOf(await get(PATH, who === "visitor" ? undefined : cookies[who]));
    expect(got).toEqual({ visitor: "login", member: "home", company: "home", moderator: 200, admin: 200 });
    expect((await get(`${PATH}?tab=offer`, cookies.moderator)).status).toBe(403);
    expect((await get(`${PATH}?tab=offer`, cookies.admin)).status).toBe(200);
  });

  it("shows the help text and the queue in both languages", async () => {
    await makeSubmission(t.services.db, { status: "pending_review", gameName: "Queue Shown Game" });
    const en = await textOf(await get(PATH, cookies.moderator));
    expect(en).toContain("Studios pay to feature their games");
    expect(en).toContain("Queue Shown Game");
    expect(en).toContain("Awaiting review");
    const es = await textOf(await get(PATH.replace("/en/", "/es/"), cookies.moderator));
    expect(es).toContain("Los estudios pagan por destacar sus juegos");
    expect(es).toContain("Pendiente de revisión");
  });
});

describe("decisions by form post", () => {
  it("refuses every mutation to a visitor, a member and a company, and the Admin's to a Moderator", async () => {
    const sub = await makeSubmission(t.services.db, { status: "pending_review" });
    const game = await makeFeaturedGame(t.services.db, new Date());
    const bodies: Record<string, string>[] = [
      { intent: "check", submissionId: sub.id },
      { intent: "approve", submissionId: sub.id, featureType: "details_page" },
      { intent: "reject", submissionId: sub.id, reason: "No" },
      { intent: "delete", submissionId: sub.id },
      { intent: "visibility", visible: `${game.id}:false` },
      { intent: "end", featuredGameId: game.id },
      { intent: "edit", featuredGameId: game.id, slug: "x-slug", detailsMd: "" },
      { intent: "offer", currency: "EUR", homepageSlots: "2" },
    ];
    for (const body of bodies) {
      expect(await answerOf(await post(PATH, body)), body.intent).toBe("login");
      expect(await answerOf(await post(PATH, body, cookies.member)), body.intent).toBe("home");
      expect(await answerOf(await post(PATH, body, cookies.company)), body.intent).toBe("home");
      if (body.intent !== "check") expect(await answerOf(await post(PATH, body, cookies.moderator)), body.intent).toBe(403);
    }
    expect((await subRow(sub.id)).status).toBe("pending_review");
    const [g] = await t.services.db.select().from(featuredGames).where(eq(featuredGames.id, game.id));
    expect([g.visible, g.scheduleStatus, g.slug]).toEqual([true, "active", game.slug]);
  });

  it("a Moderator checks; an Admin approves with a slug, and a taken slug is said in the page's language", async () => {
    const sub = await makeSubmission(t.services.db, { status: "pending_review", gameName: "Form Approved" });
    expect(
      (await post(PATH, { intent: "check", submissionId: sub.id, note: "Looks fine", name: "Form Approved" }, cookies.moderator)).status,
    ).toBe(200);
    expect((await subRow(sub.id)).status).toBe("pending_approval");
    const detail = await textOf(await get(`${PATH}?submission=${sub.id}`, cookies.admin));
    expect(detail).toContain("Looks fine");
    expect(detail).toContain("Homepage availability");
    await makeFeaturedGame(t.services.db, new Date(), { slug: "taken-slug" });
    const taken = await post(
      PATH.replace("/en/", "/es/"),
      {
        intent: "approve",
        submissionId: sub.id,
        featureType: "details_page",
        durationDays: "10",
        startDate: new Date().toISOString().slice(0, 10),
        slug: "taken-slug",
        detailsMd: "Hi",
      },
      cookies.admin,
    );
    expect(taken.status).toBe(409);
    expect(await textOf(taken)).toContain("Otro juego destacado ya usa esta dirección. Elige otro slug.");
    const ok = await post(
      PATH,
      {
        intent: "approve",
        submissionId: sub.id,
        featureType: "details_page",
        durationDays: "10",
        slug: "form-approved",
        detailsMd: "Hi",
        name: "Form Approved",
      },
      cookies.admin,
    );
    expect(ok.status).toBe(200);
    expect(await textOf(ok)).toContain("Form Approved is approved.");
    expect((await subRow(sub.id)).status).toBe("approved");
    expect((await get("/en/games/form-approved")).status).toBe(200);
  });

  it("rejects only with a reason, refunds a paid one, and refuses to delete a paid one until then", async () => {
    const sub = await makeSubmission(t.services.db, { status: "pending_review", gameName: "Paid Reject" });
    await makeSuccessfulPayment(t.services.db, sub);
    const noReason = await post(PATH, { intent: "reject", submissionId: sub.id, reason: " " }, cookies.admin);
    expect(noReason.status).toBe(400);
    expect(await textOf(noReason)).toContain("Give a reason: the studio will read it.");
    const held = await post(PATH, { intent: "delete", submissionId: sub.id }, cookies.admin);
    expect(held.status).toBe(409);
    expect(await textOf(held)).toContain("paid and not refunded");
    const rejected = await post(PATH, { intent: "reject", submissionId: sub.id, reason: "Off-topic", name: "Paid Reject" }, cookies.admin);
    expect(rejected.status).toBe(200);
    expect(await textOf(rejected)).toMatch(/Paid Reject is rejected (and its payment refunded|; its refund is on its way)/);
    expect((await subRow(sub.id)).status).toBe("rejected");
    const unpaid = await makeSubmission(t.services.db, { status: "pending_payment", gameName: "Delete Me" });
    // From its detail view: the detail is gone, so the list, with a toast that says so (flash-toasts.tsx).
    const del = await post(`${PATH}?tab=queue&submission=${unpaid.id}`, { intent: "delete", submissionId: unpaid.id }, cookies.admin);
    expect(del.status).toBe(303);
    expect(del.headers.get("location")).toBe(`${PATH}?tab=queue&submissionDeleted=1`);
    expect(await subRow(unpaid.id)).toBeUndefined();
  });

  it("hides, shows, ends and edits featured games, and changes the offer with errors beside the fields", async () => {
    const game = await makeFeaturedGame(t.services.db, new Date(), { gameName: "Managed Game", slug: "managed-game" });
    // The confirmation names the game (the button sends only its id).
    const hidden = await post(`${PATH}?tab=games`, { intent: "visibility", visible: `${game.id}:false` }, cookies.admin);
    expect(await textOf(hidden)).toContain("Managed Game is hidden.");
    expect((await get("/en/games/managed-game")).status).toBe(404);
    const shown = await post(
      `${PATH.replace("/en/", "/es/")}?tab=games`,
      { intent: "visibility", visible: `${game.id}:true` },
      cookies.admin,
    );
    expect(await textOf(shown)).toContain("Managed Game está visible.");
    expect((await get("/en/games/managed-game")).status).toBe(200);
    const edit = await textOf(await get(`${PATH}?tab=games&edit=${game.id}`, cookies.admin));
    expect(edit).toContain("Edit Managed Game");
    await post(
      `${PATH}?tab=games`,
      { intent: "edit", featuredGameId: game.id, slug: "managed-game-2", detailsMd: "New words" },
      cookies.admin,
    );
    expect(await textOf(await get("/en/games/managed-game-2"))).toContain("New words");
    await post(`${PATH}?tab=games`, { intent: "end", featuredGameId: game.id }, cookies.admin);
    expect((await get("/en/games/managed-game-2")).status).toBe(404);
    const bad = await post(
      `${PATH}?tab=offer`,
      {
        intent: "offer",
        currency: "EUR",
        homepageSlots: "40",
        price_homepage: "49",
        duration_homepage: "14",
        price_details_page: "29",
        duration_details_page: "30",
        price_both: "69",
        duration_both: "30",
      },
      cookies.admin,
    );
    expect(bad.status).toBe(400);
    const badText = await textOf(bad);
    expect(badText).toContain("The homepage has from 1 to 12 featured slots.");
    const good = await post(
      `${PATH}?tab=offer`,
      {
        intent: "offer",
        currency: "EUR",
        homepageSlots: "5",
        price_homepage: "49,90",
        duration_homepage: "14",
        price_details_page: "29",
        duration_details_page: "30",
        price_both: "69",
        duration_both: "30",
      },
      cookies.admin,
    );
    expect(await textOf(good)).toContain("The offer is saved.");
    expect((await t.services.settings.get("featured_offer")).offers.homepage.priceMinor).toBe(4990);
    const actions = (await t.services.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    for (const a of [
      "featured_hidden",
      "featured_shown",
      "featured_edited",
      "featured_ended",
      "offer_changed",
      "submission_approved",
      "submission_rejected",
      "submission_deleted",
      "submission_checked",
    ])
      expect(actions).toContain(`promotions.${a}`);
  });
});
