import { formatDate, formatRelative } from "#app/i18n/format";
import type { Locale } from "#shared/locales";

const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: "long", timeStyle: "short" };

/**
 * "hace 3 horas" / "3 hours ago" in a <time> with the exact moment in `dateTime` and as a tooltip. The text
 * depends on the clock, so the browser's first render may differ from the server's by a minute: that one
 * text is allowed to differ during hydration.
 */
export function RelativeTime({ date, locale, className }: { date: Date | string; locale: Locale; className?: string }) {
  const d = new Date(date);
  return (
    <time dateTime={d.toISOString()} title={formatDate(d, locale, DATE_AND_TIME)} className={className} suppressHydrationWarning>
      {formatRelative(d, locale)}
    </time>
  );
}
