import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { Badge } from "#app/components/ui/badge";
import { HtmlOnceBlock, JsonLdOnce } from "#app/components/ui/html-once";
import { Icon } from "#app/components/ui/icon";
import { MediaSlot } from "#app/components/ui/media-slot";
import { MediaCard } from "#app/components/ui/card";
import { FeaturedCard, SponsoredLabel } from "#app/features/featured/featured-card";
import { ScreenshotGallery } from "#app/features/featured/screenshot-gallery";
import { TrailerFacade } from "#app/features/featured/trailer-facade";
import { formatDate } from "#app/i18n/format";
import { htmlOnce, jsonLdOnce } from "#app/lib/html-once.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/game";

export const handle = { i18n: ["featured", "promotions"] };

/**
 * /games/{slug} (SPEC §2): a featured game's page (details_page and both features, while on show):
 * the game, its trailer behind a facade, the store link, the studio and its open key campaigns, "Sponsored",
 * and VideoGame structured data for visitors. Anything not on show is 404 (`promotions.not_found`), a finished game too, not 410:
 * its address may be reused by a later feature of the same game, and search engines drop a 404 as well.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const game = await context.services.promotions
    .getPublicGame({ slug: params.slug })
    .catch((err: unknown) => pageErrorFor(err, "errors:promotions.not_found"));
  const { t, seo, locale } = pageTools(context, request, "featured");
  const base = context.services.env.baseUrl;
  const [campaigns, otherGames] = await Promise.all([
    game.companyId
      ? context.services.campaigns
          .companyListing({ companyId: game.companyId })
          .then((l) => l.campaigns)
          .catch(() => [])
      : [],
    context.services.promotions.otherStudioGames({ companyId: game.companyId, exceptId: game.id }),
  ]);
  const { detailsHtml, companyId, updatedAt, startsAt, endsAt, ...rest } = game;
  void companyId;
  void updatedAt;
  void startsAt;
  void endsAt;
  const image = game.imageUrl.startsWith("http") ? game.imageUrl : base + game.imageUrl;
  const url = `${base}/${locale}/games/${game.slug}`;
  return {
    game: rest,
    detailsHtml: detailsHtml ? htmlOnce(context, "game-details", detailsHtml) : null,
    campaigns: campaigns.map((c) => ({ id: c.id, gameName: c.gameName, gameCover: c.gameCover, endsAt: c.endsAt, platforms: c.platforms })),
    otherGames,
    // Structured data is for search engines, which read pages signed out.
    jsonLd: context.actor
      ? null
      : jsonLdOnce(context, "game-ld", {
          "@context": "https://schema.org",
          "@type": "VideoGame",
          name: game.gameName,
          description: game.shortDescription,
          url,
          image,
          author: { "@type": "Organization", name: game.studioName },
          publisher: { "@type": "Organization", name: game.studioName },
          ...(game.platforms.length ? { gamePlatform: game.platforms.map((p) => t(`platforms.${p}`)) } : {}),
          ...(game.youtubeVideoId
            ? {
                trailer: {
                  "@type": "VideoObject",
                  name: t("game.trailerTitle", { game: game.gameName }),
                  embedUrl: `https://www.youtube-nocookie.com/embed/${game.youtubeVideoId}`,
                  thumbnailUrl: `https://i.ytimg.com/vi/${game.youtubeVideoId}/hqdefault.jpg`,
                  uploadDate: startsAt.toISOString(),
                },
              }
            : {}),
          offers: { "@type": "Offer", url: game.storeUrl },
        }),
    seo: seo({
      title: game.gameName,
      description: game.shortDescription || t("game.metaDescription", { game: game.gameName, studio: game.studioName }),
      path: `/games/${game.slug}`,
      image,
    }),
  };
}

// A game that is not found keeps the site's "page not found" title (the root's meta for an error).
export const meta: Route.MetaFunction = ({ data, matches }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : (matches[0]?.meta ?? []));

export default function FeaturedGamePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("featured");
  const { to, locale } = useLocalePath();
  const { game: g, detailsHtml, campaigns, otherGames, jsonLd } = loaderData;
  const release = t(`promotions:labels.releaseStatus.${g.releaseStatus}`);
  const platforms = g.platforms.map((p) => t(`platforms.${p}`)).join(" · ");
  return (
    <article className="space-y-12" aria-labelledby="game-title" data-game-id={g.id}>
      <JsonLdOnce id="game-ld" json={jsonLd} />
      {/* A store page: on a phone the cover, the title, the studio and the store box come first (inside the first
          screen); from lg the cover and the media take the main column and the store box stays beside them. */}
      <div className="grid gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <p className="text-sm lg:col-span-2">
          <Link to={to("/featured-games")} className="link inline-flex min-h-6 items-center gap-1">
            <Icon name="arrow-left" size={16} />
            {t("game.backToList")}
          </Link>
        </p>
        <div className="min-w-0 lg:row-start-2">
          <MediaSlot src={g.imageUrl} alt={t("game.coverAlt", { game: g.gameName })} width={1280} priority className="rounded-card" />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-2">
          <div className="space-y-4 lg:sticky lg:top-24">
            <header className="space-y-2">
              <h1 id="game-title" className="text-3xl font-black leading-tight [overflow-wrap:anywhere]">
                {g.gameName}
              </h1>
              <p className="flex items-center gap-2 text-muted-foreground">
                {g.companyLogo ? <img src={g.companyLogo} alt="" width={28} height={28} className="size-7 rounded-control" /> : null}
                <span>
                  {t("game.by")}{" "}
                  {g.companySlug ? (
                    <Link to={to(`/company/${g.companySlug}`)} className="link">
                      {g.studioName}
                    </Link>
                  ) : (
                    <span className="font-semibold text-foreground">{g.studioName}</span>
                  )}
                </span>
              </p>
              <div className="flex flex-wrap gap-1.5">
                <SponsoredLabel id="game" />
                <Badge tone={g.releaseStatus === "released" ? "positive" : "info"}>{release}</Badge>
              </div>
            </header>
            <section className="card space-y-3 p-4" aria-label={t("game.storeBox")}>
              <p className="text-sm">
                <span className="font-semibold">{t(`game.status.${g.releaseStatus}`)}</span>
                {platforms ? <span className="text-muted-foreground"> · {platforms}</span> : null}
              </p>
              <a
                href={g.storeUrl}
                rel="sponsored noopener"
                target="_blank"
                className="btn btn-primary btn-lg w-full"
                data-game-event="store_click"
                aria-describedby="store-hint"
              >
                <Icon name="external-link" size={18} />
                {t(g.releaseStatus === "unreleased" ? "game.wishlist" : "game.store")}
              </a>
              <p id="store-hint" className="text-sm text-muted-foreground">
                {t("game.storeHint")}
              </p>
            </section>
            <p className="[overflow-wrap:anywhere]">{g.shortDescription}</p>
          </div>
        </div>
        <div className="min-w-0 space-y-12 pt-8 lg:col-start-1 lg:row-start-3">
          {g.screenshots.length ? (
            <section aria-labelledby="shots-heading" className="space-y-4">
              <h2 id="shots-heading" className="text-2xl font-bold">
                {t("game.screenshots")}
              </h2>
              <ScreenshotGallery shots={g.screenshots} gameName={g.gameName} />
            </section>
          ) : null}
          {g.youtubeVideoId ? (
            <section aria-labelledby="trailer-heading" className="space-y-4">
              <h2 id="trailer-heading" className="text-2xl font-bold">
                {t("game.trailer")}
              </h2>
              {/* The poster is a screenshot: the cover is already at the top of the page. */}
              <TrailerFacade videoId={g.youtubeVideoId} gameName={g.gameName} posterUrl={g.screenshots[0] ?? g.imageUrl} />
            </section>
          ) : null}
          {detailsHtml ? (
            <section aria-labelledby="about-heading" className="space-y-4">
              <h2 id="about-heading" className="text-2xl font-bold">
                {t("game.about")}
              </h2>
              <HtmlOnceBlock id="game-details" className="post-body max-w-3xl break-words" html={detailsHtml} />
            </section>
          ) : null}
        </div>
      </div>
      {otherGames.length ? (
        <section aria-labelledby="more-games-heading" className="space-y-4">
          <h2 id="more-games-heading" className="text-2xl font-bold">
            {t("game.moreFrom", { studio: g.studioName })}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {otherGames.map((o) => (
              <li key={o.id} className="flex">
                <div className="w-full">
                  <FeaturedCard game={o} headingLevel={3} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {campaigns.length ? (
        <section aria-labelledby="campaigns-heading" className="space-y-4">
          <div className="space-y-1">
            <h2 id="campaigns-heading" className="text-2xl font-bold">
              {t("game.campaigns", { studio: g.studioName })}
            </h2>
            <p className="text-muted-foreground">{t("game.campaignsLead")}</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {campaigns.map((c) => (
              <li key={c.id} data-game-event="campaign_click">
                <MediaCard
                  to={to(`/campaigns/${c.id}`)}
                  title={c.gameName}
                  image={c.gameCover}
                  meta={t("game.campaignEnds", { date: formatDate(c.endsAt, locale) })}
                  badges={c.platforms.map((p) => (
                    <Badge key={p}>{t(`platforms.${p}`)}</Badge>
                  ))}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

/** An unknown, finished or hidden featured game is the 404 page saying 'Featured game not found.' */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("featured");
  return (
    <ErrorView
      error={error}
      notFound={{ title: t("errors:promotions.not_found"), backTo: "/featured-games", backLabel: t("game.backToList") }}
    />
  );
}
