import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "#app/components/layout/list-page";
import { useLocalePath } from "#app/lib/use-locale";
import type { ContentList } from "./content-list.server";
import { ContentCard } from "./content-card";

/** /videos or /podcast: the list's cards and pages; an empty list points to the other one. */
export function ContentListPage({ kind, list }: { kind: "video" | "episode"; list: ContentList }) {
  const { t } = useTranslation("content");
  const { to } = useLocalePath();
  const [keys, path, other, otherLabel] =
    kind === "video"
      ? (["videos", "/videos", "/podcast", "videos.list.toPodcast"] as const)
      : (["podcast", "/podcast", "/videos", "podcast.list.toVideos"] as const);
  return (
    <ListPage
      ns="content"
      keyPrefix={keys}
      filters={null}
      items={list.items}
      total={list.total}
      filtered={false}
      clearHref={to(path)}
      emptyAction={
        <Link to={to(other)} className="btn btn-outline">
          {t(otherLabel)}
        </Link>
      }
      page={list.page}
      pageCount={list.pageCount}
      hrefFor={(p) => to(p > 1 ? `${path}?page=${p}` : path)}
    >
      {(v) => <ContentCard item={v} base={path} />}
    </ListPage>
  );
}
