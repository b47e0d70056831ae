import type { AppLoadContext } from "react-router";
import { pageTools } from "#app/lib/page.server";

/** The two public lists' pages: the texts under `videos.list` or `podcast.list`, and their address. */
const LISTS = { video: { keys: "videos", path: "/videos" }, episode: { keys: "podcast", path: "/podcast" } } as const;

/** /videos and /podcast (SPEC §1): the published items of one kind in the team's order, twelve a page. */
export async function loadContentList(context: AppLoadContext, request: Request, kind: keyof typeof LISTS) {
  const { keys, path } = LISTS[kind];
  const { t, seo } = pageTools(context, request, "content");
  const list = await context.services.content.listPublicItems({ kind, page: new URL(request.url).searchParams.get("page") ?? 1 });
  if (list.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  return {
    list: { ...list, items: list.items.map((i) => ({ ...i, id: i.slug })) },
    seo: seo({
      title: list.page > 1 ? t(`${keys}.list.titlePage`, { page: list.page }) : t(`${keys}.list.title`),
      description: t(`${keys}.list.metaDescription`),
      path: list.page > 1 ? `${path}?page=${list.page}` : path,
    }),
  };
}

export type ContentList = Awaited<ReturnType<typeof loadContentList>>["list"];
