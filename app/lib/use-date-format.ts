import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";

/** Dates of tables and logs in the page's language: a day ("3 Mar 2027") or a day and time. */
export function useDateFormat() {
  const { locale } = useLocalePath();
  return {
    date: (d: string | Date) => formatDate(d, locale, { dateStyle: "medium" }),
    dateTime: (d: string | Date) => formatDate(d, locale, { dateStyle: "medium", timeStyle: "short" }),
    locale,
  };
}
