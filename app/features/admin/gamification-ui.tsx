/** A signed XP amount ("+10", "−5"), with a real minus sign. */
export const signedXp = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");

/** A whole number in the page's language ("10,000" / "10.000"). */
const numberFormats = { es: new Intl.NumberFormat("es-ES"), en: new Intl.NumberFormat("en-US") };
export const formatNumber = (n: number, locale: "es" | "en") => numberFormats[locale].format(n);
