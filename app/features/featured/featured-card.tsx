import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { MediaSlot } from "#app/components/ui/media-slot";
import { useLocalePath } from "#app/lib/use-locale";

/** What one featured game's card shows (a row of `listPublicFeatured` or `homepageFeatured`). */
export type FeaturedCardData = {
  id: string;
  slug: string;
  gameName: string;
  studioName: string;
  shortDescription: string;
  imageUrl: string;
  /** The card's own picture (the title lettered on the key art), when the game has one. */
  capsuleUrl?: string | null;
  releaseStatus: string;
  hasPage: boolean;
};

/**
 * The "Sponsored" label every paid placement carries (advertising law): visible text, with who paid as its
 * accessible description.
 */
export function SponsoredLabel({ id }: { id: string }) {
  const { t } = useTranslation("promotions");
  return (
    <>
      <Badge tone="warning" className="sponsored">
        <span aria-describedby={`${id}-sponsored-hint`}>{t("sponsored")}</span>
      </Badge>
      <span id={`${id}-sponsored-hint`} hidden>
        {t("sponsoredHint")}
      </span>
    </>
  );
}

/**
 * A featured game in a grid (/featured-games, the home page): its picture, name — the card's link to
 * /games/{slug} when it has a page —, studio, short description, release status and the Sponsored label.
 */
export function FeaturedCard({ game: g, headingLevel = 2 }: { game: FeaturedCardData; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("featured");
  const { to } = useLocalePath();
  const H = `h${headingLevel}` as const;
  return (
    <article className="card group relative flex h-full flex-col overflow-hidden" data-game-id={g.id}>
      <MediaSlot src={g.capsuleUrl ?? g.imageUrl} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <H className="font-bold leading-snug">
          {g.hasPage ? (
            <Link to={to(`/games/${g.slug}`)} className="after:absolute after:inset-0 after:content-[''] group-hover:underline">
              {g.gameName}
            </Link>
          ) : (
            g.gameName
          )}
        </H>
        <p className="text-sm text-muted-foreground">{t("card.by", { studio: g.studioName })}</p>
        <p className="text-sm [overflow-wrap:anywhere]">{g.shortDescription}</p>
        <div className="mt-auto flex flex-wrap gap-1.5 pt-1">
          <SponsoredLabel id={`fg-${g.id}`} />
          <Badge>{t(`promotions:labels.releaseStatus.${g.releaseStatus}`)}</Badge>
        </div>
      </div>
    </article>
  );
}
