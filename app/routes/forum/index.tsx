import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RelativeTime } from "#app/components/ui/relative-time";
import { requireForum } from "#app/features/forum/gate.server";
import { forumColor, localized } from "#app/features/forum/ui";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/index";

export const handle = { i18n: ["forum"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireForum(context);
  const { t, seo } = pageTools(context, request, "forum");
  const categories = await context.services.forum.listCategories(context.actor);
  return {
    seo: seo({ title: t("index.title"), description: t("index.description") }),
    categories,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function CommunityIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const { categories } = loaderData;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-black sm:text-4xl">{t("index.title")}</h1>
        <p className="text-muted-foreground">{t("index.intro")}</p>
      </header>
      {categories.length === 0 ? (
        <p className="card p-6 text-muted-foreground">{t("index.empty")}</p>
      ) : (
        categories.map((c) => (
          <section key={c.id} aria-labelledby={`category-${c.slug}`} className="space-y-3">
            <div>
              <h2 id={`category-${c.slug}`} className="text-xl font-bold">
                {localized(locale, c.titleEs, c.titleEn)}
              </h2>
              {localized(locale, c.descriptionEs, c.descriptionEn) ? (
                <p className="text-sm text-muted-foreground">{localized(locale, c.descriptionEs, c.descriptionEn)}</p>
              ) : null}
            </div>
            {c.forums.length === 0 ? (
              <p className="card p-4 text-sm text-muted-foreground">{t("index.noForums")}</p>
            ) : (
              <ul className="card divide-y divide-border">
                {c.forums.map((f) => (
                  <li key={f.id} className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_9rem_minmax(0,14rem)] sm:items-center">
                    <div className="flex min-w-0 items-start gap-3">
                      {/* The forum's colour (its topic list wears it too). */}
                      <span
                        aria-hidden="true"
                        className="mt-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-white"
                        style={{ backgroundColor: forumColor(f) }}
                      >
                        <Icon name="message-square" size={18} />
                      </span>
                      <div className="min-w-0">
                        <h3 className="font-bold">
                          {/* A tap target of at least 44 px in height (WCAG 2.5.8 asks 24; main links get 44). */}
                          <Link className="inline-flex min-h-11 items-center hover:underline" to={to(`/community/${f.slug}`)}>
                            {localized(locale, f.titleEs, f.titleEn)}
                          </Link>
                        </h3>
                        <p className="text-sm text-muted-foreground">{localized(locale, f.descriptionEs, f.descriptionEn)}</p>
                      </div>
                    </div>
                    <p className="text-sm">
                      <span className="block">{t("counts.threads", { count: f.threadCount })}</span>
                      <span className="block text-muted-foreground">{t("counts.posts", { count: f.postCount })}</span>
                    </p>
                    <div className="min-w-0 text-sm">
                      {f.lastThread && f.lastActivityAt ? (
                        <>
                          <span className="sr-only">{t("index.latestActivity")}: </span>
                          <Link
                            className="line-clamp-1 py-0.5 font-medium hover:underline"
                            to={to(`/community/${f.slug}/${f.lastThread.slug}`)}
                          >
                            {f.lastThread.title}
                          </Link>
                          <RelativeTime date={f.lastActivityAt} locale={locale} className="block text-xs text-muted-foreground" />
                        </>
                      ) : (
                        <span className="text-muted-foreground">{t("index.noActivity")}</span>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </div>
  );
}
