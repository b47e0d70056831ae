import { z } from "zod";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { CURRENCIES, FEATURE_TYPES, type Currency, type FeaturedOffer, type FeatureType } from "#shared/promotions";
import { parseInput, type PromotionsDeps } from "./deps";
import { assertTeam, durationField } from "./review-input";

/** A price as typed in major units ("49", "49.90", "49,90"), from 1.00 to 10,000.00. */
const priceField = z
  .string()
  .trim()
  .regex(/^\d{1,5}(?:[.,]\d{1,2})?$/, "errors:promotions.price_range")
  .transform((v) => Math.round(Number(v.replace(",", ".")) * 100))
  .refine((v) => v >= 100 && v <= 1_000_000, "errors:promotions.price_range");

const offerInput = z.object({
  currency: z.enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]], { error: "errors:input.invalid" }),
  homepageSlots: z.coerce
    .number({ error: "errors:promotions.slots_range" })
    .int("errors:promotions.slots_range")
    .min(1, "errors:promotions.slots_range")
    .max(12, "errors:promotions.slots_range"),
  ...Object.fromEntries(
    FEATURE_TYPES.flatMap((t) => [
      [`price_${t}`, priceField],
      [`duration_${t}`, durationField],
    ]),
  ),
});

/** The offer as the form shows it: prices in major units. */
export async function getOffer(deps: Pick<PromotionsDeps, "settings">, actor: Actor) {
  assertTeam(actor, "offer.view");
  return deps.settings.get("featured_offer");
}

/**
 * An Admin changes the promotion offer (prices entered in major units, durations per feature type, currency,
 * homepage slots) through the settings store, with an audit row in the same transaction. Submissions already
 * made keep the price they were made at.
 */
export async function updateOffer(deps: Pick<PromotionsDeps, "settings">, actor: Actor, input: unknown) {
  const who = assertTeam(actor, "offer.update");
  const data = parseInput(offerInput, input) as Record<string, unknown> & { currency: Currency; homepageSlots: number };
  const offers = Object.fromEntries(
    FEATURE_TYPES.map((t) => [t, { priceMinor: data[`price_${t}`] as number, durationDays: data[`duration_${t}`] as number }]),
  ) as Record<FeatureType, { priceMinor: number; durationDays: number }>;
  const value = { currency: data.currency, offers, homepageSlots: data.homepageSlots } satisfies FeaturedOffer;
  return deps.settings.change("featured_offer", value, who.userId, (tx, before, after) =>
    recordAudit(tx, who, {
      action: "promotions.offer_changed",
      targetType: "setting",
      targetId: "featured_offer",
      details: { before, after },
    }),
  );
}
