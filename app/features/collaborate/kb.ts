/** A file's size in kilobytes, in the page's number format ("1.234 kB"). */
export const kb = (bytes: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(bytes / 1024);
