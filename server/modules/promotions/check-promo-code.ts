import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { amountAfterDiscount, type PromoOutcome } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { parseInput } from "./deps";
import { promoCheckInput } from "./input";
import { getPublicOffer } from "./offer";
import { assertCan } from "./policy";
import { findPromoCode, heldUses, promoOutcome } from "./promo-codes";

/** Checks per client: enough for a person typing, too few to guess codes. */
export const PROMO_CHECK_RATE = { limit: 20, windowSeconds: 60 };
/**
 * Checks per signed-in account, whatever address they come from: an account cannot guess codes by
 * spreading its attempts over many addresses. Per minute as per client, and a cap per hour.
 */
export const PROMO_CHECK_RATE_PER_ACCOUNT = [
  { limit: 20, windowSeconds: 60 },
  { limit: 60, windowSeconds: 3600 },
];

/** Counts one promo code attempt of a signed-in account (a check, or a submission with a code); refuses past the limit. */
export async function hitPromoAccountLimit(deps: Pick<PromotionsDeps, "rateLimiter">, actor: Actor): Promise<void> {
  if (!actor) return;
  const limited = await deps.rateLimiter.hitAll(`promo-check:account:${actor.userId}`, PROMO_CHECK_RATE_PER_ACCOUNT);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
}

export type PromoCheck =
  | { outcome: Exclude<PromoOutcome, "success"> }
  | {
      outcome: "success";
      code: string;
      discountType: "percentage" | "fixed";
      discountValue: number;
      priceMinor: number;
      discountMinor: number;
      amountMinor: number;
      currency: string;
    };

/**
 * The live check of /collaborate's promo code field (SPEC §5 outcomes): whether the code could be used now for
 * this feature type (counting the uses held by open checkouts) and, if so, the discount and the new total.
 * Rate limited per client and per signed-in account. Nothing is held or counted: the submission checks again under the code's lock.
 */
export async function checkPromoCode(
  deps: Pick<PromotionsDeps, "db" | "settings" | "rateLimiter" | "now" | "log">,
  actor: Actor,
  input: { code: unknown; featureType: unknown; clientKey: string },
): Promise<PromoCheck> {
  assertCan(actor, "promo.check");
  const limited = await deps.rateLimiter.hit(`promo-check:${input.clientKey}`, PROMO_CHECK_RATE);
  if (!limited.allowed) throw new DomainError("rate_limited", { retryAfterSeconds: limited.retryAfterSeconds });
  await hitPromoAccountLimit(deps, actor);
  const data = parseInput(promoCheckInput, { code: input.code, featureType: input.featureType });
  try {
    const now = deps.now();
    const row = await findPromoCode(deps.db, data.code);
    const outcome = promoOutcome(row, row ? await heldUses(deps.db, row.id, now) : 0, now);
    if (outcome !== "success" || !row) return { outcome: outcome === "success" ? "invalid" : outcome };
    const offer = await getPublicOffer(deps);
    const price = offer.features.find((f) => f.type === data.featureType)!.priceMinor;
    const { discountMinor, amountMinor } = amountAfterDiscount(price, row);
    return {
      outcome: "success",
      code: row.code,
      discountType: row.discountType,
      discountValue: row.discountValue,
      priceMinor: price,
      discountMinor,
      amountMinor,
      currency: offer.currency,
    };
  } catch (err) {
    deps.log.error("promo code check failed", { err });
    return { outcome: "error" };
  }
}
