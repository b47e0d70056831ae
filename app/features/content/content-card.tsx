import { useTranslation } from "react-i18next";
import { MediaCard } from "#app/components/ui/card";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import type { Locale } from "#shared/locales";

/** A published item as a card shows it: in both languages, the page picks one. */
export type ContentCardView = {
  id: string;
  slug: string;
  titleEs: string;
  titleEn: string;
  thumbnailUrl: string | null;
  publishedAt: string | Date | null;
};

/** The title in the page's language (the other one when it is empty). */
export const localTitle = (locale: Locale, i: { titleEs: string; titleEn: string }) =>
  locale === "es" ? i.titleEs || i.titleEn : i.titleEn || i.titleEs;

export const localDescription = (locale: Locale, i: { descriptionEs: string; descriptionEn: string }) =>
  locale === "es" ? i.descriptionEs || i.descriptionEn : i.descriptionEn || i.descriptionEs;

/** A video's or an episode's card on /videos and /podcast: its thumbnail (or the placeholder), title and date. */
export function ContentCard({ item, base }: { item: ContentCardView; base: "/videos" | "/podcast" }) {
  const { t } = useTranslation("content");
  const { to, locale } = useLocalePath();
  return (
    <MediaCard
      to={to(`${base}/${item.slug}`)}
      title={localTitle(locale, item)}
      image={item.thumbnailUrl}
      meta={item.publishedAt ? t("published", { date: formatDate(item.publishedAt, locale) }) : null}
    />
  );
}
