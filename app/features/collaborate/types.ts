/** What the page's fetchers answer (the YouTube auto-fill and the live promo code check). */
export type AutofillResult =
  { intent: "youtube"; ok: true; gameName: string; thumbnailUrl: string | null } | { intent: "youtube"; ok: false; error: string };
export type PromoResult =
  | { intent: "promo"; ok: true; outcome: "success"; priceMinor: number; discountMinor: number; amountMinor: number; currency: string }
  | { intent: "promo"; ok: false; outcome: string; error: string };
