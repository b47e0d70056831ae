import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import { pageTools } from "#app/lib/page.server";
import { seoMeta, websiteJsonLd } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { homeHero } from "#app/features/home/hero.server";
import { HomeFeatured } from "#app/features/featured/home-featured";
import { EventBanner } from "#app/features/home/event-banner";
import type { SidePanelHandle } from "#app/components/layout/side-panel";
import type { Route } from "./+types/home";

// This page's own sections list the threads and the members: the side panel leaves its cards for them out. Its
// events section lists the next few; the panel's card 4 keeps the next one, as on every page (SPEC §2).
export const handle = {
  i18n: ["site", "levels", "featured", "promotions"],
  sidePanelOmit: ["threads", "members"],
} satisfies SidePanelHandle & { i18n: string[] };

/**
 * The front page. A hero that says what the site is for players, creators and studios,
 * with the next step for whoever looks (signed out: sign up as each; signed in: what their role can do next),
 * then live content. A section with nothing to show is not rendered (featured games and open campaigns join
 * here, the same way, once their areas exist). Its two reads are kept like the side panel's; no client code
 * beyond the markup (the home page's JavaScript budget is full).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site, locale } = pageTools(context, request, "site");
  const description = t("home.description");
  const { forum_enabled } = await context.services.settings.runtimeFlags();
  // The same for everyone: kept a few seconds per process, read again after any change.
  const [{ threads, members, events }, featured] = await Promise.all([
    context.services.site.homeHighlights(),
    // The homepage features on show, kept the same way (read again after featured.changed).
    context.services.promotions.homepageFeatured(),
  ]);
  return {
    hero: homeHero(context.actor, forum_enabled),
    threads,
    members,
    events,
    featured,
    seo: seo({
      title: t("home.title"),
      description,
      jsonLd: [websiteJsonLd(context.services.env.baseUrl, site, locale, description)],
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

const AUDIENCES = ["player", "creator", "company"] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, threads, members, events, featured } = loaderData;
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  return (
    <div className="space-y-14">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {hero.username ? t("home.welcomeBack", { username: hero.username }) : t("home.eyebrow")}
          </p>
          <h1 id="home-title" className="mt-2 max-w-3xl text-4xl font-black leading-tight tracking-tight text-balance sm:text-5xl">
            {t("home.heroTitle")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t(hero.lead)}</p>
          <div className="mt-6 flex flex-wrap gap-3" data-testid="hero-actions">
            {hero.actions.map((a, i) => (
              <Link key={a.key} to={to(a.to)} className={`btn btn-lg ${i === 0 ? "btn-primary" : "btn-outline"}`}>
                {t(`home.action.${a.key}`)}
              </Link>
            ))}
          </div>
        </div>
        <img src="/images/hero.svg" alt="" width="320" height="240" loading="lazy" decoding="async" className="home-hero-art" />
      </section>

      <section aria-labelledby="audiences-heading">
        <h2 id="audiences-heading" className="text-2xl font-bold">
          {t("home.audiencesTitle")}
        </h2>
        <ul className="mt-5 grid gap-x-8 gap-y-6 md:grid-cols-3">
          {AUDIENCES.map((kind) => (
            <li key={kind} className={`audience audience-${kind}`}>
              <h3 className="text-lg font-bold">{t(`home.audience.${kind}.title`)}</h3>
              <p className="mt-1 text-muted-foreground">{t(`home.audience.${kind}.text`)}</p>
              {hero.signUp ? (
                <Link to={to(`/register?role=${kind}`)} className="link mt-3 inline-flex min-h-11 items-center font-semibold">
                  {t(`home.audience.${kind}.join`)}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-5">
          <Link to={to("/about")} className="link inline-flex min-h-6 items-center">
            {t("home.learnMore")}
          </Link>
        </p>
      </section>

      <HomeFeatured games={featured} />

      {events.length > 0 ? (
        <section aria-labelledby="events-heading">
          <h2 id="events-heading" className="text-2xl font-bold">
            {t("home.eventsTitle")}
          </h2>
          <p className="mt-1 text-muted-foreground">{t("home.eventsLead")}</p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {events.map((e) => (
              <li key={e.id} className="card p-4">
                <EventBanner event={e} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {threads.length > 0 ? (
        <section aria-labelledby="community-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="community-heading" className="text-2xl font-bold">
              {t("home.communityTitle")}
            </h2>
            <Link to={to("/community")} className="link inline-flex min-h-6 items-center text-sm font-semibold">
              {t("home.communityLink")}
            </Link>
          </div>
          <ul className="row-list mt-4">
            {threads.map((th) => (
              <li key={`${th.forumSlug}/${th.slug}`} className="flex items-start gap-3 py-3">
                <MiniAvatar url={th.author.avatarUrl} userId={th.author.id} username={th.author.username} size={36} />
                <div className="min-w-0">
                  <Link to={to(`/community/${th.forumSlug}/${th.slug}`)} className="font-semibold [overflow-wrap:anywhere] hover:underline">
                    {th.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t("home.threadBy", { username: th.author.username })} · <RelativeTime date={th.createdAt} locale={locale} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {members.length > 0 ? (
        <section aria-labelledby="members-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="members-heading" className="text-2xl font-bold">
              {t("home.membersTitle")}
            </h2>
            <Link to={to("/leaderboard")} className="link inline-flex min-h-6 items-center text-sm font-semibold">
              {t("home.membersLink")}
            </Link>
          </div>
          <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {members.map((m) => (
              <li key={m.userId}>
                <Link
                  to={to(`/u/${m.username}`)}
                  className="flex min-h-11 items-center gap-3 rounded-lg p-2 hover:bg-muted focus-visible:bg-muted"
                >
                  <MiniAvatar url={m.avatarUrl} userId={m.userId} username={m.username} size={44} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">{m.username}</span>
                    <span className="block text-xs text-muted-foreground">{t("levels:level", { level: m.level })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
