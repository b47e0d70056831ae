import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MiniAvatar } from "#app/components/ui/avatar";
import { formatDate } from "#app/i18n/format";
import type { Locale } from "#shared/locales";
import { pageTools } from "#app/lib/page.server";
import { seoMeta } from "#app/lib/seo";
import { useLocalePath, useRootData } from "#app/lib/use-locale";
import { LEADERBOARD_SIZE } from "#shared/page-sizes";
import type { Route } from "./+types/leaderboard";
import { TableFrame } from "#app/components/ui/table";

export const handle = { i18n: ["leaderboard", "levels"] };

const PERIODS = ["all", "month", "week"] as const;
type Period = (typeof PERIODS)[number];

/**
 * /leaderboard (SPEC §9: the top 100 by XP, 25 a page), all time or this month / this week (`?period=`), with
 * the signed-in viewer's own place, also outside the top 100. Public; a visitor's copy may be kept by the
 * anonymous page cache, which empties whenever XP changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { t, seo, site } = pageTools(context, request, "leaderboard");
  const q = new URL(request.url).searchParams;
  const board = await context.services.gamification.leaderboard(context.actor, {
    period: q.get("period") ?? undefined,
    page: q.get("page") ?? undefined,
  });
  // A page past the end is a page that does not exist (the list shrinks when XP is taken back).
  const asked = Number(q.get("page"));
  if (Number.isInteger(asked) && asked > board.pageCount) throw new Response("Not Found", { status: 404 });
  const me = context.actor?.userId;
  return {
    seo: seo({ title: t("title"), description: t("description", { site }) }),
    period: board.period,
    startsOn: board.startsOn,
    page: board.page,
    pageCount: board.pageCount,
    // Only what the table shows; the user id only where it names the generated avatar (no uploaded picture).
    entries: board.entries.map((e) => ({
      rank: e.rank,
      userId: e.avatarUrl ? null : e.userId,
      username: e.username,
      avatarUrl: e.avatarUrl,
      level: e.level,
      xp: e.xp,
      isMe: e.userId === me,
    })),
    // Equal XP at the 100th place: the viewer may share a rank shown in the table without being listed.
    me: board.me ? { ...board.me, tiedAtCut: !board.me.inTop && board.me.rank !== null && board.me.rank <= LEADERBOARD_SIZE } : null,
    boardSize: LEADERBOARD_SIZE,
    signedIn: !!context.actor,
  };
}

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo, data?.seo.fullTitle);

/** `/leaderboard` with a period and page (all time and page 1 leave theirs out). */
function boardHref(period: Period, page = 1) {
  const p = new URLSearchParams();
  if (period !== "all") p.set("period", period);
  if (page > 1) p.set("page", String(page));
  const qs = p.toString();
  return `/leaderboard${qs ? `?${qs}` : ""}`;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const formatNumber = (n: number, locale: Locale) => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US")));
  return f.format(n);
};

export default function LeaderboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("leaderboard");
  const { to, locale } = useLocalePath();
  const { period, startsOn, page, pageCount, entries } = loaderData;
  const since = startsOn
    ? t(period === "week" ? "since" : "sinceMonth", { date: formatDate(startsOn, locale, { dateStyle: "full" }) })
    : null;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </header>

      <nav aria-label={t("periods.label")}>
        <ul className="flex flex-wrap gap-2">
          {PERIODS.map((p) => (
            <li key={p}>
              <Link
                to={to(boardHref(p))}
                aria-current={p === period ? "page" : undefined}
                className={`btn ${p === period ? "btn-primary" : "btn-outline"}`}
                preventScrollReset
              >
                {t(`periods.${p}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {since ? <p className="text-sm text-muted-foreground">{since}</p> : null}

      <MyPlace
        me={loaderData.me}
        boardSize={loaderData.boardSize}
        signedIn={loaderData.signedIn}
        period={period}
        page={page}
        onThisPage={entries.some((e) => e.isMe)}
      />

      {entries.length === 0 ? (
        <p className="card p-6 text-muted-foreground">{t(`empty.${period}`)}</p>
      ) : (
        <TableFrame label={t(`caption.${period}`)}>
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-4 text-left font-semibold">
              {t(`caption.${period}`)}
              {pageCount > 1 ? <span className="font-normal text-muted-foreground">{` — ${t("pageOf", { page, pageCount })}`}</span> : null}
            </caption>
            <thead className="border-b border-border text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  {t("columns.rank")}
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  {t("columns.member")}
                </th>
                <th scope="col" className="px-2 py-3 sm:px-4">
                  {t("columns.level")}
                </th>
                <th scope="col" className="px-2 py-3 text-right sm:px-4">
                  {t("columns.xp")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {entries.map((e) => (
                <tr
                  key={e.username}
                  id={e.isMe ? "me" : undefined}
                  className={e.isMe ? "bg-primary/10" : undefined}
                  data-me={e.isMe ? "" : undefined}
                >
                  <td className="whitespace-nowrap px-2 py-3 font-bold tabular-nums sm:px-4">{t("rank", { rank: e.rank })}</td>
                  <th scope="row" className="px-2 py-3 font-medium sm:px-4">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <Link to={to(`/u/${e.username}`)} className="flex min-w-0 items-center gap-2 hover:underline">
                        <MiniAvatar url={e.avatarUrl} userId={e.userId} username={e.username} size={28} />
                        <span className="break-all">{e.username}</span>
                      </Link>
                      {e.isMe ? (
                        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">{t("you")}</span>
                      ) : null}
                    </span>
                  </th>
                  <td className="whitespace-nowrap px-2 py-3 sm:px-4">{t("levels:level", { level: e.level })}</td>
                  <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums sm:px-4">{formatNumber(e.xp, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}

      {pageCount > 1 ? (
        <nav aria-label={t("pagination")}>
          <ol className="flex flex-wrap gap-2">
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((p) => (
              <li key={p}>
                <Link
                  to={to(boardHref(period, p))}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={t("pageLink", { page: p })}
                  className={`btn ${p === page ? "btn-primary" : "btn-outline"} min-w-10`}
                >
                  {p}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
    </div>
  );
}

type MyPlaceProps = {
  me: { rank: number | null; xp: number; inTop: boolean; tiedAtCut: boolean } | null;
  boardSize: number;
  signedIn: boolean;
  period: Period;
  page: number;
  /** Whether the viewer's row is in the table on screen. */
  onThisPage: boolean;
};

/** The viewer's own place above the table: their rank (also beyond the top 100), a nudge without XP, or sign in. */
function MyPlace({ me, boardSize, signedIn, period, page, onThisPage }: MyPlaceProps) {
  const { t } = useTranslation("leaderboard");
  const { to, locale } = useLocalePath();
  const root = useRootData();
  if (!signedIn || !me) {
    return (
      <p className="text-sm text-muted-foreground">
        {t("me.visitor")}{" "}
        <Link to={to(`/login?redirectTo=${encodeURIComponent(boardHref(period, page))}`)} className="link">
          {t("me.signIn")}
        </Link>
      </p>
    );
  }
  return (
    <section aria-labelledby="my-place" className="card p-4">
      <h2 id="my-place" className="text-base font-bold">
        {t("me.heading")}
      </h2>
      {me.rank === null ? (
        <p className="mt-1 text-sm">
          {t(`me.none.${period}`)}{" "}
          {root?.flags.forum_enabled ? (
            <Link to={to("/community")} className="link">
              {t("me.toCommunity")}
            </Link>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-sm">
          <strong>{t("me.ranked", { rank: formatNumber(me.rank, locale), xp: formatNumber(me.xp, locale) })}</strong>{" "}
          {onThisPage ? t("me.inList") : me.inTop ? t("me.inTop") : me.tiedAtCut ? t("me.tiedAtCut", { size: boardSize }) : t("me.outside")}
        </p>
      )}
    </section>
  );
}
