import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { JsonLdOnce } from "#app/components/ui/html-once";
import { Icon } from "#app/components/ui/icon";
import { MediaSlot } from "#app/components/ui/media-slot";
import { CollaboratorList } from "#app/features/content/collaborator-list";
import { localDescription, localTitle } from "#app/features/content/content-card";
import { formatDate } from "#app/i18n/format";
import { jsonLdOnce } from "#app/lib/html-once.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { PODCAST_PLATFORMS } from "#shared/content";
import type { Route } from "./+types/episode";

export const handle = { i18n: ["content"] };

/**
 * /podcast/{slug}: a published episode, a link to each platform it is on, its description and who appears in
 * it; PodcastEpisode structured data for visitors.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const episode = await context.services.content.getPublicEpisode({ slug: params.slug }).catch((err: unknown) => pageErrorFor(err));
  const { t, seo, locale, site } = pageTools(context, request, "content");
  const base = context.services.env.baseUrl;
  const title = localTitle(locale, episode);
  const description = localDescription(locale, episode);
  const image = episode.thumbnailUrl ? base + episode.thumbnailUrl : undefined;
  const platforms = PODCAST_PLATFORMS.flatMap((p) => {
    const url = episode[`${p}Url`];
    return url ? [{ platform: p, url }] : [];
  });
  return {
    episode: {
      slug: episode.slug,
      title,
      description,
      thumbnailUrl: episode.thumbnailUrl,
      publishedAt: episode.publishedAt,
      platforms,
      collaborators: episode.collaborators,
    },
    jsonLd: context.actor
      ? null
      : jsonLdOnce(context, "episode-ld", {
          "@context": "https://schema.org",
          "@type": "PodcastEpisode",
          name: title,
          description: description || title,
          url: `${base}/${locale}/podcast/${episode.slug}`,
          ...(image ? { image } : {}),
          ...(episode.publishedAt ? { datePublished: episode.publishedAt.toISOString() } : {}),
          inLanguage: locale,
          partOfSeries: { "@type": "PodcastSeries", name: t("podcast.list.title") + " · " + site, url: `${base}/${locale}/podcast` },
          ...(platforms.length ? { sameAs: platforms.map((p) => p.url) } : {}),
          ...(episode.collaborators.length ? { actor: episode.collaborators.map((c) => ({ "@type": "Person", name: c.name })) } : {}),
        }),
    seo: seo({
      title,
      description: description.slice(0, 300) || t("podcast.detail.metaDescription", { title, site }),
      path: `/podcast/${episode.slug}`,
      image,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : (matches[0]?.meta ?? []));

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { to, locale } = useLocalePath();
  const { episode: e, jsonLd } = loaderData;
  return (
    <article className="max-w-3xl space-y-6">
      <JsonLdOnce id="episode-ld" json={jsonLd} />
      <p className="text-sm">
        <Link to={to("/podcast")} className="link inline-flex min-h-6 items-center gap-1">
          <Icon name="arrow-left" size={16} />
          {t("podcast.detail.back")}
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-3xl font-black">{e.title}</h1>
        {e.publishedAt ? (
          <p className="text-sm text-muted-foreground">{t("published", { date: formatDate(e.publishedAt, locale) })}</p>
        ) : null}
      </header>
      <MediaSlot src={e.thumbnailUrl} width={960} priority className="rounded-card" />
      <section className="card space-y-3 p-4" aria-labelledby="listen-heading">
        <h2 id="listen-heading" className="text-lg font-bold">
          {t("podcast.detail.listen")}
        </h2>
        {e.platforms.length ? (
          <ul className="flex flex-wrap gap-2">
            {e.platforms.map((p) => (
              <li key={p.platform}>
                <a
                  href={p.url}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="btn btn-outline"
                  data-track-event="podcast_platform_click"
                  data-track-id={e.slug}
                  data-track-detail={p.platform}
                >
                  {t(`podcast.platforms.${p.platform}`)}
                  <Icon name="external-link" size={16} />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("podcast.detail.noPlatforms")}</p>
        )}
      </section>
      {e.description ? <p className="whitespace-pre-line leading-7">{e.description}</p> : null}
      {e.collaborators.length ? (
        <section className="space-y-2">
          <h2 className="text-2xl font-bold">{t("collaborators.heading")}</h2>
          <CollaboratorList people={e.collaborators} label={t("collaborators.heading")} />
        </section>
      ) : null}
    </article>
  );
}
