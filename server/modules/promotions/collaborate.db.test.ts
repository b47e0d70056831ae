import { mkdtempSync } from "node:fs";
import { existsSync, readdirSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabase } from "#tests/support/db";
import { codeOf, errorOf, member, testClock } from "#tests/support/forum-kit";
import { companyActor } from "#tests/support/campaigns-kit";
import { startYoutubeStub, type YoutubeStub } from "#tests/support/youtube-stub";
import { ensureRoles } from "#server/db/factories";
import type { DatabaseHandle } from "#server/db/client";
import { auditLog, companyGames, featuredSubmissions, payments, promoCodes, promoCodeUses } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { SettingsStore } from "#server/modules/site/settings";
import { EventBus } from "#server/platform/events";
import { oneColourPng } from "#tests/support/test-images";
import { createLogger } from "#server/platform/logger";
import { RateLimiter } from "#server/platform/rate-limit";
import { LocalStorage } from "#server/platform/storage";
import type { CheckoutRequest, PaymentProvider } from "#server/platform/payments/types";
import { createOembedLookup } from "#server/platform/youtube-oembed";
import { renderPlain } from "#server/modules/forum/render-plain";
import type { PromotionsDeps } from "./deps";
import { checkPromoCode } from "./check-promo-code";
import { createSubmission } from "./create-submission";
import { getPromoCode, listPromoCodes, listPromoCodeUses } from "./list-promo-codes";
import { createPromoCode, setPromoCodeActive, updatePromoCode } from "./manage-promo-codes";
import { sweepKeptImages } from "./sweep-kept-images";
import { youtubeAutofill } from "./youtube-autofill";

/** A provider that records checkouts and can be told to fail (the real providers are tested with payments). */
function recordingProvider() {
  const calls: CheckoutRequest[] = [];
  const provider: PaymentProvider & { calls: CheckoutRequest[]; down: boolean } = {
    name: "sandbox",
    calls,
    down: false,
    async createCheckout(request) {
      if (provider.down) throw new Error("provider down");
      calls.push(request);
      return { sessionId: `cs_test_${calls.length}`, url: `https://pay.example/${request.paymentId}` };
    },
    async refund() {
      throw new Error("not used");
    },
    verifyWebhook() {
      throw new Error("not used");
    },
  };
  return provider;
}

const form = (over: Record<string, unknown> = {}) => ({
  contactName: "Ana Pérez",
  contactEmail: "ana@brisa.example",
  studioName: "Brisa Studio",
  gameName: "Brisa",
  shortDescription: "A calm game about wind.",
  storeUrl: "https://store.steampowered.com/app/1",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  releaseStatus: "released",
  featureType: "homepage",
  locale: "es",
  clientKey: `client-${Math.random()}`,
  image: oneColourPng(800, 450),
  ...over,
});

describe("/collaborate operations: submissions, YouTube auto-fill, promo codes", () => {
  let database: DatabaseHandle;
  let deps: PromotionsDeps;
  let provider: ReturnType<typeof recordingProvider>;
  let stub: YoutubeStub;
  const clock = testClock(new Date("2026-11-24T12:00:00Z"));
  let admin: NonNullable<Actor>;
  let moderator: NonNullable<Actor>;
  let creator: NonNullable<Actor>;
  let company: NonNullable<Actor>;
  let otherCompany: NonNullable<Actor>;

  beforeAll(async () => {
    database = await testDatabase();
    await ensureRoles(database.db);
    stub = await startYoutubeStub();
    provider = recordingProvider();
    const log = createLogger("silent");
    deps = {
      db: database.db,
      events: new EventBus(log),
      settings: new SettingsStore(database.db, 0),
      storage: new LocalStorage(mkdtempSync(join(tmpdir(), "collaborate-"))),
      mailer: undefined as never,
      jobs: undefined as never,
      rateLimiter: new RateLimiter(database.db, () => clock.now().getTime()),
      payments: provider,
      oembed: createOembedLookup(stub.url, { timeoutMs: 500 }),
      renderMarkdown: renderPlain,
      linkSecret: "x",
      siteName: "Test",
      baseUrl: "http://localhost:3999",
      now: clock.now,
      log,
    };
    admin = await member(database.db, clock.now(), { roles: ["Admin"], username: "admin1" });
    moderator = await member(database.db, clock.now(), { roles: ["Moderator"], username: "mod1" });
    creator = await member(database.db, clock.now(), { username: "creator1" });
    company = await companyActor(database.db, { name: "Brisa Co" });
    otherCompany = await companyActor(database.db, { name: "Otra" });
  });
  afterAll(async () => {
    await stub.close();
    await database.close();
  });

  const fileOf = (imageUrl: string) => join((deps.storage as LocalStorage).root, deps.storage.keyOf(imageUrl)!);

  it("stores a paid submission pending_payment with the offer's price fixed, a re-encoded image, and opens the checkout", async () => {
    const out = await createSubmission(deps, null, form());
    expect(out.paid).toBe(false);
    if (out.paid) return;
    expect(out.checkoutUrl).toBe(`https://pay.example/${out.paymentId}`);
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row).toMatchObject({
      status: "pending_payment",
      priceMinor: 4900,
      amountMinor: 4900,
      durationDays: 14,
      currency: "EUR",
      locale: "es",
    });
    expect(row!.imageUrl).toMatch(/^\/media\/featured\/[a-f0-9]{32}\.webp$/);
    expect(existsSync(fileOf(row!.imageUrl))).toBe(true);
    expect(provider.calls.at(-1)).toMatchObject({ amountMinor: 4900, currency: "EUR", customerEmail: "ana@brisa.example" });
  });

  it("names each bad field with a translated key, and keeps the image by a token for the next try", async () => {
    const err = await errorOf(
      createSubmission(
        deps,
        null,
        form({ contactEmail: "nope", shortDescription: "x".repeat(281), storeUrl: "http://a.example", youtubeUrl: "https://vimeo.com/1" }),
      ),
    );
    expect(err.code).toBe("input.invalid");
    expect(err.details?.fieldErrors).toEqual({
      contactEmail: "errors:input.invalid",
      shortDescription: "errors:input.invalid",
      storeUrl: "errors:input.invalid",
      youtubeUrl: "errors:promotions.youtube_required",
    });
    const token = err.details?.imageToken as string;
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    // The next try sends no file but the token: the image is used.
    const out = await createSubmission(deps, null, form({ image: null, imageToken: token }));
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row!.imageUrl).toBe(`/media/featured/${token}.webp`);
    // A made-up token is no image.
    const missing = await errorOf(createSubmission(deps, null, form({ image: null, imageToken: "0".repeat(32) })));
    expect(missing.details?.fieldErrors).toEqual({ image: "errors:promotions.image_required" });
  });

  it("refuses a file that is not an image, and a strip past the aspect limit, before decoding", async () => {
    const bad = await errorOf(createSubmission(deps, null, form({ image: new TextEncoder().encode("<svg></svg>") })));
    expect(bad.details?.fieldErrors).toEqual({ image: "errors:promotions.image_type" });
    const strip = await errorOf(createSubmission(deps, null, form({ image: oneColourPng(4000, 200) })));
    expect(strip.details?.fieldErrors).toEqual({ image: "errors:images.dimensions" });
    const huge = await errorOf(createSubmission(deps, null, form({ image: new Uint8Array(5 * 1024 * 1024 + 1) })));
    expect(huge.details?.fieldErrors).toEqual({ image: "errors:promotions.image_too_large" });
  });

  it("stores up to five screenshots re-encoded to WebP at most 1600 px wide, in the order sent", async () => {
    const sharp = (await import("sharp")).default;
    const wide = new Uint8Array(
      await sharp({ create: { width: 2400, height: 1350, channels: 3, background: "#335577" } })
        .jpeg()
        .toBuffer(),
    );
    const out = await createSubmission(
      deps,
      null,
      form({
        contactEmail: "shots@brisa.example",
        screenshots: [
          { name: "one.jpg", bytes: wide },
          { name: "two.png", bytes: oneColourPng(1280, 720) },
          { name: "phone.png", bytes: oneColourPng(720, 1560) },
        ],
      }),
    );
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row!.screenshots).toHaveLength(3);
    const metas = await Promise.all(row!.screenshots.map((url) => sharp(fileOf(url)).metadata()));
    expect(metas.map((m) => [m.format, m.width, m.height])).toEqual([
      ["webp", 1600, 900],
      ["webp", 1280, 720],
      ["webp", 720, 1560],
    ]);
    for (const url of row!.screenshots) expect(url).toMatch(/^\/media\/featured\/[a-f0-9]{32}\.webp$/);
    expect(new Set([row!.imageUrl, ...row!.screenshots]).size).toBe(4);
  });

  it("refuses a bad screenshot by its file name with its field error, keeps the good ones by token, and takes them on the next try", async () => {
    const err = await errorOf(
      createSubmission(
        deps,
        null,
        form({
          contactEmail: "badshot@brisa.example",
          screenshots: [
            { name: "good-1.png", bytes: oneColourPng(1280, 720) },
            { name: "notes.png", bytes: new TextEncoder().encode("<svg></svg>") },
            { name: "good-2.png", bytes: oneColourPng(1280, 720) },
          ],
        }),
      ),
    );
    expect(err.code).toBe("input.invalid");
    expect(err.details?.fieldErrors).toEqual({ screenshots: "errors:promotions.screenshot_type" });
    expect(err.details?.screenshotErrorValues).toEqual({ name: "notes.png" });
    const kept = err.details?.screenshotTokens as string[];
    expect(kept).toHaveLength(2);
    for (const t of kept) expect(existsSync(join((deps.storage as LocalStorage).root, `featured/${t}.webp`))).toBe(true);
    const imageToken = err.details?.imageToken as string;

    // A strip and a file over 5 MB: each refused with its own reason, the kept ones still kept.
    const strip = await errorOf(
      createSubmission(
        deps,
        null,
        form({ image: null, imageToken, screenshotTokens: kept, screenshots: [{ name: "strip.png", bytes: oneColourPng(4000, 200) }] }),
      ),
    );
    expect(strip.details?.fieldErrors).toEqual({ screenshots: "errors:promotions.screenshot_dimensions" });
    expect(strip.details?.screenshotErrorValues).toEqual({ name: "strip.png", maxSide: 8192, maxAspect: 4, megapixels: 50 });
    expect(strip.details?.screenshotTokens).toEqual(kept);
    const huge = await errorOf(
      createSubmission(
        deps,
        null,
        form({
          image: null,
          imageToken,
          screenshotTokens: kept,
          screenshots: [{ name: "huge.png", bytes: new Uint8Array(5 * 1024 * 1024 + 1) }],
        }),
      ),
    );
    expect(huge.details?.fieldErrors).toEqual({ screenshots: "errors:promotions.screenshot_too_large" });
    expect(huge.details?.screenshotTokens).toEqual(kept);

    // More than five with the kept ones: refused before any is decoded, the kept ones still kept.
    const many = await errorOf(
      createSubmission(
        deps,
        null,
        form({
          image: null,
          imageToken,
          screenshotTokens: kept,
          screenshots: [1, 2, 3, 4].map((n) => ({ name: `more-${n}.png`, bytes: oneColourPng(1280, 720) })),
        }),
      ),
    );
    expect(many.details?.fieldErrors).toEqual({ screenshots: "errors:promotions.screenshots_over_limit" });
    expect(many.details?.screenshotErrorValues).toMatchObject({ max: 5 });
    expect(many.details?.screenshotTokens).toEqual(kept);

    // The next try sends the kept tokens (a made-up one is ignored) and one more file: three, in that order.
    const out = await createSubmission(
      deps,
      null,
      form({
        image: null,
        imageToken,
        screenshotTokens: [kept[0]!, "0".repeat(32), "../../etc/passwd", kept[1]!],
        screenshots: [{ name: "good-3.png", bytes: oneColourPng(1280, 720) }],
      }),
    );
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row!.imageUrl).toBe(`/media/featured/${imageToken}.webp`);
    expect(row!.screenshots.slice(0, 2)).toEqual(kept.map((t) => `/media/featured/${t}.webp`));
    expect(row!.screenshots).toHaveLength(3);
  });

  it("a new image replaces the kept one, but never removes a file a featured game shows", async () => {
    const err = await errorOf(createSubmission(deps, null, form({ contactEmail: "nope" })));
    const token = err.details?.imageToken as string;
    // The same token sent again by someone else with a new image: the file stays while a submission shows it.
    const [used] = await deps.db.select().from(featuredSubmissions).limit(1);
    const usedToken = /([a-f0-9]{32})\.webp$/.exec(used!.imageUrl)![1]!;
    await createSubmission(deps, null, form({ contactEmail: "swap@brisa.example", imageToken: usedToken }));
    expect(existsSync(fileOf(used!.imageUrl))).toBe(true);
    // A kept image nothing shows is replaced.
    await createSubmission(deps, null, form({ contactEmail: "swap2@brisa.example", imageToken: token }));
    expect(existsSync(join((deps.storage as LocalStorage).root, `featured/${token}.webp`))).toBe(false);
  });

  it("deletes the submission, its image and screenshots when the checkout cannot open, and says so", async () => {
    const before = (await deps.db.select().from(featuredSubmissions)).length;
    const files = () => readdirSync(join((deps.storage as LocalStorage).root, "featured")).length;
    const filesBefore = files();
    provider.down = true;
    const err = await errorOf(
      createSubmission(
        deps,
        null,
        form({ contactEmail: "down@brisa.example", screenshots: [{ name: "s.png", bytes: oneColourPng(1280, 720) }] }),
      ),
    );
    provider.down = false;
    expect(err.code).toBe("promotions.payment_unavailable");
    expect((await deps.db.select().from(featuredSubmissions)).length).toBe(before);
    expect(files()).toBe(filesBefore);
  });

  it("a 100% code completes the submission at once (pending_review) and counts its use; a used-up code is refused", async () => {
    await createPromoCode(deps, admin, { code: "free100", discountType: "percentage", discountValue: "100", maxUses: "1" });
    const out = await createSubmission(deps, null, form({ promoCode: "Free100", featureType: "both", contactEmail: "free@brisa.example" }));
    expect(out.paid).toBe(true);
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row).toMatchObject({ status: "pending_review", priceMinor: 6900, discountMinor: 6900, amountMinor: 0, promoCode: "FREE100" });
    const [code] = await deps.db.select().from(promoCodes).where(eq(promoCodes.code, "FREE100"));
    expect(code!.usesCount).toBe(1);
    const again = await errorOf(createSubmission(deps, null, form({ promoCode: "FREE100", contactEmail: "again@brisa.example" })));
    expect(again.code).toBe("promotions.promo_used_up");
    expect(again.details?.fieldErrors).toEqual({ promoCode: "errors:promotions.promo_used_up" });
    expect(again.details?.imageToken).toMatch(/^[a-f0-9]{32}$/);
  });

  it("a partial code lowers the amount due; the open checkout holds a use", async () => {
    await createPromoCode(deps, admin, { code: "HALF", discountType: "percentage", discountValue: "50", maxUses: "1" });
    const out = await createSubmission(
      deps,
      null,
      form({ promoCode: "half", featureType: "details_page", contactEmail: "half@brisa.example" }),
    );
    expect(out.paid).toBe(false);
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row).toMatchObject({ priceMinor: 2900, discountMinor: 1450, amountMinor: 1450, durationDays: 30 });
    const [payment] = await deps.db.select().from(payments).where(eq(payments.submissionId, out.submissionId));
    expect(payment!.status).toBe("pending");
    // The only use is held by that checkout: the live check says the limit is reached.
    expect((await checkPromoCode(deps, null, { code: "HALF", featureType: "homepage", clientKey: "k1" })).outcome).toBe(
      "usage_limit_reached",
    );
  });

  it("checks a code live with every SPEC §5 outcome, and is rate limited per client", async () => {
    await createPromoCode(deps, admin, { code: "FIVE", discountType: "fixed", discountValue: "5", maxUses: "0" });
    await createPromoCode(deps, admin, { code: "OFF", discountType: "fixed", discountValue: "5", isActive: "false" });
    await createPromoCode(deps, admin, { code: "OLD", discountType: "percentage", discountValue: "10", expiresAt: "2026-01-01" });
    const check = (code: string) => checkPromoCode(deps, null, { code, featureType: "homepage", clientKey: "k2" });
    expect(await check("five")).toEqual({
      outcome: "success",
      code: "FIVE",
      discountType: "fixed",
      discountValue: 500,
      priceMinor: 4900,
      discountMinor: 500,
      amountMinor: 4400,
      currency: "EUR",
    });
    expect((await check("nothing")).outcome).toBe("invalid");
    expect((await check("OFF")).outcome).toBe("inactive");
    expect((await check("OLD")).outcome).toBe("expired");
    expect(await codeOf(checkPromoCode(deps, null, { code: "", featureType: "homepage", clientKey: "k2" }))).toBe("input.invalid");
    for (let i = 0; i < 20; i++) await check("FIVE").catch(() => {});
    expect(await codeOf(check("FIVE"))).toBe("rate_limited");
  });

  it("limits a signed-in account's promo code checks across client addresses, not the addresses of others", async () => {
    const guesser = await member(database.db, clock.now(), { username: "guesser1" });
    const other = await member(database.db, clock.now(), { username: "guesser2" });
    // Every guess from another address: the per-client limit never trips.
    const check = (actor: Actor, i: number) =>
      checkPromoCode(deps, actor, { code: `GUESS${i}`, featureType: "homepage", clientKey: `acct-addr-${i}` });
    for (let i = 0; i < 20; i++) expect((await check(guesser, i)).outcome).toBe("invalid");
    expect(await codeOf(check(guesser, 20))).toBe("rate_limited");
    expect(await codeOf(check(guesser, 21))).toBe("rate_limited");
    // Another account, and a visitor, from one of those addresses are not refused for it.
    expect((await check(other, 3)).outcome).toBe("invalid");
    expect((await check(null, 4)).outcome).toBe("invalid");
    // A submission with a code counts as an attempt too: the limited account is refused before its code is tried.
    const refused = await errorOf(createSubmission(deps, guesser, form({ promoCode: "GUESS99", contactEmail: "guess@brisa.example" })));
    expect(refused.code).toBe("rate_limited");
    expect(refused.details?.imageToken).toMatch(/^[a-f0-9]{32}$/);
  });

  it("auto-fills from YouTube's oEmbed (stub): name and thumbnail; an invalid URL or unknown video, and YouTube down, each say so", async () => {
    expect(await youtubeAutofill(deps, null, { url: "https://youtu.be/dQw4w9WgXcQ", clientKey: "y1" })).toEqual({
      gameName: "Brisa — Official Trailer",
      thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
      channel: "Brisa Studio",
    });
    const invalid = await errorOf(youtubeAutofill(deps, null, { url: "https://example.com/watch?v=dQw4w9WgXcQ", clientKey: "y1" }));
    expect(invalid.code).toBe("promotions.youtube_required");
    expect(invalid.details?.fieldErrors).toEqual({ youtubeUrl: "errors:promotions.youtube_required" });
    expect(await codeOf(youtubeAutofill(deps, null, { url: "https://youtu.be/AAAAAAAAAAA", clientKey: "y1" }))).toBe(
      "promotions.youtube_required",
    );
    stub.mode = "error";
    expect(await codeOf(youtubeAutofill(deps, null, { url: "https://youtu.be/dQw4w9WgXcQ", clientKey: "y1" }))).toBe(
      "promotions.youtube_unavailable",
    );
    stub.mode = "ok";
  });

  it("a verified company starts from its own game (ids recorded, cover copied); a creator or another company cannot", async () => {
    const gameId = "game-brisa";
    const cover = await deps.storage.put("games/game-brisa/cover.webp", oneColourPng(64, 36));
    await deps.db.insert(companyGames).values({
      id: gameId,
      companyId: company.userId,
      name: "Brisa",
      slug: "brisa-game",
      shortDescription: "Wind.",
      releaseStatus: "released",
      coverUrl: cover,
    });
    const fromGame = form({ companyGameId: gameId, image: null, contactEmail: "co@brisa.example" });
    expect(await codeOf(createSubmission(deps, creator, fromGame))).toBe("auth.forbidden");
    expect(await codeOf(createSubmission(deps, otherCompany, fromGame))).toBe("auth.forbidden");
    expect(await codeOf(createSubmission(deps, null, fromGame))).toBe("auth.unauthenticated");
    const out = await createSubmission(deps, company, fromGame);
    const [row] = await deps.db.select().from(featuredSubmissions).where(eq(featuredSubmissions.id, out.submissionId));
    expect(row).toMatchObject({ companyId: company.userId, companyGameId: gameId, submittedBy: company.userId });
    expect(row!.imageUrl).not.toBe(cover);
    expect(existsSync(fileOf(row!.imageUrl))).toBe(true);
  });

  it("rate limits submissions per contact email", async () => {
    const email = "many@brisa.example";
    for (let i = 0; i < 5; i++) await createSubmission(deps, null, form({ contactEmail: email }));
    expect(await codeOf(createSubmission(deps, null, form({ contactEmail: email })))).toBe("rate_limited");
  });

  it("concurrent submissions with a 5-use 100% code: exactly 5 complete, the rest are told the code is used up", async () => {
    await createPromoCode(deps, admin, { code: "RACE5", discountType: "percentage", discountValue: "100", maxUses: "5" });
    // Images already kept by token (the image workers would refuse 20 at once as busy, which is not the race here).
    const tokens = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const token = i.toString(16).padStart(32, "a");
        await deps.storage.put(`featured/${token}.webp`, oneColourPng(16, 9));
        return token;
      }),
    );
    const results = await Promise.allSettled(
      tokens.map((imageToken, i) =>
        createSubmission(deps, null, form({ promoCode: "RACE5", contactEmail: `race${i}@brisa.example`, image: null, imageToken })),
      ),
    );
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as { code?: string }).code);
    expect(done).toHaveLength(5);
    expect(refused).toEqual(Array(15).fill("promotions.promo_used_up"));
    const [code] = await deps.db.select().from(promoCodes).where(eq(promoCodes.code, "RACE5"));
    expect(code!.usesCount).toBe(5);
    expect((await deps.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, code!.id))).length).toBe(5);
  });

  it("refuses every promo code admin operation to a visitor, a member, a creator, a company and a Moderator", async () => {
    const [code] = await deps.db.select().from(promoCodes).limit(1);
    for (const actor of [null, creator, company, moderator]) {
      const expected = actor ? "auth.forbidden" : "auth.unauthenticated";
      expect(await codeOf(createPromoCode(deps, actor, { code: "NOPE", discountType: "fixed", discountValue: "1" }))).toBe(expected);
      expect(
        await codeOf(updatePromoCode(deps, actor, { promoCodeId: code!.id, code: "NOPE", discountType: "fixed", discountValue: "1" })),
      ).toBe(expected);
      expect(await codeOf(setPromoCodeActive(deps, actor, { promoCodeId: code!.id, active: "false" }))).toBe(expected);
      expect(await codeOf(listPromoCodes(deps, actor, {}))).toBe(expected);
      expect(await codeOf(listPromoCodeUses(deps, actor, { promoCodeId: code!.id }))).toBe(expected);
    }
  });

  it("admins create (upper case, unique), edit, deactivate and reactivate codes, each in the audit log", async () => {
    const { id } = await createPromoCode(deps, admin, {
      code: " spring-26 ",
      discountType: "fixed",
      discountValue: "4,50",
      maxUses: "3",
      expiresAt: "2027-03-31",
      note: "Spring fair",
    });
    const row = await getPromoCode(deps, admin, { promoCodeId: id });
    expect(row).toMatchObject({ code: "SPRING-26", discountValue: 450, maxUses: 3, isActive: true, note: "Spring fair" });
    expect(row.expiresAt?.toISOString()).toBe("2027-03-31T23:59:59.999Z");
    const taken = await errorOf(createPromoCode(deps, admin, { code: "SPRING-26", discountType: "fixed", discountValue: "1" }));
    expect(taken.code).toBe("promotions.promo_code_taken");
    expect(taken.details?.fieldErrors).toEqual({ code: "errors:promotions.promo_code_taken" });
    const bad = await errorOf(createPromoCode(deps, admin, { code: "x", discountType: "percentage", discountValue: "10" }));
    expect(bad.details?.fieldErrors).toEqual({ code: "errors:promotions.promo_code_format" });
    for (const [discountType, discountValue] of [
      ["percentage", "101"],
      ["percentage", "2.5"],
      ["fixed", "0"],
      ["fixed", "1.234"],
    ]) {
      const range = await errorOf(createPromoCode(deps, admin, { code: "RANGE", discountType, discountValue }));
      expect(range.details?.fieldErrors, `${discountType} ${discountValue}`).toEqual({
        discountValue: "errors:promotions.promo_value_range",
      });
    }
    await updatePromoCode(deps, admin, {
      promoCodeId: id,
      code: "SPRING-26",
      discountType: "percentage",
      discountValue: "15",
      maxUses: "5",
    });
    expect((await getPromoCode(deps, admin, { promoCodeId: id })).discountValue).toBe(15);
    await setPromoCodeActive(deps, admin, { promoCodeId: id, active: "false" });
    expect((await listPromoCodes(deps, admin, { status: "inactive", q: "spring" })).rows.map((r) => r.code)).toEqual(["SPRING-26"]);
    await setPromoCodeActive(deps, admin, { promoCodeId: id, active: "true" });
    expect((await listPromoCodes(deps, admin, { status: "expired" })).rows.map((r) => r.code)).toEqual(["OLD"]);
    const audit = await deps.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "promo_code.created",
      "promo_code.deactivated",
      "promo_code.reactivated",
      "promo_code.updated",
    ]);
  });

  it("refuses to lower a code's limit below the uses already counted, and lists each use with its game and studio", async () => {
    const [free] = await deps.db.select().from(promoCodes).where(eq(promoCodes.code, "FREE100"));
    await createPromoCode(deps, admin, { code: "TWO", discountType: "percentage", discountValue: "100", maxUses: "2" });
    const [two] = await deps.db.select().from(promoCodes).where(eq(promoCodes.code, "TWO"));
    await createSubmission(deps, null, form({ promoCode: "TWO", contactEmail: "t1@brisa.example", gameName: "Uno" }));
    await createSubmission(deps, null, form({ promoCode: "TWO", contactEmail: "t2@brisa.example", gameName: "Dos" }));
    const err = await errorOf(
      updatePromoCode(deps, admin, { promoCodeId: two!.id, code: "TWO", discountType: "percentage", discountValue: "100", maxUses: "1" }),
    );
    expect(err.code).toBe("promotions.promo_max_below_uses");
    expect(err.details?.count).toBe(2);
    // 0 (unlimited) is always allowed.
    await updatePromoCode(deps, admin, {
      promoCodeId: two!.id,
      code: "TWO",
      discountType: "percentage",
      discountValue: "100",
      maxUses: "0",
    });
    const { uses, total } = await listPromoCodeUses(deps, admin, { promoCodeId: two!.id });
    expect(total).toBe(2);
    expect(uses.map((u) => u.gameName).sort()).toEqual(["Dos", "Uno"]);
    expect(uses[0]).toMatchObject({ studioName: "Brisa Studio", discountMinor: 4900, currency: "EUR" });
    expect((await deps.db.select().from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, free!.id))).length).toBe(1);
  });

  it("the daily sweep removes day-old kept images no submission uses, and never one a submission uses", async () => {
    const [used] = await deps.db.select().from(featuredSubmissions).limit(1);
    const [withShots] = (await deps.db.select().from(featuredSubmissions)).filter((r) => r.screenshots.length > 0);
    const shot = withShots!.screenshots[0]!;
    const orphan = "f".repeat(32);
    const fresh = "e".repeat(32);
    await deps.storage.put(`featured/${orphan}.webp`, oneColourPng(16, 9));
    await deps.storage.put(`featured/${fresh}.webp`, oneColourPng(16, 9));
    const old = new Date(clock.now().getTime() - 2 * 86_400_000);
    utimesSync(join((deps.storage as LocalStorage).root, `featured/${orphan}.webp`), old, old);
    utimesSync(fileOf(used!.imageUrl), old, old);
    utimesSync(fileOf(shot), old, old);
    const fileNow = (t: string) => existsSync(join((deps.storage as LocalStorage).root, `featured/${t}.webp`));
    // The files' times are real ones; the sweep compares them with the clock, which is set to today.
    clock.set(new Date());
    await sweepKeptImages(deps);
    expect(fileNow(orphan)).toBe(false);
    expect(fileNow(fresh)).toBe(true);
    expect(existsSync(fileOf(used!.imageUrl))).toBe(true);
    expect(existsSync(fileOf(shot))).toBe(true);
  });
});
