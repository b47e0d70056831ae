import type { LocalStorage } from "#server/platform/storage";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, member, testClock } from "#tests/support/forum-kit";
import { companyActor } from "#tests/support/campaigns-kit";
import { makeFeaturedGame, makeSuccessfulPayment, reviewDeps } from "#tests/support/featured-kit";
import { makeSubmission } from "#tests/support/promotions-kit";
import { oneColourPng } from "#tests/support/test-images";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, featuredGames, featuredSubmissions, mailOutbox, payments } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { PromotionsDeps } from "./deps";
import { advanceSchedule } from "./advance-schedule";
import { approveSubmission } from "./approve-submission";
import { checkSubmission } from "./check-submission";
import { deleteSubmission } from "./delete-submission";
import { featuredSitemapEntries } from "./featured-sitemap";
import { homepageAvailability, nextFreeStart, peakOverlap } from "./homepage-availability";
import { getSubmission, listSubmissions } from "./list-submissions";
import { endFeaturedGame, listFeaturedGames, setFeaturedVisible, updateFeaturedGame } from "./manage-featured-game";
import { getPublicGame, homepageFeatured, listPublicFeatured, otherStudioGames } from "./public-featured";
import { rejectSubmission } from "./reject-submission";
import { updateOffer } from "./update-offer";

const DAY = 86_400_000;
const OFFER = {
  currency: "EUR",
  homepageSlots: "3",
  price_homepage: "49",
  duration_homepage: "14",
  price_details_page: "29,50",
  duration_details_page: "30",
  price_both: "69.00",
  duration_both: "30",
};

describe("featured games: review, schedule and public reads", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  let player: NonNullable<Actor>;
  let company: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    deps = await reviewDeps(database, clock);
    admin = await member(database.db, clock.now(), { roles: ["Admin"], role: undefined });
    moderator = await member(database.db, clock.now(), { roles: ["Moderator"], role: undefined });
    player = await member(database.db, clock.now(), { role: undefined });
    company = await companyActor(database.db);
  });
  afterAll(() => database.close());

  const setSlots = (slots: number) => updateOffer(deps, admin, { ...OFFER, homepageSlots: String(slots) });

  it("refuses the team's operations to a visitor, a member and a company, and the Admin-only ones to a Moderator", async () => {
    const sub = await makeSubmission(database.db, { status: "pending_review" });
    const game = await makeFeaturedGame(database.db, clock.now());
    const approve = { submissionId: sub.id, featureType: "details_page" };
    const ops = (a: Actor) => ({
      list: codeOf(listSubmissions(deps, a, {})),
      check: codeOf(checkSubmission(deps, a, { submissionId: sub.id })),
      approve: codeOf(approveSubmission(deps, a, approve)),
      reject: codeOf(rejectSubmission(deps, a, { submissionId: sub.id, reason: "No." })),
      delete: codeOf(deleteSubmission(deps, a, { submissionId: sub.id })),
      visible: codeOf(setFeaturedVisible(deps, a, { featuredGameId: game.id, visible: "false" })),
      end: codeOf(endFeaturedGame(deps, a, { featuredGameId: game.id })),
      edit: codeOf(updateFeaturedGame(deps, a, { featuredGameId: game.id, slug: "new-slug", detailsMd: "x" })),
      offer: codeOf(updateOffer(deps, a, OFFER)),
      availability: codeOf(homepageAvailability(deps, a, {})),
    });
    for (const [who, expected] of [
      [null, "auth.unauthenticated"],
      [player, "auth.forbidden"],
      [company, "auth.forbidden"],
    ] as const) {
      const codes = ops(who);
      for (const [op, code] of Object.entries(codes)) expect(await code, `${op} by ${who?.username ?? "visitor"}`).toBe(expected);
    }
    const mod = ops(moderator);
    expect(await mod.list).toBe("no error");
    for (const op of ["approve", "reject", "delete", "visible", "end", "edit", "offer", "availability"] as const)
      expect(await mod[op], op).toBe("auth.forbidden");
    expect(await mod.check).toBe("no error");
    // Nothing changed but the Moderator's check.
    const [after] = await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, sub.id));
    expect(after.status).toBe("pending_approval");
    const [g] = await database.db.select().from(featuredGames).where(eq(featuredGames.id, game.id));
    expect([g.visible, g.scheduleStatus, g.slug]).toEqual([true, "active", game.slug]);
  });

  it("lists the queue with what waits for the team first, with each submission's payment", async () => {
    const paid = await makeSubmission(database.db, { status: "pending_review", gameName: "Queue Paid" });
    await makeSuccessfulPayment(database.db, paid);
    await makeSubmission(database.db, { status: "pending_payment", gameName: "Queue Unpaid" });
    const list = await listSubmissions(deps, moderator, {});
    const statuses = list.rows.map((r) => r.status);
    const firstOther = statuses.findIndex((s) => s !== "pending_review" && s !== "pending_approval");
    expect(statuses.slice(firstOther).every((s) => s !== "pending_review" && s !== "pending_approval")).toBe(true);
    const row = list.rows.find((r) => r.id === paid.id);
    expect(row?.payment).toMatchObject({ status: "success", provider: "sandbox", amountMinor: 4900, refundStatus: null });
    const only = await listSubmissions(deps, moderator, { status: "pending_payment" });
    expect(only.rows.every((r) => r.status === "pending_payment")).toBe(true);
    const detail = await getSubmission(deps, moderator, { submissionId: paid.id });
    expect(detail.submission.youtubeUrl).toContain("youtube.com");
    expect(await codeOf(getSubmission(deps, moderator, { submissionId: "nope" }))).toBe("promotions.submission_not_found");
  });

  it("checks a submission once, with a note and an audit row", async () => {
    const sub = await makeSubmission(database.db, { status: "pending_review", gameName: "Checked Game" });
    await checkSubmission(deps, moderator, { submissionId: sub.id, note: "Image and links fine." });
    const [row] = await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, sub.id));
    expect([row.status, row.reviewNote]).toEqual(["pending_approval", "Image and links fine."]);
    expect(await codeOf(checkSubmission(deps, moderator, { submissionId: sub.id }))).toBe("promotions.not_reviewable");
    const unpaid = await makeSubmission(database.db, { status: "pending_payment" });
    expect(await codeOf(checkSubmission(deps, moderator, { submissionId: unpaid.id }))).toBe("promotions.not_reviewable");
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, sub.id));
    expect(audit.map((a) => a.action)).toEqual(["promotions.submission_checked"]);
  });

  it("approves into an active featured game starting now (slug from the name), emails the studio, and refuses a second decision", async () => {
    const sub = await makeSubmission(database.db, {
      status: "pending_approval",
      gameName: "Ñandú Quest",
      locale: "es",
      contactEmail: "nandu@example.com",
    });
    const out = await approveSubmission(deps, admin, {
      submissionId: sub.id,
      featureType: "both",
      detailsMd: "**Great** game",
      platforms: ["pc", "switch"],
    });
    expect(out).toMatchObject({ status: "active", slug: "nandu-quest" });
    expect(out.endsAt.getTime() - out.startsAt.getTime()).toBe(14 * DAY);
    const [game] = await database.db.select().from(featuredGames).where(eq(featuredGames.id, out.featuredGameId));
    expect(game).toMatchObject({
      submissionId: sub.id,
      featureType: "both",
      youtubeVideoId: "dQw4w9WgXcQ",
      platforms: ["pc", "switch"],
      approvedBy: admin.userId,
    });
    expect(game.detailsHtml).toContain("Great");
    const [after] = await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, sub.id));
    expect([after.status, after.decidedBy]).toEqual(["approved", admin.userId]);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "nandu@example.com"));
    expect(mails.map((m) => [m.template, m.locale])).toEqual([["featured-approved", "es"]]);
    expect(mails[0].text).toContain("/es/games/nandu-quest");
    expect(await codeOf(approveSubmission(deps, admin, { submissionId: sub.id, featureType: "both" }))).toBe("promotions.decided");
    expect(await codeOf(rejectSubmission(deps, admin, { submissionId: sub.id, reason: "Late" }))).toBe("promotions.decided");
    // The same name again gets a numbered slug; a slug asked for that is taken is refused.
    const again = await makeSubmission(database.db, { status: "pending_review", gameName: "Ñandú Quest" });
    expect(await codeOf(approveSubmission(deps, admin, { submissionId: again.id, featureType: "details_page", slug: "nandu-quest" }))).toBe(
      "promotions.slug_taken",
    );
    expect((await approveSubmission(deps, admin, { submissionId: again.id, featureType: "details_page" })).slug).toBe("nandu-quest-2");
  });

  it("schedules a later start, refuses a start in the past and a payment not yet made", async () => {
    const sub = await makeSubmission(database.db, { status: "pending_review", gameName: "Later Game" });
    const past = await errorOf(
      approveSubmission(deps, admin, { submissionId: sub.id, featureType: "details_page", startDate: "2026-11-20" }),
    );
    expect(past.details?.fieldErrors).toEqual({ startDate: "errors:promotions.start_past" });
    const out = await approveSubmission(deps, admin, {
      submissionId: sub.id,
      featureType: "details_page",
      startDate: "2026-12-01",
      durationDays: "7",
    });
    expect(out.status).toBe("scheduled");
    expect(out.startsAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(out.endsAt.toISOString()).toBe("2026-12-08T00:00:00.000Z");
    const unpaid = await makeSubmission(database.db, { status: "pending_payment" });
    expect(await codeOf(approveSubmission(deps, admin, { submissionId: unpaid.id, featureType: "homepage" }))).toBe(
      "promotions.not_reviewable",
    );
  });

  it("refuses a homepage feature into a full period with the next free date, and the form shows availability", async () => {
    await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
    await setSlots(1);
    const start = clock.now();
    await makeFeaturedGame(database.db, start, {
      featureType: "homepage",
      startsAt: new Date(start.getTime() - DAY),
      endsAt: new Date(start.getTime() + 5 * DAY + 3600_000),
    });
    const sub = await makeSubmission(database.db, { status: "pending_review" });
    const err = await errorOf(approveSubmission(deps, admin, { submissionId: sub.id, featureType: "homepage" }));
    expect(err.code).toBe("promotions.slots_full");
    expect(err.details).toMatchObject({ date: "2026-11-30" });
    // A details page needs no homepage slot; the suggested date fits.
    const avail = await homepageAvailability(deps, admin, { durationDays: "14" });
    expect(avail.slots).toBe(1);
    expect(avail.taken).toHaveLength(1);
    expect(avail.nextFree.toISOString()).toBe("2026-11-30T00:00:00.000Z");
    const ok = await approveSubmission(deps, admin, { submissionId: sub.id, featureType: "homepage", startDate: "2026-11-30" });
    expect(ok.status).toBe("scheduled");
    await setSlots(3);
  });

  it("works out overlaps and free starts", () => {
    const p = (s: number, e: number) => ({ id: String(s), gameName: "g", startsAt: new Date(s * DAY), endsAt: new Date(e * DAY) });
    const periods = [p(0, 10), p(5, 15), p(12, 20)];
    expect(peakOverlap(periods, new Date(0), new Date(30 * DAY))).toBe(2);
    expect(peakOverlap(periods, new Date(10 * DAY), new Date(12 * DAY))).toBe(1);
    expect(nextFreeStart(periods, 2, new Date(0), 10).getTime()).toBe(15 * DAY);
    expect(nextFreeStart(periods, 1, new Date(0), 2).getTime()).toBe(20 * DAY);
    expect(nextFreeStart(periods, 3, new Date(0), 5).getTime()).toBe(0);
  });

  it("rejects with a reason: an unpaid one simply, a paid one after its refund, and the studio is told", async () => {
    const free = await makeSubmission(database.db, {
      status: "pending_review",
      amountMinor: 0,
      priceMinor: 4900,
      contactEmail: "free@example.com",
    });
    expect(await codeOf(rejectSubmission(deps, admin, { submissionId: free.id, reason: "  " }))).toBe("input.invalid");
    expect(await rejectSubmission(deps, admin, { submissionId: free.id, reason: "Not a game." })).toEqual({ refund: "none" });
    const paid = await makeSubmission(database.db, { status: "pending_approval", contactEmail: "paid@example.com" });
    const payment = await makeSuccessfulPayment(database.db, paid);
    const out = await rejectSubmission(deps, admin, { submissionId: paid.id, reason: "Off-topic." });
    expect(["pending", "succeeded"]).toContain(out.refund);
    const [p] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(p.refundStatus).not.toBeNull();
    const [row] = await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, paid.id));
    expect([row.status, row.rejectionReason]).toEqual(["rejected", "Off-topic."]);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, "paid@example.com")));
    const decision = mails.find((m) => m.template.startsWith("featured-rejected"));
    expect(decision?.text).toContain("Off-topic.");
    expect(decision?.text).toContain("49");
    const freeMail = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "free@example.com"));
    expect(freeMail.map((m) => m.template)).toEqual(["featured-rejected"]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, paid.id));
    expect(audit.map((a) => a.action)).toEqual(["promotions.submission_rejected"]);
  });

  it("deletes a submission unless its payment is held, and writes it to the audit log", async () => {
    const paid = await makeSubmission(database.db, { status: "pending_review" });
    await makeSuccessfulPayment(database.db, paid);
    expect(await codeOf(deleteSubmission(deps, admin, { submissionId: paid.id }))).toBe("promotions.paid_not_refunded");
    const unpaid = await makeSubmission(database.db, { status: "pending_payment", gameName: "Gone Game" });
    await deleteSubmission(deps, admin, { submissionId: unpaid.id });
    expect(await database.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, unpaid.id))).toEqual([]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.targetId, unpaid.id));
    expect(audit.map((a) => [a.action, a.targetName])).toEqual([["promotions.submission_deleted", "Gone Game"]]);
    expect(await codeOf(deleteSubmission(deps, admin, { submissionId: unpaid.id }))).toBe("promotions.submission_not_found");
  });

  it("approval copies the screenshots into the game's gallery; a delete keeps the files a game shows and removes the others", async () => {
    // Files as /collaborate stores them.
    const stored = async () => {
      const token = randomBytes(16).toString("hex");
      return deps.storage.put(`featured/${token}.webp`, oneColourPng(16, 9));
    };
    const exists = (url: string) => existsSync(join((deps.storage as LocalStorage).root, deps.storage.keyOf(url)!));
    const image = await stored();
    const shots = [await stored(), await stored()];
    const sub = await makeSubmission(database.db, {
      status: "pending_review",
      gameName: "Gallery Quest",
      imageUrl: image,
      screenshots: shots,
    });
    const detail = await getSubmission(deps, moderator, { submissionId: sub.id });
    expect(detail.submission.screenshots).toEqual(shots);
    const out = await approveSubmission(deps, admin, { submissionId: sub.id, featureType: "details_page" });
    const [game] = await database.db.select().from(featuredGames).where(eq(featuredGames.id, out.featuredGameId));
    expect(game.screenshots).toEqual(shots);
    expect((await getPublicGame(deps, { slug: out.slug })).screenshots).toEqual(shots);
    // The approved submission deleted: the game still shows its image and screenshots.
    await deleteSubmission(deps, admin, { submissionId: sub.id });
    expect([image, ...shots].map(exists)).toEqual([true, true, true]);

    // One never approved: its image and screenshots go with it, but not a file another submission still shows.
    const other = [await stored(), await stored()];
    const shared = await stored();
    const gone = await makeSubmission(database.db, { imageUrl: other[0], screenshots: [other[1]!, shared] });
    await makeSubmission(database.db, { screenshots: [shared] });
    await deleteSubmission(deps, admin, { submissionId: gone.id });
    expect([...other, shared].map(exists)).toEqual([false, false, true]);
  });

  it("moves the schedule at the right time, once, and the public reads follow the clock even when the job is late", async () => {
    await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
    const now = clock.now();
    const changed: string[] = [];
    const stop = deps.events.subscribe("featured.changed", (e) => void changed.push(`${e.featuredGameId}:${e.status}`));
    const later = await makeFeaturedGame(database.db, now, {
      slug: "later-one",
      scheduleStatus: "scheduled",
      startsAt: new Date(now.getTime() + DAY),
      endsAt: new Date(now.getTime() + 3 * DAY),
    });
    await expect(getPublicGame(deps, { slug: "later-one" })).rejects.toMatchObject({ code: "promotions.not_found" });
    expect(await advanceSchedule(deps)).toEqual({ started: 0, finished: 0 });
    clock.advance(DAY);
    // The job has not run yet: the page shows already (by its dates).
    expect((await getPublicGame(deps, { slug: "later-one" })).id).toBe(later.id);
    expect(await advanceSchedule(deps)).toEqual({ started: 1, finished: 0 });
    expect(await advanceSchedule(deps)).toEqual({ started: 0, finished: 0 });
    clock.advance(2 * DAY);
    await expect(getPublicGame(deps, { slug: "later-one" })).rejects.toMatchObject({ code: "promotions.not_found" });
    expect(await advanceSchedule(deps)).toEqual({ started: 0, finished: 1 });
    expect(changed).toEqual([`${later.id}:active`, `${later.id}:finished`]);
    stop();
    clock.set(now);
  });

  it("shows visitors only visible games on show, by release status and platform, and pages for details features only", async () => {
    await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
    const now = clock.now();
    const a = await makeFeaturedGame(database.db, now, {
      slug: "pub-a",
      featureType: "both",
      platforms: ["pc", "switch"],
      releaseStatus: "released",
    });
    const b = await makeFeaturedGame(database.db, now, {
      slug: "pub-b",
      featureType: "homepage",
      platforms: ["xbox"],
      releaseStatus: "early_access",
    });
    const hidden = await makeFeaturedGame(database.db, now, { slug: "pub-hidden", visible: false });
    await makeFeaturedGame(database.db, now, { slug: "pub-done", scheduleStatus: "finished" });
    await makeFeaturedGame(database.db, now, { slug: "pub-late", endsAt: new Date(now.getTime() - 1000) });
    const all = await listPublicFeatured(deps, {});
    expect(all.games.map((g) => g.slug).sort()).toEqual(["pub-a", "pub-b"]);
    expect(all.games.find((g) => g.slug === "pub-b")?.hasPage).toBe(false);
    expect((await listPublicFeatured(deps, { platform: "switch" })).games.map((g) => g.id)).toEqual([a.id]);
    expect((await listPublicFeatured(deps, { release: "early_access" })).games.map((g) => g.id)).toEqual([b.id]);
    expect((await listPublicFeatured(deps, { platform: "vr" })).total).toBe(0);
    expect((await homepageFeatured(deps)).map((g) => g.id).sort()).toEqual([a.id, b.id].sort());
    for (const slug of ["pub-b", "pub-hidden", "pub-done", "pub-late", "nope"])
      await expect(getPublicGame(deps, { slug }), slug).rejects.toMatchObject({ code: "promotions.not_found" });
    expect((await getPublicGame(deps, { slug: "PUB-A" })).id).toBe(a.id);
    const sitemap = await featuredSitemapEntries(database.db, now);
    expect(sitemap.map((e) => e.path)).toEqual(["/featured-games", "/games/pub-a"]);
    // The team hides, shows, edits and ends; each is audited and leaves the public pages at once.
    await setFeaturedVisible(deps, admin, { featuredGameId: a.id, visible: "false" });
    await expect(getPublicGame(deps, { slug: "pub-a" })).rejects.toMatchObject({ code: "promotions.not_found" });
    await setFeaturedVisible(deps, admin, { featuredGameId: a.id, visible: "true" });
    expect(await codeOf(updateFeaturedGame(deps, admin, { featuredGameId: a.id, slug: "pub-hidden", detailsMd: "" }))).toBe(
      "promotions.slug_taken",
    );
    await updateFeaturedGame(deps, admin, { featuredGameId: a.id, slug: "pub-a-new", detailsMd: "New *details*" });
    expect((await getPublicGame(deps, { slug: "pub-a-new" })).detailsHtml).toContain("details");
    await endFeaturedGame(deps, admin, { featuredGameId: a.id });
    await expect(getPublicGame(deps, { slug: "pub-a-new" })).rejects.toMatchObject({ code: "promotions.not_found" });
    expect(await codeOf(endFeaturedGame(deps, admin, { featuredGameId: a.id }))).toBe("promotions.update_failed");
    const audit = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, a.id));
    expect(audit.map((r) => r.action)).toEqual([
      "promotions.featured_hidden",
      "promotions.featured_shown",
      "promotions.featured_edited",
      "promotions.featured_ended",
    ]);
    const team = await listFeaturedGames(deps, moderator, {});
    expect(team.rows.some((r) => r.id === hidden.id)).toBe(true);
  });

  it("shows a game page's visitor the studio's other games on show only, and the card's capsule", async () => {
    await database.db.update(featuredGames).set({ scheduleStatus: "expired" });
    const now = clock.now();
    const studio = { companyId: company.userId };
    const page = await makeFeaturedGame(database.db, now, {
      ...studio,
      slug: "studio-page",
      screenshots: ["/media/s1.webp", "/media/s2.webp"],
    });
    const home = await makeFeaturedGame(database.db, now, {
      ...studio,
      slug: "studio-home",
      featureType: "homepage",
      capsuleUrl: "/media/capsule.webp",
      startsAt: new Date(now.getTime() - 3_600_000),
    });
    const other = await makeFeaturedGame(database.db, now, {
      ...studio,
      slug: "studio-other",
      startsAt: new Date(now.getTime() - 7_200_000),
    });
    // Not on show, or another studio's: never listed.
    await makeFeaturedGame(database.db, now, { ...studio, slug: "studio-hidden", visible: false });
    await makeFeaturedGame(database.db, now, { ...studio, slug: "studio-ended", scheduleStatus: "finished" });
    await makeFeaturedGame(database.db, now, { ...studio, slug: "studio-late", endsAt: new Date(now.getTime() - 1000) });
    await makeFeaturedGame(database.db, now, {
      ...studio,
      slug: "studio-soon",
      scheduleStatus: "scheduled",
      startsAt: new Date(now.getTime() + 3_600_000),
    });
    await makeFeaturedGame(database.db, now, { slug: "no-studio" });

    const more = await otherStudioGames(deps, { companyId: company.userId, exceptId: page.id });
    expect(more.map((g) => [g.slug, g.hasPage, g.capsuleUrl])).toEqual([
      ["studio-home", false, "/media/capsule.webp"],
      ["studio-other", true, null],
    ]);
    expect((await otherStudioGames(deps, { companyId: company.userId, exceptId: other.id })).map((g) => g.id)).toEqual([home.id, page.id]);
    // A game without a studio account has no "more from the studio".
    expect(await otherStudioGames(deps, { companyId: null, exceptId: page.id })).toEqual([]);
    const shown = await getPublicGame(deps, { slug: "studio-page" });
    expect(shown.screenshots).toEqual(["/media/s1.webp", "/media/s2.webp"]);
    expect((await getPublicGame(deps, { slug: "studio-other" })).screenshots).toEqual([]);
  });

  it("changes the offer with prices in major units and an audit row", async () => {
    await updateOffer(deps, admin, { ...OFFER, price_homepage: "59,90", homepageSlots: "4" });
    const offer = await deps.settings.get("featured_offer");
    expect(offer.offers.homepage.priceMinor).toBe(5990);
    expect(offer.offers.details_page.priceMinor).toBe(2950);
    expect(offer.homepageSlots).toBe(4);
    const bad = await errorOf(updateOffer(deps, admin, { ...OFFER, price_both: "0", duration_both: "400", homepageSlots: "0" }));
    expect(bad.details?.fieldErrors).toEqual({
      price_both: "errors:promotions.price_range",
      duration_both: "errors:promotions.duration_range",
      homepageSlots: "errors:promotions.slots_range",
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "promotions.offer_changed"));
    expect(audit.length).toBeGreaterThan(0);
  });
});
