import { ContentListPage } from "#app/features/content/content-list";
import { loadContentList } from "#app/features/content/content-list.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/podcast";

export const handle = { i18n: ["content"] };

export const loader = ({ context, request }: Route.LoaderArgs) => loadContentList(context, request, "episode");

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PodcastPage({ loaderData }: Route.ComponentProps) {
  return <ContentListPage kind="episode" list={loaderData.list} />;
}
