import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigate } from "react-router";
import { requireForum } from "#app/features/forum/gate.server";
import { TopicList } from "#app/features/forum/topic-list";
import { Breadcrumbs, forumColor, ForumSwatch, localized, Pagination, tagName } from "#app/features/forum/ui";
import { nameParam } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
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
    .catch(pageErrorFor);
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
    signedIn: !!context.actor,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function ForumPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forum");
  const { locale, to } = useLocalePath();
  const { list, signedIn } = loaderData;
  const tags = list.tags;
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
  const navigate = useNavigate();
  const color = forumColor(forum);
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
          <h1 className="flex items-center gap-3 text-3xl font-black sm:text-4xl">
            <ForumSwatch color={color} size={20} />
            {localized(locale, forum.titleEs, forum.titleEn)}
          </h1>
          <p className="text-muted-foreground">{localized(locale, forum.descriptionEs, forum.descriptionEn)}</p>
          <p className="text-sm text-muted-foreground">
            {t("counts.threads", { count: forum.threadCount })} · {t("counts.posts", { count: forum.postCount })}
          </p>
        </div>
        <Link className="btn btn-primary" to={newThreadHref}>
          <Icon name="plus" size={18} />
          {t("forum.newThread")}
        </Link>
      </header>

      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        aria-label={t("filters.label")}
        // Each choice applies at once (no Apply button); without JavaScript the button in <noscript> sends it.
        onChange={(e) => {
          const chosen = new FormData(e.currentTarget);
          const pick = (name: string) => String(chosen.get(name) ?? "") || null;
          void navigate(query({ tag: pick("tag"), status: pick("status"), sort: pick("sort") === "latest" ? null : pick("sort") }), {
            preventScrollReset: true,
          });
        }}
      >
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
        <noscript>
          <button type="submit" className="btn btn-outline">
            {t("filters.apply")}
          </button>
        </noscript>
        {filtered || filters.sort !== "latest" ? (
          <Link className="link inline-flex min-h-11 items-center text-sm" to={to(base)}>
            {t("filters.clear")}
          </Link>
        ) : null}
      </Form>

      {list.items.length === 0 ? (
        <p className="card p-6 text-muted-foreground">{filtered ? t("forum.noMatches") : t("forum.empty")}</p>
      ) : (
        <TopicList items={list.items} forumSlug={forum.slug} color={color} tagHref={(tag) => query({ tag })} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={(page) => query({ page })} label={t("pagination.threads")} />
    </div>
  );
}
