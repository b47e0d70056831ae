import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { ButtonLink } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { MediaSlot } from "#app/components/ui/media-slot";
import { NS } from "#app/features/company-campaigns/ui";
import { StudioFeaturedGames } from "#app/features/featured/studio-featured-games";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/games";

export const handle = { i18n: [NS, "promotions"] };

/**
 * /company/games: the verified company's games, each with its cover, facts and a link to edit it; then its
 * featured games and promotion requests with their state.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, NS);
  const [games, featured] = await Promise.all([
    context.services.campaigns.listCompanyGames(actor),
    context.services.promotions.listStudioFeaturedGames(actor),
  ]);
  return {
    featured,
    games: games.map((g) => ({
      id: g.id,
      name: g.name,
      coverUrl: g.coverUrl,
      platforms: g.platforms,
      releaseStatus: g.releaseStatus,
      campaignCount: g.campaignCount,
    })),
    seo: seo({ title: t("games.title"), description: t("games.metaDescription"), noindex: true, nofollow: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function CompanyGames({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  const { games, featured } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 py-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-black">{t("games.title")}</h1>
          <p className="mt-1 text-muted-foreground">{t("games.lead")}</p>
        </div>
        {games.length ? (
          <ButtonLink to={to("/company/games/new")} size="lg">
            {t("games.add")}
          </ButtonLink>
        ) : null}
      </div>
      {games.length === 0 ? (
        <EmptyState
          title={t("games.empty.title")}
          action={
            <ButtonLink to={to("/company/games/new")} size="lg">
              {t("games.empty.action")}
            </ButtonLink>
          }
        >
          {t("games.empty.text")}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {games.map((g) => (
            <li key={g.id} className="card flex flex-col overflow-hidden">
              <MediaSlot src={g.coverUrl} />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h2 className="text-lg font-bold leading-snug">{g.name}</h2>
                <p className="text-sm text-muted-foreground">
                  {g.platforms.map((p) => t(`labels.platform.${p}`)).join(" · ")}
                  {g.platforms.length ? " · " : ""}
                  {t("games.campaigns", { count: g.campaignCount })}
                </p>
                <div className="flex flex-wrap gap-1.5">
                  <Badge tone={g.releaseStatus === "released" ? "positive" : g.releaseStatus === "early_access" ? "info" : "neutral"}>
                    {t(`labels.release.${g.releaseStatus}`)}
                  </Badge>
                </div>
                <div className="mt-auto pt-2">
                  <Link
                    to={to(`/company/games/${g.id}/edit`)}
                    className="btn btn-outline btn-sm"
                    aria-label={t("games.editName", { name: g.name })}
                  >
                    {t("games.edit")}
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StudioFeaturedGames games={featured.games} requests={featured.requests} />
    </main>
  );
}
