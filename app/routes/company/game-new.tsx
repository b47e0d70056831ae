import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GameForm, type GameFormResult } from "#app/features/company-campaigns/game-form";
import { saveGame } from "#app/features/company-campaigns/game-form.server";
import { NS } from "#app/features/company-campaigns/ui";
import { requireRoles } from "#app/lib/guards.server";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/game-new";

export const handle = { i18n: [NS] };

/** /company/games/new: a verified company adds a game. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireRoles(context, request, ["company"]);
  const { t, seo } = pageTools(context, request, NS);
  return { seo: seo({ title: t("gameForm.newTitle"), description: t("games.metaDescription"), noindex: true, nofollow: true }) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const actor = requireRoles(context, request, ["company"]);
  return saveGame(context, actor, await request.formData(), null);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function NewGame({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { to } = useLocalePath();
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 py-6">
      <p>
        <Link to={to("/company/games")} className="inline-flex min-h-11 items-center text-sm font-semibold text-primary hover:underline">
          ← {t("gameForm.back")}
        </Link>
      </p>
      <h1 className="text-3xl font-black">{t("gameForm.newTitle")}</h1>
      <GameForm game={null} result={actionData as GameFormResult | undefined} submitLabel={t("gameForm.create")} />
    </main>
  );
}
