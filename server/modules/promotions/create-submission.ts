import { randomBytes, randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { companyGames, featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { throwImageRefusal } from "#server/modules/image-refusal";
import { processImage } from "#server/platform/images";
import { amountAfterDiscount, GAME_IMAGE_MAX_BYTES } from "#shared/promotions";
import { hitPromoAccountLimit } from "./check-promo-code";
import type { PromotionsDeps } from "./deps";
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
  clientKey: string;
};

export type SubmissionResult =
  /** Pay: the provider's checkout (absolute URL). */
  | { submissionId: string; paid: false; checkoutUrl: string; paymentId: string }
  /** Covered by a 100% code: straight to the review queue. */
  | { submissionId: string; paid: true };

async function storeImage(deps: Deps, bytes: Uint8Array): Promise<string> {
  if (bytes.byteLength > GAME_IMAGE_MAX_BYTES)
    throw new DomainError("promotions.image_too_large", { fieldErrors: { image: "errors:promotions.image_too_large" } });
  const out = await processImage(bytes, {
    kind: "cover",
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
          const code = refusal.code === "accounts.avatar_type" ? "promotions.image_type" : refusal.code;
          const key = code === "accounts.avatar_too_large" ? "errors:promotions.image_too_large" : `errors:${code}`;
          throw new DomainError(code === "accounts.avatar_too_large" ? "promotions.image_too_large" : code, {
            ...refusal.details,
            fieldErrors: { image: key },
          });
        }
        throw refusal;
      }
    });
  const token = randomBytes(16).toString("hex");
  await deps.storage.put(imageKey(token), out);
  return token;
}

async function keptImage(deps: Deps, token: string | null | undefined): Promise<string | null> {
  if (!token || !IMAGE_TOKEN.test(token)) return null;
  try {
    return (await stat(join(deps.storage.root, imageKey(token)))).isFile() ? token : null;
  } catch {
    return null;
  }
}

/** A copy of the company game's cover (the submission's image is deleted with it; the game keeps its own). */
async function copyCover(deps: Deps, coverUrl: string | null): Promise<string | null> {
  const key = deps.storage.keyOf(coverUrl);
  if (!key) return null;
  try {
    const bytes = await readFile(join(deps.storage.root, key));
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
 * A refused submit keeps its stored image under `imageToken` (in the error's details) for the next try. With
 * payments off a request that would need paying is refused before anything is written.
 */
export async function createSubmission(deps: Deps, actor: Actor, input: SubmissionRequest): Promise<SubmissionResult> {
  assertCan(actor, "submission.create");
  const client = await deps.rateLimiter.hit(`submission:client:${input.clientKey}`, SUBMIT_RATE_PER_CLIENT);
  if (!client.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: client.retryAfterSeconds });

  const { image, imageToken, clientKey, ...fields } = input;
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
  if (image && image.byteLength > 0) {
    try {
      const fresh = await storeImage(deps, image);
      if (token) await deps.storage.remove(imageKey(token));
      token = fresh;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === "rate_limited") throw err;
      fieldErrors.image = (err.details?.fieldErrors as Record<string, string>)?.image ?? `errors:${err.code}`;
    }
  } else if (!token && game) token = await copyCover(deps, game.coverUrl);
  if (!token && !fieldErrors.image) fieldErrors.image = "errors:promotions.image_required";

  const refuse = (code: "input.invalid" | `promotions.${string}`, extra: Record<string, string> = {}) =>
    new DomainError(code as "input.invalid", { fieldErrors: { ...fieldErrors, ...extra }, imageToken: token ?? undefined });
  if (Object.keys(fieldErrors).length > 0 || !data) throw refuse("input.invalid");

  const perEmail = await deps.rateLimiter.hit(`submission:email:${data.contactEmail}`, SUBMIT_RATE_PER_EMAIL);
  if (!perEmail.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: perEmail.retryAfterSeconds, imageToken: token });
  // A code typed by a signed-in account counts against its promo code attempts (check-promo-code.ts).
  if (data.promoCode)
    await hitPromoAccountLimit(deps, actor).catch((err: unknown) => {
      throw err instanceof DomainError ? new DomainError(err.code, { ...err.details, imageToken: token ?? undefined }) : err;
    });

  const offer = await getPublicOffer(deps);
  const feature = offer.features.find((f) => f.type === data.featureType)!;
  const submissionId = randomUUID();
  const imageUrl = deps.storage.urlFor(imageKey(token!));
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
      throw new DomainError(err.code, { ...err.details, fieldErrors: { ...given }, imageToken: token ?? undefined });
    }
    throw err;
  }
  if (paid) return { submissionId, paid: true };
  try {
    const checkout = await openCheckout(deps, { submissionId, locale: data.locale });
    return { submissionId, paid: false, checkoutUrl: checkout.url, paymentId: checkout.paymentId };
  } catch (err) {
    await deps.db.delete(featuredSubmissions).where(eq(featuredSubmissions.id, submissionId));
    await deps.storage.remove(imageKey(token!));
    throw err;
  }
}
