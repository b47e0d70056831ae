import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "#app/components/layout/list-page";
import { ContentCard } from "#app/features/content/content-card";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/videos";

export const handle = { i18n: ["content"] };

/** /videos (SPEC §1): the published videos in the team's order, twelve a page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "content");
  const list = await context.services.content.listPublicItems({ kind: "video", page: new URL(request.url).searchParams.get("page") ?? 1 });
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  return {
    list: { ...list, items: list.items.map((i) => ({ ...i, id: i.slug })) },
    seo: seo({
      title: list.page > 1 ? t("videos.list.titlePage", { page: list.page }) : t("videos.list.title"),
      description: t("videos.list.metaDescription"),
      path: list.page > 1 ? `/videos?page=${list.page}` : "/videos",
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function VideosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { to } = useLocalePath();
  const { list } = loaderData;
  return (
    <ListPage
      ns="content"
      keyPrefix="videos"
      filters={null}
      items={list.items}
      total={list.total}
      filtered={false}
      clearHref={to("/videos")}
      emptyAction={
        <Link to={to("/podcast")} className="btn btn-outline">
          {t("videos.list.toPodcast")}
        </Link>
      }
      page={list.page}
      pageCount={list.pageCount}
      hrefFor={(p) => to(p > 1 ? `/videos?page=${p}` : "/videos")}
    >
      {(v) => <ContentCard item={v} base="/videos" />}
    </ListPage>
  );
}
