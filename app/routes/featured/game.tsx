import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ErrorView } from "#app/components/layout/error-view";
import { Badge } from "#app/components/ui/badge";
import { HtmlOnceBlock, JsonLdOnce } from "#app/components/ui/html-once";
import { Icon } from "#app/components/ui/icon";
import { MediaSlot } from "#app/components/ui/media-slot";
import { SponsoredLabel } from "#app/features/featured/featured-card";
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
  const campaigns = game.companyId
    ? (await context.services.campaigns.companyListing({ companyId: game.companyId }).catch(() => ({ campaigns: [] }))).campaigns
    : [];
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
    campaigns: campaigns.map((c) => ({ id: c.id, gameName: c.gameName, endsAt: c.endsAt })),
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
  const { game: g, detailsHtml, campaigns, jsonLd } = loaderData;
  return (
    <article className="space-y-6" aria-labelledby="game-title" data-game-id={g.id}>
      <JsonLdOnce id="game-ld" json={jsonLd} />
      <p className="text-sm">
        <Link to={to("/featured-games")} className="link inline-flex min-h-6 items-center gap-1">
          <Icon name="arrow-left" size={16} />
          {t("game.backToList")}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <header className="space-y-3">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("game.eyebrow")}</p>
            <h1 id="game-title" className="text-3xl font-black [overflow-wrap:anywhere] sm:text-4xl">
              {g.gameName}
            </h1>
            <p className="text-muted-foreground">
              {t("game.by")}{" "}
              {g.companySlug ? (
                <Link to={to(`/company/${g.companySlug}`)} className="link">
                  {g.studioName}
                </Link>
              ) : (
                <span className="font-semibold text-foreground">{g.studioName}</span>
              )}
            </p>
            <div className="flex flex-wrap gap-1.5">
              <SponsoredLabel id="game" />
              <Badge>{t(`promotions:labels.releaseStatus.${g.releaseStatus}`)}</Badge>
            </div>
            <p className="max-w-3xl text-lg [overflow-wrap:anywhere]">{g.shortDescription}</p>
          </header>
          <div className="overflow-hidden rounded-card">
            <MediaSlot src={g.imageUrl} width={960} priority />
          </div>
          {g.youtubeVideoId ? (
            <section aria-labelledby="trailer-heading" className="space-y-3">
              <h2 id="trailer-heading" className="text-2xl font-bold">
                {t("game.trailer")}
              </h2>
              <TrailerFacade videoId={g.youtubeVideoId} gameName={g.gameName} posterUrl={g.imageUrl} />
            </section>
          ) : null}
          {detailsHtml ? (
            <section aria-labelledby="about-heading" className="space-y-3">
              <h2 id="about-heading" className="text-2xl font-bold">
                {t("game.about")}
              </h2>
              <HtmlOnceBlock id="game-details" className="post-body max-w-3xl break-words" html={detailsHtml} />
            </section>
          ) : null}
        </div>
        <aside className="space-y-6" aria-label={t("game.facts")}>
          <div className="card space-y-4 p-4">
            <a
              href={g.storeUrl}
              rel="sponsored noopener"
              target="_blank"
              className="btn btn-primary btn-lg w-full"
              data-game-event="store_click"
              aria-describedby="store-hint"
            >
              <Icon name="external-link" size={18} />
              {t("game.store")}
            </a>
            <p id="store-hint" className="text-sm text-muted-foreground">
              {t("game.storeHint")}
            </p>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-semibold">{t("game.studio")}</dt>
                <dd>{g.studioName}</dd>
              </div>
              <div>
                <dt className="font-semibold">{t("game.release")}</dt>
                <dd>{t(`promotions:labels.releaseStatus.${g.releaseStatus}`)}</dd>
              </div>
              {g.platforms.length ? (
                <div>
                  <dt className="font-semibold">{t("game.platforms")}</dt>
                  <dd>{g.platforms.map((p) => t(`platforms.${p}`)).join(" · ")}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          {campaigns.length ? (
            <section aria-labelledby="campaigns-heading" className="card space-y-3 p-4">
              <h2 id="campaigns-heading" className="text-lg font-bold">
                {t("game.campaigns", { studio: g.studioName })}
              </h2>
              <p className="text-sm text-muted-foreground">{t("game.campaignsLead")}</p>
              <ul className="row-list">
                {campaigns.map((c) => (
                  <li key={c.id} className="py-2">
                    <Link to={to(`/campaigns/${c.id}`)} className="link font-semibold" data-game-event="campaign_click">
                      {c.gameName}
                    </Link>
                    <p className="text-sm text-muted-foreground">{t("game.campaignEnds", { date: formatDate(c.endsAt, locale) })}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
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
