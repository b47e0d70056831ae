import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { SelectField } from "#app/components/ui/form-field";
import { autofill, checkPromo, submitCollaborate } from "#app/features/collaborate/collaborate.server";
import { NS } from "#app/features/collaborate/ns";
import { OfferCards } from "#app/features/collaborate/offer";
import { SubmissionForm, type StartValues, type SubmitFailure } from "#app/features/collaborate/submission-form";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import type { Route } from "./+types/collaborate";

export const handle = { i18n: [NS, "promotions"] };

/** A signed-in verified company's games, to start a submission from one (none for anyone else). */
async function companyStart(context: Route.LoaderArgs["context"], gameId: string | null) {
  const actor = context.actor;
  if (actor?.profileRole !== "company" || !actor.company?.verified) return { games: [], game: null };
  const campaigns = context.services.campaigns;
  const games = await campaigns.listCompanyGames(actor).catch(() => []);
  const game = gameId ? await campaigns.getCompanyGame(actor, { gameId }).catch(() => null) : null;
  return { games: games.map((g) => ({ id: g.id, name: g.name })), game };
}

/** /collaborate (SPEC §2, §3): the promotion offer and the request form. Public; a company may start from its game. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, NS);
  const url = new URL(request.url);
  const offer = await context.services.promotions.getPublicOffer();
  const { games, game } = await companyStart(context, url.searchParams.get("game"));
  const actor = context.actor;
  const start: StartValues = {
    companyGameId: game?.id ?? "",
    gameName: game?.name ?? "",
    shortDescription: game?.shortDescription.slice(0, 280) ?? "",
    storeUrl: game?.storeLinks[0]?.url ?? "",
    youtubeUrl: game?.trailerUrl ?? "",
    releaseStatus: game?.releaseStatus ?? "",
    studioName: actor?.company?.companyName ?? "",
    contactName: "",
    contactEmail: actor?.email ?? "",
    coverUrl: game?.coverUrl ?? null,
  };
  return {
    offer: { currency: offer.currency, features: offer.features },
    // Production without Stripe's keys takes no payments: the page says so instead of offering one.
    paymentsOff: context.services.promotions.paymentsStatus().provider === "off",
    games,
    game: game ? { id: game.id, name: game.name } : null,
    start,
    seo: seo({ title: t("title"), description: t("metaDescription"), noindex: url.searchParams.has("game") }),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "youtube") return autofill(context, form);
  if (intent === "promo") return checkPromo(context, form);
  return submitCollaborate(context, form);
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function CollaboratePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(NS);
  const { offer, games, game, start, paymentsOff } = loaderData;
  const failure =
    actionData && "ok" in actionData && actionData.ok === false && "values" in actionData ? (actionData as SubmitFailure) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <header className="space-y-3">
        <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("lead")}</p>
      </header>
      {paymentsOff ? (
        <section
          role="note"
          aria-labelledby="payments-off-heading"
          className="rounded-card border border-warning-text/50 bg-warning p-4 text-warning-text"
        >
          <h2 id="payments-off-heading" className="font-semibold">
            {t("paymentsOff.title")}
          </h2>
          <p className="mt-1 text-sm">{t("paymentsOff.text")}</p>
        </section>
      ) : null}
      <OfferCards offer={offer} />
      {games.length > 0 ? (
        <Form method="get" className="card flex flex-wrap items-end gap-3 p-4">
          {/* A basis: on a phone the button goes under the field instead of squeezing it into a narrow column. */}
          <div className="min-w-0 flex-1 basis-64">
            <SelectField label={t("form.fromGame")} name="game" hint={t("form.fromGameHint")} defaultValue={game?.id ?? ""}>
              <option value="">{t("form.fromGameNone")}</option>
              {games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </SelectField>
          </div>
          <button type="submit" className="btn btn-outline">
            {t("form.fromGameUse")}
          </button>
          {game ? <p className="w-full text-sm">{t("form.fromGameUsing", { name: game.name })}</p> : null}
        </Form>
      ) : null}
      <SubmissionForm key={game?.id ?? "new"} offer={offer} start={start} failure={failure} />
    </div>
  );
}
