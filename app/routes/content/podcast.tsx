import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "#app/components/layout/list-page";
import { ContentCard } from "#app/features/content/content-card";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/podcast";

export const handle = { i18n: ["content"] };

/** /podcast (SPEC §1): the published episodes in the team's order, twelve a page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "content");
  const list = await context.services.content.listPublicItems({
    kind: "episode",
    page: new URL(request.url).searchParams.get("page") ?? 1,
  });
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  return {
    list: { ...list, items: list.items.map((i) => ({ ...i, id: i.slug })) },
    seo: seo({
      title: list.page > 1 ? t("podcast.list.titlePage", { page: list.page }) : t("podcast.list.title"),
      description: t("podcast.list.metaDescription"),
      path: list.page > 1 ? `/podcast?page=${list.page}` : "/podcast",
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PodcastPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { to } = useLocalePath();
  const { list } = loaderData;
  return (
    <ListPage
      ns="content"
      keyPrefix="podcast"
      filters={null}
      items={list.items}
      total={list.total}
      filtered={false}
      clearHref={to("/podcast")}
      emptyAction={
        <Link to={to("/videos")} className="btn btn-outline">
          {t("podcast.list.toVideos")}
        </Link>
      }
      page={list.page}
      pageCount={list.pageCount}
      hrefFor={(p) => to(p > 1 ? `/podcast?page=${p}` : "/podcast")}
    >
      {(v) => <ContentCard item={v} base="/podcast" />}
    </ListPage>
  );
}
