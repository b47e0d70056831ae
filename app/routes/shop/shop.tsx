import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon, type IconName } from "#app/components/ui/icon";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/shop";

export const handle = { i18n: ["shop"] };

export function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "shop");
  // A closed shop is not a page to find from a search engine; the wiki links to it.
  return {
    status: context.services.shop.status(),
    seo: seo({ title: t("title"), description: t("description", { site }), noindex: true }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

const SOURCE_ICONS: Record<string, IconName> = { achievements: "trophy", arena: "flag", inventory: "sparkles" };

/** /shop: the shop is removed (SPEC §1); the page says so and where a character's items come from instead. */
export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const { to } = useLocalePath();
  return (
    <article className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t("eyebrow")}</p>
      <h1 className="mt-1 text-4xl font-black">{t("heading")}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("lead")}</p>
      <h2 className="mt-8 text-xl font-bold">{t("sourcesTitle")}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {loaderData.status.itemSources.map((source) => (
          <li key={source} className="card p-5">
            <Icon name={SOURCE_ICONS[source] ?? "sparkles"} className="size-6 text-primary" />
            <h3 className="mt-3 font-bold">{t(`sources.${source}.name`)}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t(`sources.${source}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={to("/leaderboard")} className="btn btn-primary">
          {t("toLeaderboard")}
        </Link>
        <Link to={to("/resources#shop")} className="btn btn-outline">
          {t("toWiki")}
        </Link>
      </div>
    </article>
  );
}
