import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GameForm, type GameFormResult } from "#app/features/company-campaigns/game-form";
import { COVER_CODES, saveGame } from "#app/features/company-campaigns/game-form.server";
import { NS } from "#app/features/company-campaigns/ui";
import { requireRoles } from "#app/lib/guards.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/game-edit";

export const handle = { i18n: [NS] };

/** /company/games/{id}/edit: one of the company's games, every field; another company's game is not found. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const actor = requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, NS);
  const g = await context.services.campaigns.getCompanyGame(actor, { gameId: params.gameId }).catch(pageErrorFor);
  const cover = new URL(request.url).searchParams.get("cover");
  return {
    game: {
      name: g.name,
      slug: g.slug,
      shortDescription: g.shortDescription,
      descriptionMd: g.descriptionMd,
      coverUrl: g.coverUrl,
      platforms: g.platforms,
      genres: g.genres,
      storeLinks: g.storeLinks,
      trailerUrl: g.trailerUrl,
      releaseStatus: g.releaseStatus,
    },
    coverError: cover && (COVER_CODES as readonly string[]).includes(cover) ? `errors:${cover}` : null,
    seo: seo({ title: t("gameForm.editTitle", { name: g.name }), description: t("games.metaDescription"), noindex: true, nofollow: true }),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  return saveGame(context, actor, await request.formData(), params.gameId);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function EditGame({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  const { game, coverError } = loaderData;
  const result = actionData as GameFormResult | undefined;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 py-6">
      <p>
        <Link to={to("/company/games")} className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline">
          ← {t("gameForm.back")}
        </Link>
      </p>
      <h1 className="text-3xl font-black">{t("gameForm.editTitle", { name: game.name })}</h1>
      <GameForm
        key={result?.ok ? "saved" : "form"}
        game={game}
        result={result}
        coverError={result ? null : coverError}
        submitLabel={t("gameForm.save")}
      />
    </main>
  );
}
