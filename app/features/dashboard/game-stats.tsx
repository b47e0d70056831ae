import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { CountCells, CountHeads } from "#app/features/featured/count-columns";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { DataTable } from "#app/components/ui/table";
import { useLocalePath } from "#app/lib/use-locale";
import { ANALYTICS_WINDOWS, FEATURE_TYPES_WITH_PAGE } from "#shared/promotions";
import type { GameStatsData } from "./game-stats.server";

/**
 * A studio's featured games with their views and clicks over 7, 30 or 90 days (links, so it works without
 * JavaScript), and its consent to promotional email about featured games (off until it ticks the box).
 */
export function GameStatsView({ stats, message }: { stats: GameStatsData; message?: string }) {
  const { t } = useTranslation("dashboard");
  const { to, locale } = useLocalePath();
  const location = useLocation();
  const nf = new Intl.NumberFormat(locale);
  return (
    <section className="mt-8 card p-5" aria-labelledby="game-stats-heading" id="game-stats">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="game-stats-heading" className="text-lg font-bold">
          {t("gameStats.heading")}
        </h2>
        <nav aria-label={t("gameStats.windowLabel")}>
          <ul className="flex flex-wrap gap-2">
            {ANALYTICS_WINDOWS.map((w) => (
              <li key={w}>
                <Link
                  to={`${location.pathname}?window=${w}#game-stats`}
                  aria-current={stats.window === w ? "page" : undefined}
                  className={`btn ${stats.window === w ? "btn-primary" : "btn-outline"} min-h-9 px-3 py-1 text-sm`}
                  preventScrollReset
                >
                  {t("gameStats.window", { count: w })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {stats.games.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t("gameStats.empty")}{" "}
          <Link className="link" to={to("/collaborate")}>
            {t("gameStats.promote")}
          </Link>
        </p>
      ) : (
        <DataTable caption={t("gameStats.caption", { count: stats.window })} className="mt-3">
          <thead>
            <tr>
              <th scope="col">{t("gameStats.columns.game")}</th>
              <CountHeads label={(k) => t(`gameStats.columns.${k}`)} />
            </tr>
          </thead>
          <tbody>
            {stats.games.map((g) => (
              <tr key={g.id}>
                <th scope="row" className="font-semibold">
                  {FEATURE_TYPES_WITH_PAGE.includes(g.featureType) ? (
                    <Link className="link" to={to(`/games/${g.slug}`)}>
                      {g.gameName}
                    </Link>
                  ) : (
                    g.gameName
                  )}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {t(`promotions:labels.scheduleStatus.${g.scheduleStatus}`)}
                  </span>
                </th>
                <CountCells row={g} format={nf.format} />
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Form method="post" className="mt-5 space-y-3 border-t border-border pt-4" preventScrollReset>
        <input type="hidden" name="intent" value="mail-consent" />
        {message ? <FormAlert variant="success" message={message} /> : null}
        <label className="flex items-start gap-3 py-1 text-sm">
          <input
            type="checkbox"
            name="agreed"
            defaultChecked={stats.mailConsent}
            className="mt-0.5 size-5 shrink-0"
            key={String(stats.mailConsent)}
          />
          <span>{t("gameStats.consent.label")}</span>
        </label>
        <SubmitButton className="btn btn-outline">{t("gameStats.consent.save")}</SubmitButton>
      </Form>
    </section>
  );
}
