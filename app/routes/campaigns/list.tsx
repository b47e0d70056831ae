import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ListPage } from "#app/components/layout/list-page";
import { Icon } from "#app/components/ui/icon";
import { CampaignCard } from "#app/features/campaigns/campaign-card";
import { CampaignFilters } from "#app/features/campaigns/filters";
import { campaignsQuery } from "#app/features/campaigns/query";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/list";

export const handle = { i18n: ["campaigns"] };

/** /campaigns (SPEC §2): the open campaigns, filtered by platform, genre, language and region. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "campaigns");
  const q = new URL(request.url).searchParams;
  const pick = (name: string) => q.get(name) || undefined;
  const list = await context.services.campaigns.listOpenCampaigns(context.actor, {
    platform: pick("platform"),
    genre: pick("genre"),
    language: pick("language"),
    region: pick("region"),
    page: pick("page"),
  });
  if (list.filters.page > list.pageCount) throw new Response("Not Found", { status: 404 });
  // A creator without a channel the team has not flagged cannot request yet: the page says where to start.
  const creator = context.actor?.profileRole === "creator";
  const onboarded = creator
    ? await context.services.campaigns.listOwnChannels(context.actor).then(
        (channels) => channels.some((c) => !c.flaggedAt),
        () => true,
      )
    : true;
  const { page, ...chosen } = list.filters;
  const filtered = Object.values(chosen).some(Boolean);
  return {
    list,
    filtered,
    creator,
    onboarded,
    seo: seo({
      title: page > 1 ? t("list.titlePage", { page }) : t("list.title"),
      description: t("list.metaDescription"),
      path: campaignsQuery({ page }),
      // Filtered copies of the list are not separate pages for search engines.
      noindex: filtered,
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function CampaignsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const { list, filtered, creator, onboarded } = loaderData;
  const { page, ...filters } = list.filters;
  return (
    <ListPage
      ns="campaigns"
      intro={
        creator && !onboarded ? (
          <p className="rounded-control border border-border bg-muted p-3 text-sm">
            {t("list.onboardingHint")}{" "}
            <Link to={to("/creator/onboarding")} className="link">
              {t("list.onboardingLink")}
            </Link>
          </p>
        ) : creator ? (
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={to("/my-keys")} className="link inline-flex min-h-6 items-center gap-1">
              <Icon name="key-round" size={16} />
              {t("list.myKeysLink")}
            </Link>
            <Link to={to("/creator/onboarding")} className="link inline-flex min-h-6 items-center">
              {t("list.onboardingLink")}
            </Link>
          </p>
        ) : null
      }
      filters={<CampaignFilters filters={filters} />}
      items={list.campaigns}
      total={list.total}
      filtered={filtered}
      clearHref={to("/campaigns")}
      emptyAction={
        <Link to={to("/community")} className="btn btn-outline">
          {t("nav.community", { ns: "common" })}
        </Link>
      }
      page={page}
      pageCount={list.pageCount}
      hrefFor={(p) => to(campaignsQuery({ ...filters, page: p }))}
    >
      {(c) => <CampaignCard campaign={c} />}
    </ListPage>
  );
}
