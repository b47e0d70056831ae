import { MessageCircle, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { RelativeTime } from "#app/components/ui/relative-time";
import { notFoundFor, requireForum } from "#app/features/forum/gate.server";
import { Breadcrumbs, localized, Pagination, tagName, ThreadBadges } from "#app/features/forum/ui";
import { nameParam } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/forum";

export const handle = { i18n: ["forum"] };

const SORTS = ["latest", "top", "newest"] as const;
const STATUSES = ["open", "resolved"] as const;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.forumSlug);
  await requireForum(context);
  const { t, seo, locale } = pageTools(context, request, "forum");
  const url = new URL(request.url);
  const q = url.searchParams;
  const forum = context.services.forum;
  const list = await forum
    .listThreads(context.actor, {
      forumSlug: params.forumSlug,
      page: q.get("page") ?? undefined,
      tag: q.get("tag") || undefined,
      status: q.get("status") || undefined,
      sort: q.get("sort") || undefined,
    })
    .catch(notFoundFor);
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  const title = localized(locale, list.forum.titleEs, list.forum.titleEn);
  const filtered = !!(list.filters.tag || list.filters.status || list.filters.sort !== "latest");
  return {
    seo: seo({
      title: list.page > 1 ? t("forum.titlePage", { title, page: list.page }) : title,
      description: localized(locale, list.forum.descriptionEs, list.forum.descriptionEn) || t("forum.description", { title }),
      path: `/community/${list.forum.slug}${list.page > 1 ? `?page=${list.page}` : ""}`,
      // Filtered and re-sorted copies of the list are not separate pages for search engines.
      noindex: filtered,
    }),
    list,
    tags: await forum.listTags(),
    signedIn: !!context.actor,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ForumPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const { list, tags, signedIn } = loaderData;
  const { forum, filters } = list;
  const base = `/community/${forum.slug}`;
  const query = (changes: Record<string, string | number | null>) => {
    const p = new URLSearchParams();
    const all = {
      tag: filters.tag,
      status: filters.status,
      sort: filters.sort === "latest" ? null : filters.sort,
      page: null as number | null,
      ...changes,
    };
    for (const [k, v] of Object.entries(all))
      if (v !== null && v !== undefined && v !== "" && !(k === "page" && v === 1)) p.set(k, String(v));
    const s = p.toString();
    return to(s ? `${base}?${s}` : base);
  };
  const newThread = `${base}/new`;
  const newThreadHref = signedIn ? to(newThread) : to(`/login?redirectTo=${encodeURIComponent(newThread)}`);
  const filtered = !!(filters.tag || filters.status);
  return (
    <div className="space-y-6">
      <Breadcrumbs
        items={[
          { to: to("/community"), label: t("index.title") },
          { label: localized(locale, forum.category.titleEs, forum.category.titleEn) },
        ]}
      />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-3xl font-black sm:text-4xl">{localized(locale, forum.titleEs, forum.titleEn)}</h1>
          <p className="text-muted-foreground">{localized(locale, forum.descriptionEs, forum.descriptionEn)}</p>
          <p className="text-sm text-muted-foreground">
            {t("counts.threads", { count: forum.threadCount })} · {t("counts.posts", { count: forum.postCount })}
          </p>
        </div>
        <Link className="btn btn-primary" to={newThreadHref}>
          <Plus aria-hidden="true" size={18} />
          {t("forum.newThread")}
        </Link>
      </header>

      <Form method="get" className="card flex flex-wrap items-end gap-4 p-4" aria-label={t("filters.label")}>
        <div className="space-y-1.5">
          <label htmlFor="filter-tag" className="block text-sm font-semibold">
            {t("filters.tag")}
          </label>
          <select id="filter-tag" name="tag" className="input" defaultValue={filters.tag ?? ""} key={`tag-${filters.tag}`}>
            <option value="">{t("filters.allTags")}</option>
            {tags.map((tag) => (
              <option key={tag.slug} value={tag.slug}>
                {tagName(locale, tag)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="filter-status" className="block text-sm font-semibold">
            {t("filters.status")}
          </label>
          <select id="filter-status" name="status" className="input" defaultValue={filters.status ?? ""} key={`status-${filters.status}`}>
            <option value="">{t("filters.allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`filters.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="filter-sort" className="block text-sm font-semibold">
            {t("filters.sort")}
          </label>
          <select id="filter-sort" name="sort" className="input" defaultValue={filters.sort} key={`sort-${filters.sort}`}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`filters.sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-outline">
          {t("filters.apply")}
        </button>
        {filtered || filters.sort !== "latest" ? (
          <Link className="link self-center text-sm" to={to(base)}>
            {t("filters.clear")}
          </Link>
        ) : null}
      </Form>

      {list.items.length === 0 ? (
        <p className="card p-6 text-muted-foreground">{filtered ? t("forum.noMatches") : t("forum.empty")}</p>
      ) : (
        <ul className="card divide-y divide-border" aria-label={t("forum.threadsLabel")}>
          {list.items.map((th) => (
            <li key={th.id} className="flex gap-3 p-4">
              {th.author ? (
                <Link
                  to={to(`/u/${th.author.username}`)}
                  aria-label={t("profileOf", { username: th.author.username })}
                  className="shrink-0"
                >
                  <MiniAvatar url={th.author.avatarUrl} username={th.author.username} size={40} />
                </Link>
              ) : (
                <MiniAvatar username="?" size={40} />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h2 className="text-base font-bold">
                    <Link className="hover:underline" to={to(`${base}/${th.slug}`)}>
                      {th.title}
                    </Link>
                  </h2>
                  <ThreadBadges thread={th} />
                </div>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                  <span>{th.author ? t("byAuthor", { username: th.author.username }) : t("deletedUser")}</span>
                  <span className="inline-flex items-center gap-1">
                    <MessageCircle aria-hidden="true" size={14} />
                    {t("counts.replies", { count: th.replyCount })}
                  </span>
                  <span>
                    {t("forum.lastActivity")} <RelativeTime date={th.lastActivityAt} locale={locale} />
                  </span>
                </p>
                {th.tags.length ? (
                  <ul className="flex flex-wrap gap-1.5" aria-label={t("tags")}>
                    {th.tags.map((tag) => (
                      <li key={tag.slug}>
                        <Link
                          className="inline-block rounded-full bg-muted px-2 py-0.5 text-xs font-medium hover:underline"
                          to={query({ tag: tag.slug })}
                        >
                          {`#${tagName(locale, tag)}`}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => query({ page })} label={t("pagination.threads")} />
    </div>
  );
}
