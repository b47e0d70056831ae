import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { companyGames, featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { throwImageRefusal } from "#server/modules/image-refusal";
import { processImage } from "#server/platform/images";
import { amountAfterDiscount, GAME_IMAGE_MAX_BYTES, SUBMISSION_SCREENSHOTS_MAX } from "#shared/promotions";
import { hitPromoAccountLimit } from "./check-promo-code";
import type { PromotionsDeps } from "./deps";
import { featuredFilesInUse } from "./featured-files";
import { submissionInput, type SubmissionInput } from "./input";
import { getPublicOffer } from "./offer";
import { openCheckout } from "./open-checkout";
import { assertCan } from "./policy";
import { countPromoUse, lockUsablePromoCode } from "./promo-codes";
import { markSubmissionPaid } from "./submission-status";

/** Submissions per client and per contact email: a studio sends a few; a script may not fill the queue. */
export const SUBMIT_RATE_PER_CLIENT = { limit: 30, windowSeconds: 3600 };
export const SUBMIT_RATE_PER_EMAIL = { limit: 5, windowSeconds: 3600 };

/** The stored image: at most 1600 px wide, WebP, at most 1 MB. */
export const SUBMISSION_IMAGE_WIDTH = 1600;
const SUBMISSION_IMAGE_HEIGHT = 1600;
const STORED_MAX_BYTES = 1024 * 1024;
/** An image kept after a refused submit is named by this token (unguessable) so the form need not send it again. */
const IMAGE_TOKEN = /^[a-f0-9]{32}$/;
const imageKey = (token: string) => `featured/${token}.webp`;

type Deps = Pick<PromotionsDeps, "db" | "settings" | "storage" | "rateLimiter" | "payments" | "baseUrl" | "now" | "log">;

export type SubmissionRequest = Record<string, unknown> & {
  /** The image as sent (compressed by the browser, or as is without JavaScript). */
  image?: Uint8Array | null;
  /** An image kept from a refused submit of this form. */
  imageToken?: string | null;
  /** Screenshots as sent (optional, up to SUBMISSION_SCREENSHOTS_MAX with the kept ones), each with its file name. */
  screenshots?: { name: string; bytes: Uint8Array }[] | null;
  /** Screenshots kept from a refused submit of this form, in order. */
  screenshotTokens?: string[] | null;
  clientKey: string;
};

export type SubmissionResult =
  /** Pay: the provider's checkout (absolute URL). */
  | { submissionId: string; paid: false; checkoutUrl: string; paymentId: string }
  /** Covered by a 100% code: straight to the review queue. */
  | { submissionId: string; paid: true };

/**
 * Re-encodes one image (the game's image or a screenshot) and stores it under a new token. Refused with
 * `promotions.image_too_large`, `promotions.image_type` or `images.dimensions` (its limits in the details), or
 * `rate_limited` when the image workers are busy.
 */
async function storeImage(deps: Deps, bytes: Uint8Array, kind: "cover" | "screenshot"): Promise<string> {
  if (bytes.byteLength > GAME_IMAGE_MAX_BYTES) throw new DomainError("promotions.image_too_large");
  const out = await processImage(bytes, {
    kind,
    width: SUBMISSION_IMAGE_WIDTH,
    height: SUBMISSION_IMAGE_HEIGHT,
    fit: "inside",
    quality: [82, 70, 56, 40],
    maxOutputBytes: STORED_MAX_BYTES,
  })
    .then((image) => image.body)
    .catch((err: unknown) => {
      try {
        throwImageRefusal(err);
      } catch (refusal) {
        if (refusal instanceof DomainError) {
          if (refusal.code === "accounts.avatar_type") throw new DomainError("promotions.image_type", refusal.details);
          if (refusal.code === "accounts.avatar_too_large") throw new DomainError("promotions.image_too_large", refusal.details);
        }
        throw refusal;
      }
    });
  const token = randomBytes(16).toString("hex");
  await deps.storage.put(imageKey(token), out);
  return token;
}

/** A refused screenshot's field error names the file: the image's codes, said of a screenshot. */
const SCREENSHOT_ERRORS: Record<string, string> = {
  "promotions.image_type": "errors:promotions.screenshot_type",
  "promotions.image_too_large": "errors:promotions.screenshot_too_large",
  "images.dimensions": "errors:promotions.screenshot_dimensions",
};
const numbersOf = (details: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(details ?? {}).filter(([, v]) => typeof v === "number")) as Record<string, number>;
/** A file name as the form shows it back: one line, not too long. */
const shownName = (name: string) => {
  // eslint-disable-next-line no-control-regex -- a file name shown in a message stays on one line
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "?";
  return clean.length > 80 ? `${clean.slice(0, 79)}…` : clean;
};

async function keptImage(deps: Deps, token: string | null | undefined): Promise<string | null> {
  if (!token || !IMAGE_TOKEN.test(token)) return null;
  return (await deps.storage.stat(imageKey(token))) ? token : null;
}

/** The kept screenshots that still exist, in order, each once, at most the limit. */
async function keptScreenshots(deps: Deps, tokens: string[] | null | undefined): Promise<string[]> {
  const out: string[] = [];
  for (const t of new Set(tokens ?? [])) {
    if (out.length === SUBMISSION_SCREENSHOTS_MAX) break;
    const kept = await keptImage(deps, t);
    if (kept) out.push(kept);
  }
  return out;
}

/** A copy of the company game's cover (the submission's image is deleted with it; the game keeps its own). */
async function copyCover(deps: Deps, coverUrl: string | null): Promise<string | null> {
  const key = deps.storage.keyOf(coverUrl);
  if (!key) return null;
  try {
    const file = await deps.storage.read(key);
    if (!file) return null;
    const bytes = file.body;
    const token = randomBytes(16).toString("hex");
    await deps.storage.put(imageKey(token), bytes);
    return token;
  } catch {
    return null;
  }
}

/**
 * Sends a promotion request from /collaborate (SPEC §3 Featured game submission). Rate limited per client and
 * per contact email; every field checked (errors per field); the image re-encoded on a worker (its type by
 * content, its dimensions before decoding). In one transaction: the promo code (if any) is locked and must
 * still have a use free, the price and duration of the feature type are fixed, the submission is written
 * `pending_payment`; a 100% code counts its use and moves it to `pending_review` at once. Then, if an amount is
 * due, the checkout is opened; if it cannot be, the submission and its image are deleted and the error shown.
 * A refused submit keeps its stored image under `imageToken` and the screenshots taken so far under
 * `screenshotTokens` (in the error's details) for the next try; a refused screenshot's error names its file. With
 * payments off a request that would need paying is refused before anything is written.
 */
export async function createSubmission(deps: Deps, actor: Actor, input: SubmissionRequest): Promise<SubmissionResult> {
  assertCan(actor, "submission.create");
  const client = await deps.rateLimiter.hit(`submission:client:${input.clientKey}`, SUBMIT_RATE_PER_CLIENT);
  if (!client.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: client.retryAfterSeconds });

  const { image, imageToken, screenshots, screenshotTokens, clientKey, ...fields } = input;
  void clientKey;
  const parsed = submissionInput.safeParse(fields);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "_form");
      fieldErrors[key] ??= /^[a-z]+:[\w.]+$/.test(issue.message) ? issue.message : "errors:input.invalid";
    }
  }
  const data: SubmissionInput | null = parsed.success ? parsed.data : null;

  // Starting from one of the company's games: only the company that owns it.
  let game: typeof companyGames.$inferSelect | null = null;
  if (data?.companyGameId) {
    assertCan(actor, "submission.from_game");
    [game] = await deps.db.select().from(companyGames).where(eq(companyGames.id, data.companyGameId)).limit(1);
    if (!game) throw new DomainError("promotions.game_not_found");
    assertCan(actor, "submission.from_game", { companyId: game.companyId });
  }

  let token = await keptImage(deps, imageToken);
  // A refused image's limits (images.dimensions), for its message.
  let imageLimits: Record<string, number> = {};
  if (image && image.byteLength > 0) {
    try {
      const fresh = await storeImage(deps, image, "cover");
      // The replaced kept image goes, unless something else shows it (a token can be sent by anyone who saw it).
      if (token && !(await featuredFilesInUse(deps.db, [deps.storage.urlFor(imageKey(token))])).size)
        await deps.storage.remove(imageKey(token));
      token = fresh;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === "rate_limited") throw err;
      fieldErrors.image = `errors:${err.code}`;
      imageLimits = numbersOf(err.details);
    }
  } else if (!token && game) token = await copyCover(deps, game.coverUrl);
  if (!token && !fieldErrors.image) fieldErrors.image = "errors:promotions.image_required";

  // Screenshots (optional): the kept ones first, then each new file on its own; one refused file keeps the others.
  const shots = await keptScreenshots(deps, screenshotTokens);
  const newShots = (screenshots ?? []).filter((f) => f.bytes.byteLength > 0);
  let screenshotErrorValues: Record<string, string | number> | undefined;
  const keep = () => ({ ...imageLimits, imageToken: token ?? undefined, screenshotTokens: shots, screenshotErrorValues });
  if (shots.length + newShots.length > SUBMISSION_SCREENSHOTS_MAX) {
    fieldErrors.screenshots = "errors:promotions.screenshots_over_limit";
    screenshotErrorValues = { max: SUBMISSION_SCREENSHOTS_MAX, kept: shots.length };
  } else {
    const refused: { name: string; key: string; details?: Record<string, unknown> }[] = [];
    for (const file of newShots) {
      try {
        shots.push(await storeImage(deps, file.bytes, "screenshot"));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // Workers busy: the files already taken are kept for the next try.
        if (err.code === "rate_limited") throw new DomainError("rate_limited", { ...err.details, ...keep() });
        refused.push({ name: shownName(file.name), key: SCREENSHOT_ERRORS[err.code] ?? `errors:${err.code}`, details: err.details });
      }
    }
    if (refused.length) {
      // The first refusal's reason, naming every file refused for that same reason.
      const first = refused[0]!;
      const names = refused.filter((r) => r.key === first.key).map((r) => r.name);
      fieldErrors.screenshots = first.key;
      screenshotErrorValues = {
        ...numbersOf(first.details),
        name: names.join(", "),
      };
    }
  }

  const refuse = (code: "input.invalid" | `promotions.${string}`, extra: Record<string, string> = {}) =>
    new DomainError(code as "input.invalid", { fieldErrors: { ...fieldErrors, ...extra }, ...keep() });
  if (Object.keys(fieldErrors).length > 0 || !data) throw refuse("input.invalid");

  const perEmail = await deps.rateLimiter.hit(`submission:email:${data.contactEmail}`, SUBMIT_RATE_PER_EMAIL);
  if (!perEmail.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: perEmail.retryAfterSeconds, ...keep() });
  // A code typed by a signed-in account counts against its promo code attempts (check-promo-code.ts).
  if (data.promoCode)
    await hitPromoAccountLimit(deps, actor).catch((err: unknown) => {
      throw err instanceof DomainError ? new DomainError(err.code, { ...err.details, ...keep() }) : err;
    });

  const offer = await getPublicOffer(deps);
  const feature = offer.features.find((f) => f.type === data.featureType)!;
  const submissionId = randomUUID();
  const imageUrl = deps.storage.urlFor(imageKey(token!));
  const screenshotUrls = shots.map((t) => deps.storage.urlFor(imageKey(t)));
  const now = deps.now();
  let paid: boolean;
  try {
    paid = await deps.db.transaction(async (tx) => {
      const promo = data.promoCode ? await lockUsablePromoCode(tx, data.promoCode, now) : null;
      const { discountMinor, amountMinor } = amountAfterDiscount(feature.priceMinor, promo);
      // Payments off (production without Stripe's keys): only a code covering the whole price sends a request.
      if (amountMinor > 0 && deps.payments.name === "off") throw new DomainError("promotions.payments_off");
      await tx.insert(featuredSubmissions).values({
        id: submissionId,
        submittedBy: actor?.userId ?? null,
        companyId: game?.companyId ?? null,
        companyGameId: game?.id ?? null,
        contactName: data.contactName,
        contactEmail: data.contactEmail,
        studioName: data.studioName,
        gameName: data.gameName,
        shortDescription: data.shortDescription,
        storeUrl: data.storeUrl,
        youtubeUrl: data.youtubeUrl,
        imageUrl,
        screenshots: screenshotUrls,
        releaseStatus: data.releaseStatus,
        featureType: data.featureType,
        promoCodeId: promo?.id ?? null,
        promoCode: promo?.code ?? null,
        priceMinor: feature.priceMinor,
        discountMinor,
        amountMinor,
        currency: offer.currency,
        durationDays: feature.durationDays,
        status: "pending_payment",
        locale: data.locale,
        createdAt: now,
        updatedAt: now,
      });
      if (amountMinor > 0) return false;
      await countPromoUse(tx, { promoCodeId: promo!.id, submissionId, paymentId: null, discountMinor });
      await markSubmissionPaid(tx, submissionId);
      return true;
    });
  } catch (err) {
    if (err instanceof DomainError) {
      const given = (err.details?.fieldErrors ?? {}) as Record<string, string>;
      throw new DomainError(err.code, { ...err.details, fieldErrors: { ...given }, ...keep() });
    }
    throw err;
  }
  if (paid) return { submissionId, paid: true };
  try {
    const checkout = await openCheckout(deps, { submissionId, locale: data.locale });
    return { submissionId, paid: false, checkoutUrl: checkout.url, paymentId: checkout.paymentId };
  } catch (err) {
    await deps.db.delete(featuredSubmissions).where(eq(featuredSubmissions.id, submissionId));
    const urls = [imageUrl, ...screenshotUrls];
    const inUse = await featuredFilesInUse(deps.db, urls);
    for (const url of urls) if (!inUse.has(url)) await deps.storage.remove(deps.storage.keyOf(url)!);
    throw err;
  }
}
