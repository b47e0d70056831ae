import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocalePath } from "#app/lib/use-locale";
import { FeaturedCard, type FeaturedCardData } from "./featured-card";

/** The home page's "Featured games" section: the homepage features on show, each "Sponsored"; nothing when none. */
export function HomeFeatured({ games }: { games: FeaturedCardData[] }) {
  const { t } = useTranslation("featured");
  const { to } = useLocalePath();
  if (!games.length) return null;
  return (
    <section aria-labelledby="featured-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="featured-heading" className="text-2xl font-bold">
          {t("home.title")}
        </h2>
        <Link to={to("/featured-games")} className="link inline-flex min-h-6 items-center text-sm font-semibold">
          {t("home.link")}
        </Link>
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {games.map((g) => (
          <li key={g.id} className="flex">
            <div className="w-full">
              <FeaturedCard game={g} headingLevel={3} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
