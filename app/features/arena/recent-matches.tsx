import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { Pagination } from "#app/components/ui/pagination";
import { RelativeTime } from "#app/components/ui/relative-time";
import { TableFrame } from "#app/components/ui/table";
import { useLocalePath } from "#app/lib/use-locale";
import { formatSigned, formatWhole } from "./numbers";

export type RecentMatch = {
  id: string;
  createdAt: string;
  opponent: string;
  result: "win" | "loss" | "draw";
  rated: boolean;
  ratingAfter: number;
  ratingChange: number;
  gold: number;
};

const TONE = { win: "positive", loss: "danger", draw: "neutral" } as const;

/** A member's recent matches: when, against whom, the result, the rating after (and its change) and the gold. */
export function RecentMatches({
  matches,
  page,
  pageCount,
  total,
}: {
  matches: RecentMatch[];
  page: number;
  pageCount: number;
  total: number;
}) {
  const { t } = useTranslation("arena");
  const { to, locale } = useLocalePath();
  return (
    <section aria-labelledby="recent-matches" className="space-y-4">
      <h2 id="recent-matches" className="text-2xl font-bold">
        {t("recent.heading")}
      </h2>
      {matches.length === 0 ? (
        <EmptyState>{t("recent.empty")}</EmptyState>
      ) : (
        <>
          <TableFrame label={t("recent.caption")}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("recent.caption")}</caption>
              <thead className="border-b border-border text-xs uppercase text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-3 sm:px-4">
                    {t("recent.columns.opponent")}
                  </th>
                  <th scope="col" className="px-2 py-3 sm:px-4">
                    {t("recent.columns.result")}
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-4">
                    {t("recent.columns.rating")}
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-4">
                    {t("recent.columns.gold")}
                  </th>
                  <th scope="col" className="px-2 py-3 sm:px-4">
                    {t("recent.columns.when")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {matches.map((m) => (
                  <tr key={m.id}>
                    <th scope="row" className="px-2 py-3 font-medium sm:px-4">
                      <Link
                        to={to(`/arena/matches/${m.id}`)}
                        className="link break-all"
                        aria-label={t("recent.view", { opponent: m.opponent })}
                      >
                        {m.opponent}
                      </Link>
                    </th>
                    <td className="px-2 py-3 sm:px-4">
                      <span className="flex flex-wrap gap-1">
                        <Badge tone={TONE[m.result]}>{t(`recent.${m.result}`)}</Badge>
                        {m.rated ? null : <Badge>{t("recent.unrated")}</Badge>}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums sm:px-4">
                      {formatWhole(m.ratingAfter, locale)}{" "}
                      <span className="text-muted-foreground">({formatSigned(m.ratingChange, locale)})</span>
                    </td>
                    <td className="whitespace-nowrap px-2 py-3 text-right tabular-nums sm:px-4">{formatSigned(m.gold, locale)}</td>
                    <td className="whitespace-nowrap px-2 py-3 text-muted-foreground sm:px-4">
                      <RelativeTime date={m.createdAt} locale={locale} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination page={page} pageCount={pageCount} total={total} label={t("recent.pagination")} />
        </>
      )}
    </section>
  );
}
