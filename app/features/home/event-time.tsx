import { useSyncExternalStore } from "react";
import type { Locale } from "#shared/locales";
import { SITE_TIME_ZONE } from "#shared/announcements";

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || SITE_TIME_ZONE;
const siteZone = () => SITE_TIME_ZONE;

// One formatter per language and zone (making one costs far more than using it).
const formats = new Map<string, Intl.DateTimeFormat>();
function eventFormat(locale: Locale, zone: string) {
  const key = `${locale}|${zone}`;
  let fmt = formats.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(locale === "es" ? "es-ES" : "en-GB", {
      timeZone: zone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "longGeneric",
    });
    if (formats.size < 32) formats.set(key, fmt);
  }
  return fmt;
}

/** An event's day and time in a zone, and the zone's name ("hora de Europa central", "Eastern Time"). */
export function eventTimeParts(date: string, locale: Locale, zone: string): { when: string; zone: string } {
  const parts = eventFormat(locale, zone).formatToParts(new Date(date));
  const zoneName = parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  const when = parts
    .filter((p) => p.type !== "timeZoneName")
    .map((p) => p.value)
    .join("")
    .replace(/[\s,]+$/, "");
  return { when, zone: zoneName };
}

/**
 * When an announced event starts, with the zone named. The server renders it in the site's zone (Madrid); once
 * the page runs, the browser shows its own zone. React hydrates with the server's value (the store's server
 * snapshot), then renders the browser's: no mismatch. The time and the zone each take their own line, so
 * the switch does not move what follows.
 */
export function EventTime({ date, locale, className = "" }: { date: string; locale: Locale; className?: string }) {
  const zone = useSyncExternalStore(noSubscription, browserZone, siteZone);
  const parts = eventTimeParts(date, locale, zone);
  return (
    <time dateTime={date} className={`block ${className}`} data-zone={zone}>
      <span className="block">{parts.when}</span>
      <span className="block text-xs text-muted-foreground">{parts.zone}</span>
    </time>
  );
}
