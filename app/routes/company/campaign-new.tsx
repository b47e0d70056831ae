import { useTranslation } from "react-i18next";
import { Form, Link, redirect } from "react-router";
import { ButtonLink } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { CampaignFields } from "#app/features/company-campaigns/campaign-form";
import { CAMPAIGN_LISTS, readCampaignForm } from "#app/features/company-campaigns/campaign-form.server";
import { campaignFailure } from "#app/features/company-campaigns/failure.server";
import { NS } from "#app/features/company-campaigns/ui";
import type { FormFailure } from "#app/lib/form";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/campaign-new";

export const handle = { i18n: [NS] };

/** /company/campaigns/new: a campaign for one of the company's games (a draft until the company opens it). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, NS);
  const games = await context.services.campaigns.listCompanyGames(actor);
  const gameId = new URL(request.url).searchParams.get("game");
  return {
    games: games.map((g) => ({ id: g.id, name: g.name })),
    gameId: games.some((g) => g.id === gameId) ? gameId : null,
    seo: seo({ title: t("campaignForm.newTitle"), description: t("campaigns.metaDescription"), noindex: true, nofollow: true }),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const form = await request.formData();
  try {
    const { id } = await context.services.campaigns.createCampaign(actor, readCampaignForm(form));
    return redirect(`${context.localePrefix}/company/campaigns/${id}`);
  } catch (err) {
    return campaignFailure(err, form, { lists: CAMPAIGN_LISTS, fieldFor: { "campaigns.game_not_found": "gameId" } });
  }
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  const { games, gameId } = loaderData;
  const failed = (actionData as FormFailure | undefined) ?? null;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 py-6">
      <p>
        <Link
          to={to("/company/campaigns")}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline"
        >
          ← {t("campaignForm.back")}
        </Link>
      </p>
      <h1 className="text-3xl font-black">{t("campaignForm.newTitle")}</h1>
      {games.length === 0 ? (
        <EmptyState
          title={t("campaignForm.noGames.title")}
          action={
            <ButtonLink to={to("/company/games/new")} size="lg">
              {t("campaignForm.noGames.action")}
            </ButtonLink>
          }
        >
          {t("campaignForm.noGames.text")}
        </EmptyState>
      ) : (
        <Form method="post" className="space-y-6">
          <p className="text-muted-foreground">{t("campaignForm.lead")}</p>
          <div aria-live="polite">{failed ? <FormAlert message={failed.formError} values={failed.formErrorValues} /> : null}</div>
          <CampaignFields
            games={games}
            campaign={
              gameId
                ? {
                    gameId,
                    description: "",
                    startsAt: "",
                    endsAt: "",
                    autoApprove: false,
                    minSubscribers: 0,
                    minAverageViews: 0,
                    platforms: ["pc"],
                    regions: [],
                    languages: [],
                    coverageDays: 14,
                  }
                : null
            }
            failed={failed}
          />
          <SubmitButton className="btn btn-primary btn-lg" pendingLabel={t("campaignForm.creating")}>
            {t("campaignForm.create")}
          </SubmitButton>
        </Form>
      )}
    </main>
  );
}
