import { ContentListPage } from "#app/features/content/content-list";
import { loadContentList } from "#app/features/content/content-list.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/videos";

export const handle = { i18n: ["content"] };

export const loader = ({ context, request }: Route.LoaderArgs) => loadContentList(context, request, "video");

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function VideosPage({ loaderData }: Route.ComponentProps) {
  return <ContentListPage kind="video" list={loaderData.list} />;
}
