import { useTranslation } from "react-i18next";
import type { Locale } from "#shared/locales";
import type { PublicAnnouncement } from "#server/modules/site/announcement-view";
import { EventTime } from "./event-time";

/** The title of an event in the page's language. */
export const eventTitle = (e: PublicAnnouncement, locale: Locale) => e.titles[locale] || e.titles.en;

/**
 * One announced event: its banner leading to the event's video channel (a new tab), its title and when it
 * starts in the visitor's zone. Used by the side panel's card 4 and the home page.
 */
export function EventBanner({ event, locale, priority = false }: { event: PublicAnnouncement; locale: Locale; priority?: boolean }) {
  const { t } = useTranslation();
  const title = eventTitle(event, locale);
  return (
    <article className="space-y-2" data-testid="announcement">
      <a href={event.videoUrl} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg">
        <img
          src={event.imageUrl}
          alt={`${t("sidePanel.eventWatch", { title })} ${t("externalLink")}`}
          width={640}
          height={360}
          loading={priority ? "eager" : "lazy"}
          className="aspect-video h-auto w-full object-cover"
        />
      </a>
      <h3 className="font-semibold leading-5">{title}</h3>
      <EventTime date={event.startsAt} locale={locale} className="min-h-10 text-sm" />
    </article>
  );
}
