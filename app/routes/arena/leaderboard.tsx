import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { EmptyState } from "#app/components/ui/empty-state";
import { TableFrame } from "#app/components/ui/table";
import { ViewTabs } from "#app/components/ui/view-tabs";
import { ArenaNav } from "#app/features/arena/arena-nav";
import { formatWhole } from "#app/features/arena/numbers";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath } from "#app/lib/use-locale";
import { ARENA_LEADERBOARD_SIZE } from "#shared/character";
import type { Route } from "./+types/leaderboard";

export const handle = { i18n: ["arena"] };

/** /arena/leaderboard: the top 100 by Glicko-2 rating, all time or this season (`?scope=season`), provisional players apart. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo } = pageTools(context, request, "arena");
  const scope = new URL(request.url).searchParams.get("scope") ?? undefined;
  const board = await context.services.character.arenaLeaderboard(context.actor, { scope });
  const me = context.actor?.userId;
  const rows = (list: typeof board.ranked) =>
    list.map((e) => ({
      rank: e.rank,
      userId: e.avatarUrl ? null : e.userId,
      username: e.username,
      avatarUrl: e.avatarUrl,
      rating: e.rating,
      deviation: e.deviation,
      wins: e.wins,
      losses: e.losses,
      isMe: e.userId === me,
    }));
  return {
    seo: seo({ title: t("leaderboard.title"), description: t("leaderboard.description", { size: ARENA_LEADERBOARD_SIZE }) }),
    scope: board.scope,
    season: board.currentSeason,
    ranked: rows(board.ranked),
    provisional: rows(board.provisional),
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

type Row = Route.ComponentProps["loaderData"]["ranked"][number];

export default function ArenaLeaderboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("arena");
  const { scope, season, ranked, provisional } = loaderData;
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className="text-3xl font-black">{t("leaderboard.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("leaderboard.intro", { size: ARENA_LEADERBOARD_SIZE })}</p>
      </header>
      <ArenaNav />
      <ViewTabs
        label={t("leaderboard.scopes.label")}
        tabs={[
          { key: "all", label: t("leaderboard.scopes.all"), params: { scope: null }, current: scope === "all" },
          { key: "season", label: t("leaderboard.scopes.season", { season }), params: { scope: "season" }, current: scope === "season" },
        ]}
      />
      {ranked.length === 0 ? (
        <EmptyState>{t("leaderboard.empty")}</EmptyState>
      ) : (
        <Board rows={ranked} caption={t(`leaderboard.caption.${scope}`, { season })} ranked />
      )}
      <section aria-labelledby="provisional" className="space-y-4">
        <h2 id="provisional" className="text-2xl font-bold">
          {t("leaderboard.provisionalHeading")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("record.provisionalHint")}</p>
        {provisional.length === 0 ? (
          <p className="text-muted-foreground">{t("leaderboard.emptyProvisional")}</p>
        ) : (
          <Board rows={provisional} caption={t("leaderboard.provisionalCaption")} ranked={false} />
        )}
      </section>
    </div>
  );
}

function Board({ rows, caption, ranked }: { rows: Row[]; caption: string; ranked: boolean }) {
  const { t } = useTranslation("arena");
  const { to, locale } = useLocalePath();
  return (
    <TableFrame label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">{caption}</caption>
        <thead className="border-b border-border text-xs uppercase text-muted-foreground">
          <tr>
            {ranked ? (
              <th scope="col" className="px-2 py-3 sm:px-4">
                {t("leaderboard.columns.rank")}
              </th>
            ) : null}
            <th scope="col" className="px-2 py-3 sm:px-4">
              {t("leaderboard.columns.member")}
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              {t("leaderboard.columns.rating")}
            </th>
            <th scope="col" className="px-2 py-3 text-right sm:px-4">
              {t("leaderboard.columns.record")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((e) => (
            <tr key={e.username} className={e.isMe ? "bg-primary/10" : undefined}>
              {ranked ? (
                <td className="whitespace-nowrap px-2 py-3 font-bold tabular-nums sm:px-4">{t("leaderboard.rank", { rank: e.rank })}</td>
              ) : null}
              <th scope="row" className="px-2 py-3 font-medium sm:px-4">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link to={to(`/u/${e.username}`)} className="flex min-w-0 items-center gap-2 hover:underline">
                    <MiniAvatar url={e.avatarUrl} userId={e.userId} username={e.username} size={28} />
                    <span className="break-all">{e.username}</span>
                  </Link>
                  {e.isMe ? (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">
                      {t("leaderboard.you")}
                    </span>
                  ) : null}
                </span>
              </th>
              <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums sm:px-4">
                {formatWhole(e.rating, locale)}{" "}
                <span className="text-muted-foreground">
                  <span className="sr-only">{t("record.deviationLabel")} </span>
                  {t("record.deviation", { deviation: formatWhole(e.deviation, locale) })}
                </span>
              </td>
              <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums sm:px-4">
                {t("leaderboard.winsLosses", { wins: e.wins, losses: e.losses })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
