import { CURRENCIES, type Currency } from "#shared/promotions";

/** An amount in minor units, in the page's language and the offer's currency (es: "49,00 €", en: "€49.00"). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const decimals = CURRENCIES[currency as Currency] ?? 2;
  return new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-GB", {
    style: "currency",
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(minor / 10 ** decimals);
}
