import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "#app/components/layout/list-page";
import { Icon } from "#app/components/ui/icon";
import { FeaturedCard } from "#app/features/featured/featured-card";
import { FeaturedFilters, featuredQuery } from "#app/features/featured/filters";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/list";

export const handle = { i18n: ["featured", "promotions"] };

/** /featured-games (SPEC §2): the featured games on show, by release status and platform, each "Sponsored". */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "featured");
  const q = new URL(request.url).searchParams;
  const list = await context.services.promotions.listPublicFeatured({
    release: q.get("release") || undefined,
    platform: q.get("platform") || undefined,
    page: q.get("page") || undefined,
  });
  const { page, release, platform } = list.filters;
  if (page > list.pageCount) throw new Response("Not Found", { status: 404 });
  const filtered = !!(release || platform);
  return {
    list,
    filtered,
    seo: seo({
      title: page > 1 ? t("list.titlePage", { page }) : t("list.title"),
      description: t("list.metaDescription"),
      path: featuredQuery({ page }),
      // Filtered copies of the list are not separate pages for search engines.
      noindex: filtered,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function FeaturedGamesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("featured");
  const { to } = useLocalePath();
  const { list, filtered } = loaderData;
  const { page, ...filters } = list.filters;
  return (
    <ListPage
      ns="featured"
      intro={
        <p className="text-sm">
          <Link to={to("/collaborate")} className="link inline-flex min-h-6 items-center gap-1">
            <Icon name="sparkles" size={16} />
            {t("list.collaborate")}
          </Link>
        </p>
      }
      filters={<FeaturedFilters filters={filters} />}
      items={list.games}
      total={list.total}
      filtered={filtered}
      clearHref={to("/featured-games")}
      emptyAction={
        <Link to={to("/collaborate")} className="btn btn-outline">
          {t("list.collaborate")}
        </Link>
      }
      page={page}
      pageCount={list.pageCount}
      hrefFor={(p) => to(featuredQuery({ ...filters, page: p }))}
    >
      {(g) => <FeaturedCard game={g} />}
    </ListPage>
  );
}
