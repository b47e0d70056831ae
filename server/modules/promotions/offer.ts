import { CURRENCIES, FEATURE_TYPES, type Currency, type FeaturedOffer, type FeatureType } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";

/** The promotion offer as /collaborate shows it: each feature type's price (minor units) and days, one currency. */
export type PublicOffer = {
  currency: Currency;
  /** Minor units per major unit of the currency (2 for EUR). */
  decimals: number;
  features: { type: FeatureType; priceMinor: number; durationDays: number }[];
};

/** Reads the `featured_offer` setting (the admins' prices and durations) for the page and the submission. */
export async function getPublicOffer(deps: Pick<PromotionsDeps, "settings">): Promise<PublicOffer> {
  const offer: FeaturedOffer = await deps.settings.get("featured_offer");
  const currency = offer.currency as Currency;
  return {
    currency,
    decimals: CURRENCIES[currency] ?? 2,
    features: FEATURE_TYPES.map((type) => ({ type, ...offer.offers[type] })),
  };
}
