import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { JsonLdOnce } from "#app/components/ui/html-once";
import { Icon } from "#app/components/ui/icon";
import { YouTubeFacade } from "#app/components/ui/youtube-facade";
import { CollaboratorList } from "#app/features/content/collaborator-list";
import { localDescription, localTitle } from "#app/features/content/content-card";
import { formatDate } from "#app/i18n/format";
import { jsonLdOnce } from "#app/lib/html-once.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/video";

export const handle = { i18n: ["content"] };

const PLACEHOLDER = "/images/media-placeholder.svg";

/**
 * /videos/{slug}: a published video behind the click-to-load facade (our own thumbnail; nothing from YouTube
 * before the click), its description and who appears in it; VideoObject structured data for visitors.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const video = await context.services.content.getPublicVideo({ slug: params.slug }).catch((err: unknown) => pageErrorFor(err));
  const { t, seo, locale, site } = pageTools(context, request, "content");
  const base = context.services.env.baseUrl;
  const title = localTitle(locale, video);
  const description = localDescription(locale, video);
  const image = video.thumbnailUrl ? base + video.thumbnailUrl : undefined;
  return {
    video: {
      slug: video.slug,
      youtubeId: video.youtubeId,
      title,
      description,
      thumbnailUrl: video.thumbnailUrl,
      publishedAt: video.publishedAt,
      collaborators: video.collaborators,
    },
    // Structured data is for search engines, which read pages signed out.
    jsonLd: context.actor
      ? null
      : jsonLdOnce(context, "video-ld", {
          "@context": "https://schema.org",
          "@type": "VideoObject",
          name: title,
          description: description || title,
          url: `${base}/${locale}/videos/${video.slug}`,
          thumbnailUrl: image ?? base + PLACEHOLDER,
          uploadDate: (video.publishedAt ?? video.createdAt).toISOString(),
          embedUrl: `https://www.youtube-nocookie.com/embed/${video.youtubeId}`,
          inLanguage: locale,
          ...(video.collaborators.length ? { actor: video.collaborators.map((c) => ({ "@type": "Person", name: c.name })) } : {}),
        }),
    seo: seo({
      title,
      description: description.slice(0, 300) || t("videos.detail.metaDescription", { title, site }),
      path: `/videos/${video.slug}`,
      image,
    }),
  };
}

// A video that is not found keeps the site's "page not found" title (the root's meta for an error).
export const meta: Route.MetaFunction = ({ data, matches }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : (matches[0]?.meta ?? []));

export default function VideoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { to, locale } = useLocalePath();
  const { video: v, jsonLd } = loaderData;
  return (
    <article className="max-w-3xl space-y-6">
      <JsonLdOnce id="video-ld" json={jsonLd} />
      <p className="text-sm">
        <Link to={to("/videos")} className="link inline-flex min-h-6 items-center gap-1">
          <Icon name="arrow-left" size={16} />
          {t("videos.detail.back")}
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-3xl font-black">{v.title}</h1>
        {v.publishedAt ? (
          <p className="text-sm text-muted-foreground">{t("published", { date: formatDate(v.publishedAt, locale) })}</p>
        ) : null}
      </header>
      <div className="space-y-2">
        <YouTubeFacade
          videoId={v.youtubeId}
          posterUrl={v.thumbnailUrl ?? PLACEHOLDER}
          playLabel={t("videos.detail.play", { title: v.title })}
          frameTitle={t("videos.detail.frameTitle", { title: v.title })}
          data={{ "data-track-event": "video_play", "data-track-id": v.slug }}
          priority
        />
        <p className="text-sm text-muted-foreground">{t("videos.detail.privacy")}</p>
      </div>
      {v.description ? <p className="whitespace-pre-line leading-7">{v.description}</p> : null}
      {v.collaborators.length ? (
        <section className="space-y-2">
          <h2 className="text-2xl font-bold">{t("collaborators.heading")}</h2>
          <CollaboratorList people={v.collaborators} label={t("collaborators.heading")} />
        </section>
      ) : null}
    </article>
  );
}
