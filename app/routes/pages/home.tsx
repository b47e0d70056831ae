import { Gamepad2, Megaphone, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import { pageTools } from "#app/lib/page.server";
import { seoMeta, websiteJsonLd } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/home";

export const handle = { i18n: ["site"] };

/** How many of the newest threads the home page's community section lists. */
export const HOME_THREADS = 5;

/**
 * Until the look-and-feel issue redesigns the home page, it shows only the sections of areas that are on and
 * have something to show (issue 11 point 10): the community section lists the newest threads while the forum
 * is on; the featured-games section waits for the featured-games area (there is nothing to feature yet).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site, locale } = pageTools(context, request, "site");
  const description = t("home.description");
  const { forum_enabled } = await context.services.settings.runtimeFlags();
  const threads = forum_enabled ? await context.services.forum.latestThreads(HOME_THREADS) : [];
  return {
    threads,
    seo: seo({
      title: t("home.title"),
      description,
      jsonLd: [websiteJsonLd(context.services.env.baseUrl, site, locale, description)],
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { threads } = loaderData;
  const { t } = useTranslation("site");
  const { to, locale } = useLocalePath();
  const audiences = [
    { icon: Megaphone, title: t("home.studiosTitle"), text: t("home.studiosText") },
    { icon: Gamepad2, title: t("home.creatorsTitle"), text: t("home.creatorsText") },
    { icon: Users, title: t("home.playersTitle"), text: t("home.playersText") },
  ];
  return (
    <div className="space-y-12">
      <section className="pt-6">
        <h1 className="max-w-3xl text-4xl font-black leading-tight tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("home.heroText")}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={to("/campaigns")} className="btn btn-primary">
            {t("home.ctaCreators")}
          </Link>
          <Link to={to("/collaborate")} className="btn btn-outline">
            {t("home.ctaStudios")}
          </Link>
        </div>
      </section>

      <section aria-labelledby="audiences-heading">
        <h2 id="audiences-heading" className="text-2xl font-bold">
          {t("home.audiencesTitle")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {audiences.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card p-5">
              <Icon aria-hidden="true" className="text-primary" size={28} />
              <h3 className="mt-3 font-bold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <Link to={to("/about")} className="link">
            {t("home.learnMore")}
          </Link>
        </p>
      </section>

      {threads.length > 0 ? (
        <section aria-labelledby="community-heading">
          <h2 id="community-heading" className="text-2xl font-bold">
            {t("home.communityTitle")}
          </h2>
          <ul className="card mt-4 divide-y divide-border">
            {threads.map((th) => (
              <li key={`${th.forumSlug}/${th.slug}`} className="flex items-start gap-3 p-4">
                <MiniAvatar url={th.author.avatarUrl} username={th.author.username} size={36} />
                <div className="min-w-0">
                  <Link to={to(`/community/${th.forumSlug}/${th.slug}`)} className="font-semibold hover:underline">
                    {th.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {t("home.threadBy", { username: th.author.username })} · <RelativeTime date={th.createdAt} locale={locale} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={to("/community")} className="link">
              {t("home.communityLink")}
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
