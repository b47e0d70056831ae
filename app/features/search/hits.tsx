import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import type { Locale } from "#shared/locales";
import { useLocalePath } from "#app/lib/use-locale";
import { formatDate } from "#app/i18n/format";
import type { CampaignHit, ContentHit, FeaturedGameHit, JobHit, PostHit, SearchHit, Segment, ThreadHit } from "#server/modules/search";

/** Matched words in <mark>; every piece is a React text node, so nothing the author wrote becomes HTML. */
export function Highlighted({ segments }: { segments: Segment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-primary/15 px-0.5 font-semibold text-foreground">
            {s.text}
          </mark>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </>
  );
}

const forumTitle = (locale: Locale, f: { titleEs: string; titleEn: string }) =>
  locale === "es" ? f.titleEs || f.titleEn : f.titleEn || f.titleEs;

/** Community › forum (› thread): where a hit lives, as plain links (one list of results, not many landmarks). */
function Trail({ items }: { items: { to: string; label: string }[] }) {
  const { to } = useLocalePath();
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 ? <span aria-hidden="true">›</span> : null}
          <Link className="link inline-block py-1" to={to(item.to)}>
            {item.label}
          </Link>
        </Fragment>
      ))}
    </p>
  );
}

function Byline({ author, createdAt, children }: { author: ThreadHit["author"]; createdAt: string; children?: ReactNode }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      {author ? (
        <Link className="inline-flex min-h-7 items-center gap-1.5 hover:underline" to={to(`/u/${author.username}`)}>
          <MiniAvatar url={author.avatarUrl} userId={author.id} username={author.username} size={20} />
          <span>@{author.username}</span>
        </Link>
      ) : (
        <span>{t("search.deletedUser")}</span>
      )}
      <RelativeTime date={createdAt} locale={locale} />
      {children}
    </p>
  );
}

function ThreadResult({ hit }: { hit: ThreadHit }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <article className="space-y-1">
      <Trail
        items={[
          { to: "/community", label: t("search.community") },
          { to: `/community/${hit.forum.slug}`, label: forumTitle(locale, hit.forum) },
        ]}
      />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          <Highlighted segments={hit.title} />
        </Link>
      </h3>
      <Byline author={hit.author} createdAt={hit.createdAt}>
        <span>{t("search.replies", { count: hit.replyCount })}</span>
      </Byline>
    </article>
  );
}

function PostResult({ hit }: { hit: PostHit }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <article className="space-y-1">
      <Trail
        items={[
          { to: "/community", label: t("search.community") },
          { to: `/community/${hit.forum.slug}`, label: forumTitle(locale, hit.forum) },
        ]}
      />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          {t("search.postLink", { title: hit.thread.title, number: hit.number })}
        </Link>
      </h3>
      <p className="break-words text-sm">
        <Highlighted segments={hit.snippet} />
      </p>
      <Byline author={hit.author} createdAt={hit.createdAt} />
    </article>
  );
}

/** An open key campaign: the game's name to its public page, the company, the short description. */
function CampaignResult({ hit }: { hit: CampaignHit }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <article className="space-y-1">
      <Trail
        items={[
          { to: "/campaigns", label: t("search.opportunities") },
          { to: `/company/${hit.company.slug}`, label: hit.company.name },
        ]}
      />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          {t("search.campaignLink")} <Highlighted segments={hit.title} />
        </Link>
      </h3>
      <p className="break-words text-sm">
        <Highlighted segments={hit.snippet} />
      </p>
      <p className="text-sm text-muted-foreground">
        {t("search.campaignEnds", { date: formatDate(hit.endsAt, locale, { dateStyle: "medium" }) })}
      </p>
    </article>
  );
}

/** A featured game's page: its name, the studio and the description, marked "Sponsored" (a paid placement). */
function FeaturedResult({ hit }: { hit: FeaturedGameHit }) {
  const { t } = useTranslation("site");
  const { to } = useLocalePath();
  return (
    <article className="space-y-1">
      <Trail items={[{ to: "/featured-games", label: t("search.featuredGames") }]} />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          <Highlighted segments={hit.title} />
        </Link>
      </h3>
      <p className="break-words text-sm">
        <Highlighted segments={hit.snippet} />
      </p>
      <p className="text-sm text-muted-foreground">
        {hit.studioName} · <span className="font-semibold text-warning-text">{t("search.sponsored")}</span>
      </p>
    </article>
  );
}

/** An open job offer: its title to its page and a passage of its description, in the reader's language. */
function JobResult({ hit }: { hit: JobHit }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <article className="space-y-1">
      <Trail items={[{ to: "/jobs", label: t("search.jobs") }]} />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          <Highlighted segments={hit.title[locale]} />
        </Link>
      </h3>
      <p className="break-words text-sm">
        <Highlighted segments={hit.snippet[locale]} />
      </p>
    </article>
  );
}

/** A published video or podcast episode: its title and description in the page's language. */
function ContentResult({ hit }: { hit: ContentHit }) {
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  const [title, snippet] = locale === "es" ? [hit.titleEs, hit.snippetEs] : [hit.titleEn, hit.snippetEn];
  return (
    <article className="space-y-1">
      <Trail
        items={[hit.kind === "video" ? { to: "/videos", label: t("search.videos") } : { to: "/podcast", label: t("search.podcast") }]}
      />
      <h3 className="text-base font-bold">
        <Link className="inline-block py-0.5 hover:underline" to={to(hit.path)}>
          <Highlighted segments={title} />
        </Link>
      </h3>
      {snippet.length ? (
        <p className="break-words text-sm">
          <Highlighted segments={snippet} />
        </p>
      ) : null}
      {hit.publishedAt ? <p className="text-sm text-muted-foreground">{formatDate(hit.publishedAt, locale)}</p> : null}
    </article>
  );
}

/** How each kind of hit is shown. A later area adds its kind to SearchHit and its view here. */
const HIT_VIEWS: { [K in SearchHit["kind"]]: (props: { hit: Extract<SearchHit, { kind: K }> }) => ReactNode } = {
  thread: ThreadResult,
  post: PostResult,
  campaign: CampaignResult,
  featured: FeaturedResult,
  job: JobResult,
  video: ContentResult,
  episode: ContentResult,
};

export function HitView({ hit }: { hit: SearchHit }) {
  const View = HIT_VIEWS[hit.kind] as (props: { hit: SearchHit }) => ReactNode;
  return <View hit={hit} />;
}
