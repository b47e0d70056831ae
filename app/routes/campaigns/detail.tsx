import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { HtmlOnceBlock } from "#app/components/ui/html-once";
import { Icon } from "#app/components/ui/icon";
import { MediaSlot } from "#app/components/ui/media-slot";
import { ErrorView } from "#app/components/layout/error-view";
import { CampaignTerms } from "#app/features/campaigns/campaign-terms";
import { RequestBox, type RequestResult } from "#app/features/campaigns/request-box";
import { formatDate } from "#app/i18n/format";
import { actionFailure } from "#app/lib/form.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { currentLocation, requireUser } from "#app/lib/guards.server";
import { htmlOnce } from "#app/lib/html-once.server";
import { pageTools } from "#app/lib/page.server";
import { actionHeaders } from "#app/lib/route-headers";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/detail";

export const handle = { i18n: ["campaigns"] };
export { actionHeaders as headers };

/** /campaigns/{id} (SPEC §2): a campaign's public page, with the game and the Request box. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { campaign, request: state } = await context.services.campaigns
    .getPublicCampaign(context.actor, { campaignId: params.campaignId })
    .catch((err: unknown) => pageErrorFor(err, "errors:campaigns.not_found"));
  const { t, seo, locale } = pageTools(context, request, "campaigns");
  const { descriptionHtml, ...rest } = campaign;
  const base = context.services.env.baseUrl;
  return {
    campaign: rest,
    descriptionHtml: descriptionHtml ? htmlOnce(context, "game-description", descriptionHtml) : null,
    state,
    signedIn: !!context.actor,
    /** The company that runs it gets a way to its manage page. */
    own: !!context.actor?.company && context.actor.company.slug === campaign.companySlug,
    returnTo: currentLocation(request),
    seo: seo({
      title: campaign.gameName,
      description:
        campaign.shortDescription ||
        t("detail.metaDescription", {
          game: campaign.gameName,
          company: campaign.companyName,
          date: formatDate(campaign.endsAt, locale),
        }),
      path: `/campaigns/${campaign.id}`,
      image: campaign.gameCover ? (campaign.gameCover.startsWith("http") ? campaign.gameCover : base + campaign.gameCover) : undefined,
      // A finished or paused campaign stays reachable from old links, but search engines keep only open ones.
      noindex: !campaign.open,
    }),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requireUser(context, request);
  const form = await request.formData();
  if (form.get("intent") !== "request") throw new Response("Bad Request", { status: 400 });
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  try {
    const outcome = await context.services.campaigns.requestKey(actor, {
      campaignId: params.campaignId,
      platform: field("platform"),
      region: field("region"),
      message: field("message"),
    });
    return { ok: true, status: outcome.status } satisfies RequestResult;
  } catch (err) {
    return actionFailure(err, form);
  }
}

// A campaign that is not found keeps the site's "page not found" title (the root's meta for an error).
export const meta: Route.MetaFunction = ({ data, matches }) => (data ? seoMeta(data.seo, data.seo.fullTitle) : (matches[0]?.meta ?? []));

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("campaigns");
  const { to } = useLocalePath();
  const { campaign: c, descriptionHtml, state, signedIn, returnTo, own } = loaderData;
  return (
    <article aria-labelledby="campaign-title">
      {/* On a phone: the game's art, its name and the Request box first (the button inside the first screen);
          from lg the art and the details take the main column and the box stays beside them. */}
      <div className="grid gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <p className="text-sm lg:col-span-2">
          <Link to={to("/campaigns")} className="link inline-flex min-h-6 items-center gap-1">
            <Icon name="arrow-left" size={16} />
            {t("detail.backToList")}
          </Link>
        </p>
        <div className="min-w-0 lg:row-start-2">
          <MediaSlot
            src={c.gameCover}
            alt={c.gameCover ? t("detail.coverAlt", { game: c.gameName }) : ""}
            width={1280}
            priority
            className="rounded-card"
          />
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-2">
          <div className="space-y-4 lg:sticky lg:top-24">
            <header className="space-y-2">
              <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("detail.eyebrow")}</p>
              <h1 id="campaign-title" className="text-3xl font-black leading-tight [overflow-wrap:anywhere]">
                {c.gameName}
              </h1>
              <p className="text-muted-foreground">
                {t("card.by")}{" "}
                <Link to={to(`/company/${c.companySlug}`)} className="link">
                  {c.companyName}
                </Link>
              </p>
              <div className="flex flex-wrap gap-1.5">
                <Badge tone={c.open ? "positive" : "neutral"}>{t(`campaignStatuses.${c.status}`)}</Badge>
                {c.platforms.map((p) => (
                  <Badge key={p}>{t(`platforms.${p}`)}</Badge>
                ))}
              </div>
            </header>
            {own ? (
              <Link to={to(`/company/campaigns/${c.id}`)} className="btn btn-primary w-full">
                {t("detail.manage")}
              </Link>
            ) : null}
            <RequestBox
              campaign={c}
              state={state}
              signedIn={signedIn}
              result={actionData as RequestResult | undefined}
              returnTo={returnTo}
            />
          </div>
        </div>
        <div className="min-w-0 space-y-6 pt-4 lg:col-start-1 lg:row-start-3">
          {c.shortDescription ? <p className="max-w-3xl text-lg">{c.shortDescription}</p> : null}
          {c.trailerUrl ? (
            <p>
              <a href={c.trailerUrl} className="btn btn-outline" rel="noopener noreferrer" target="_blank">
                <Icon name="external-link" size={16} />
                {t("detail.trailer")}
              </a>
            </p>
          ) : null}
          {c.description ? (
            <section aria-labelledby="campaign-about" className="space-y-2">
              <h2 id="campaign-about" className="text-2xl font-bold">
                {t("detail.campaign")}
              </h2>
              <p className="max-w-3xl whitespace-pre-line">{c.description}</p>
            </section>
          ) : null}
          {descriptionHtml ? (
            <section aria-labelledby="game-about" className="space-y-2">
              <h2 id="game-about" className="text-2xl font-bold">
                {t("detail.about")}
              </h2>
              <HtmlOnceBlock id="game-description" className="post-body max-w-3xl break-words" html={descriptionHtml} />
            </section>
          ) : null}
          {c.storeLinks.length ? (
            <section aria-labelledby="game-stores" className="space-y-2">
              <h2 id="game-stores" className="text-2xl font-bold">
                {t("detail.stores")}
              </h2>
              <ul className="flex flex-wrap gap-3">
                {c.storeLinks.map((s) => (
                  <li key={s.url}>
                    <a href={s.url} className="btn btn-outline btn-sm" rel="noopener noreferrer nofollow" target="_blank">
                      <Icon name="external-link" size={16} />
                      {t(`stores.${s.store}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="campaign-terms" className="space-y-2">
            <h2 id="campaign-terms" className="text-2xl font-bold">
              {t("detail.terms")}
            </h2>
            <CampaignTerms campaign={c} />
          </section>
        </div>
      </div>
    </article>
  );
}

/** SPEC §8: an unknown campaign, or a draft, is the 404 page saying 'Campaign not found.' */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("campaigns");
  return (
    <ErrorView
      error={error}
      notFound={{ title: t("errors:campaigns.not_found"), backTo: "/campaigns", backLabel: t("detail.backToList") }}
    />
  );
}
