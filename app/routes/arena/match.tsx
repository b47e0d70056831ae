import { useTranslation } from "react-i18next";
import { Badge } from "#app/components/ui/badge";
import { ButtonLink } from "#app/components/ui/button";
import { MatchFighter } from "#app/features/arena/match-fighter";
import { MatchTurns } from "#app/features/arena/match-turns";
import { formatDate } from "#app/i18n/format";
import { pageTools } from "#app/lib/page.server";
import { pageErrorFor } from "#app/lib/page-error.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import type { Route } from "./+types/match";

export const handle = { i18n: ["arena"] };

/**
 * /arena/matches/{id} (SPEC §4 "result"), for everyone: the result, both fighters as they came, the rating and
 * gold it moved, and the match turn by turn, fought again from its seed by the rules it was fought with.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "arena");
  const match = await context.services.character.getArenaMatch(context.actor, { matchId: params.matchId }).catch(pageErrorFor);
  const names = { a: match.players.a.username, b: match.players.b.username };
  return {
    seo: seo({ title: t("match.title", names), description: t("match.description", names), noindex: !!context.actor }),
    match: { ...match, createdAt: match.createdAt.toISOString() },
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

export default function MatchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("arena");
  const { to, locale } = useLocalePath();
  const { match } = loaderData;
  const { a, b } = match.players;
  const names = { a: a.username, b: b.username };
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-black break-words">{t("match.title", names)}</h1>
        <p className="text-lg font-semibold">
          {match.winner ? t("match.wonBy", { winner: names[match.winner] }) : t("match.draw")} {t(`match.decidedBy.${match.decidedBy}`)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>
            {t("match.fought")}{" "}
            <time dateTime={match.createdAt}>{formatDate(match.createdAt, locale, { dateStyle: "long", timeStyle: "short" })}</time>
          </span>
          {match.rated ? <Badge tone="info">{t("match.rated")}</Badge> : <Badge>{t("recent.unrated")}</Badge>}
        </p>
        {match.rated ? null : <p className="text-sm">{t("match.unrated")}</p>}
      </header>

      <section aria-labelledby="fighters" className="space-y-4">
        <h2 id="fighters" className="text-2xl font-bold">
          {t("match.players")}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <MatchFighter player={a} won={match.winner === "a"} rated={match.rated} />
          <MatchFighter player={b} won={match.winner === "b"} rated={match.rated} />
        </div>
      </section>

      <section aria-labelledby="turns" className="space-y-4">
        <h2 id="turns" className="text-2xl font-bold">
          {t("match.turns")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("match.replayNote", { engine: match.engine })}</p>
        {match.replayMatches ? null : (
          <p role="alert" className="font-semibold text-danger">
            {t("match.replayMismatch")}
          </p>
        )}
        <MatchTurns turns={match.turns} names={names} maxHp={{ a: a.profile.maxHp, b: b.profile.maxHp }} />
      </section>

      <ButtonLink to={to("/arena")} variant="outline">
        {t("match.back")}
      </ButtonLink>
    </div>
  );
}
