import { Icon } from "#app/components/ui/icon";
import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import { MediaCard } from "#app/components/ui/card";
import { EmptyState } from "#app/components/ui/empty-state";
import { MediaSlot } from "#app/components/ui/media-slot";
import { companySections } from "#app/features/company/sections";
import { PublicStudioFeatured } from "#app/features/featured/studio-featured-games";
import { countryName } from "#app/features/company/countries";
import { formatDate } from "#app/i18n/format";
import { nameParam } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/public-company";

export const handle = { i18n: ["company", "featured", "promotions"] };

/** SPEC §2: the public profile of a verified company; unknown and unverified slugs are a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  nameParam(params.slug);
  const { id, ...company } = await context.services.admin.publicCompany(context.actor, { slug: params.slug }).catch(pageErrorFor);
  // The company's games and its active campaigns (public: no keys, no requests).
  const [listing, featured] = await Promise.all([
    context.services.campaigns.companyListing({ companyId: id }),
    context.services.promotions.publicStudioFeaturedGames({ companyId: id }),
  ]);
  const { t, seo } = pageTools(context, request, "company");
  const base = context.services.env.baseUrl;
  const description =
    company.description?.replace(/\s+/g, " ").slice(0, 160) || t("public.defaultDescription", { name: company.companyName });
  return {
    company,
    listing,
    featured,
    /** Data for the sections later issues add (games, campaigns). */
    extensions: {} as Record<string, unknown>,
    seo: seo({
      title: company.companyName,
      description,
      image: company.logoUrl ? base + company.logoUrl : undefined,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Organization",
          name: company.companyName,
          url: `${base}/company/${company.slug}`,
          ...(company.website ? { sameAs: [company.website] } : {}),
          ...(company.logoUrl ? { logo: base + company.logoUrl } : {}),
          ...(company.description ? { description: company.description.slice(0, 500) } : {}),
        },
      ],
    }),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function PublicCompany({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("company");
  const { locale } = useLocalePath();
  const { company, extensions, listing, featured } = loaderData;
  const country = countryName(company.country, locale);
  return (
    <article className="max-w-3xl" aria-labelledby="company-name">
      <header className="card flex flex-wrap items-center gap-5 p-6">
        {company.logoUrl ? (
          <img
            src={company.logoUrl}
            alt={t("public.logoAlt", { name: company.companyName })}
            width={96}
            height={96}
            className="rounded-xl"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex h-24 w-24 items-center justify-center rounded-xl bg-primary text-4xl font-black text-primary-foreground"
          >
            {[...company.companyName][0]?.toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <h1 id="company-name" className="text-3xl font-black">
            {company.companyName}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("public.verifiedCompany")}</p>
        </div>
      </header>
      <section aria-labelledby="about-company" className="card mt-6 p-6">
        <h2 id="about-company" className="text-xl font-bold">
          {t("public.about")}
        </h2>
        {company.description ? (
          <p className="mt-3 whitespace-pre-line">{company.description}</p>
        ) : (
          <p className="mt-3 text-muted-foreground">{t("public.noDescription")}</p>
        )}
        <dl className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {company.website ? (
            <>
              <dt className="text-muted-foreground">{t("public.website")}</dt>
              <dd className="break-all">
                <a className="link inline-flex items-center gap-1 py-1" href={company.website} rel="noopener nofollow ugc" target="_blank">
                  {company.website.replace(/^https:\/\//, "")}
                  <Icon name="external-link" size={14} />
                  <span className="sr-only">{t("public.opensNewTab")}</span>
                </a>
              </dd>
            </>
          ) : null}
          {country ? (
            <>
              <dt className="text-muted-foreground">{t("public.country")}</dt>
              <dd>{country}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{t("public.joined")}</dt>
          <dd>
            <time dateTime={company.joinedAt}>{formatDate(company.joinedAt, locale, { month: "long", year: "numeric" })}</time>
          </dd>
        </dl>
      </section>
      <PublicStudioFeatured games={featured} />
      <CompanyGames games={listing.games} companyName={company.companyName} />
      <CompanyCampaigns campaigns={listing.campaigns} companyName={company.companyName} />
      {companySections.map(({ id, Component }) => (
        <Component key={id} company={company} extensions={extensions} />
      ))}
    </article>
  );
}

type Listing = Route.ComponentProps["loaderData"]["listing"];

/** The company's games: a game's own page comes with the featured-games issue; until then, here. */
function CompanyGames({ games, companyName }: { games: Listing["games"]; companyName: string }) {
  const { t } = useTranslation("company");
  return (
    <section aria-labelledby="company-games" className="mt-8">
      <h2 id="company-games" className="text-2xl font-bold">
        {t("public.games")}
      </h2>
      {games.length === 0 ? (
        <EmptyState className="mt-4" title={t("public.noGames", { name: companyName })} />
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {games.map((g) => (
            <li key={g.id}>
              <article className="card flex h-full flex-col overflow-hidden" aria-labelledby={`game-${g.id}`}>
                <MediaSlot src={g.coverUrl} />
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <h3 id={`game-${g.id}`} className="font-bold leading-snug">
                    {g.name}
                  </h3>
                  <p className="text-sm text-muted-foreground">{g.shortDescription}</p>
                  <div className="mt-auto flex flex-wrap gap-1.5 pt-1">
                    <Badge tone={g.releaseStatus === "released" ? "positive" : "neutral"}>{t(`public.release.${g.releaseStatus}`)}</Badge>
                    {g.platforms.map((p) => (
                      <Badge key={p}>{t(`public.platforms.${p}`)}</Badge>
                    ))}
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The company's active campaigns, each leading to its public page where creators request a key. */
function CompanyCampaigns({ campaigns, companyName }: { campaigns: Listing["campaigns"]; companyName: string }) {
  const { t } = useTranslation("company");
  const { to, locale } = useLocalePath();
  return (
    <section aria-labelledby="company-campaigns" className="mt-8">
      <h2 id="company-campaigns" className="text-2xl font-bold">
        {t("public.campaigns")}
      </h2>
      {campaigns.length === 0 ? (
        <EmptyState className="mt-4" title={t("public.noCampaigns", { name: companyName })}>
          {t("public.noCampaignsText")}
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {campaigns.map((c) => (
            <li key={c.id}>
              <MediaCard
                to={to(`/campaigns/${c.id}`)}
                title={t("public.campaignTitle", { game: c.gameName })}
                image={c.gameCover}
                meta={t("public.campaignEnds", { date: formatDate(c.endsAt, locale, { dateStyle: "long" }) })}
                badges={c.platforms.map((p) => (
                  <Badge key={p}>{t(`public.platforms.${p}`)}</Badge>
                ))}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
