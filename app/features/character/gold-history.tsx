import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Pagination } from "#app/components/ui/pagination";
import { TableFrame } from "#app/components/ui/table";
import { achievementName } from "#app/features/gamification/achievement-name";
import { formatNumber, formatSigned } from "#app/features/gamification/numbers";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import type { Locale } from "#shared/locales";
import type { GoldHistory, GoldHistoryRow } from "#server/modules/character";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" };

/** What a row was for, in words (needs the `character` and `badges` namespaces). */
function sourceText(row: GoldHistoryRow, t: TFunction, locale: Locale): string | null {
  const s = row.source;
  const cls = (c: string | null) => (c ? t(`character:classes.${c}.label`) : "");
  switch (s.kind) {
    case "level":
      return t("character:gold.sources.level", { level: s.level });
    case "achievement":
      return t("character:gold.sources.achievement", { name: achievementName(t, locale, s) });
    case "item":
      return s.name ? t("character:gold.sources.item", { name: s.name[locale] || s.name.en }) : t("character:gold.sources.itemGone");
    case "day":
      return t("character:gold.sources.day", { day: formatDate(`${s.day}T12:00:00Z`, locale, { dateStyle: "medium", timeZone: "UTC" }) });
    case "class":
      return s.from
        ? t("character:gold.sources.class", { from: cls(s.from), to: cls(s.to) })
        : t("character:gold.sources.classTo", { to: cls(s.to) });
    default:
      return null;
  }
}

/**
 * The gold history: one row per gold ledger entry with its date (UTC), what happened and what for, the notes
 * that explain the amount (the base and each perk's step, "+5% mage"), the amount with its sign and the balance
 * after it. Paginated with links in the address.
 */
export function GoldHistoryTable({ history, hrefFor }: { history: GoldHistory; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("character");
  const { locale, to } = useLocalePath();
  return (
    <section id="gold-history" className="card scroll-mt-24 p-6" aria-labelledby="gold-history-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="gold-history-heading" className="text-xl font-bold">
          {t("gold.heading")}
        </h2>
        {history.total ? (
          <p className="text-sm text-muted-foreground">
            {t("gold.total", { count: history.total, total: formatNumber(history.total, locale) })}
          </p>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t("gold.lead")}</p>
      {history.rows.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("gold.empty")}</p>
      ) : (
        <TableFrame label={t("gold.tableLabel")} plain className="mt-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("gold.heading")}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("gold.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("gold.reason")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  {t("gold.amount")}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t("gold.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {history.rows.map((row) => {
                const source = sourceText(row, t, locale);
                const amountClass = row.amount > 0 ? "text-positive" : row.amount < 0 ? "text-danger" : "text-muted-foreground";
                return (
                  <tr key={row.id} className="border-b border-border align-top last:border-0">
                    <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">
                      <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale, WHEN)}</time>
                    </td>
                    <td className="py-2 pr-3">
                      <span className="font-medium">{t(`gold.reasons.${row.reason}`)}</span>
                      {row.source.kind === "match" ? (
                        <a href={to(`/arena/matches/${row.source.matchId}`)} className="link block py-1">
                          {t("gold.sources.match")}
                        </a>
                      ) : source ? (
                        <span className="block break-words">{source}</span>
                      ) : null}
                      {row.base !== null ? (
                        <span className="block text-muted-foreground">{t("gold.base", { amount: row.base })}</span>
                      ) : null}
                      {row.steps.map((step, i) => (
                        <span key={i} className="block font-semibold text-primary">
                          {t("gold.perkStep", { percent: step.percent, class: t(`classes.${step.perk}.label`) })}
                        </span>
                      ))}
                      {row.note ? <span className="block text-muted-foreground">{t("gold.note", { note: row.note })}</span> : null}
                    </td>
                    <td className={`whitespace-nowrap py-2 pr-3 text-right font-semibold ${amountClass}`}>
                      {t("gold.amountValue", { amount: formatSigned(row.amount, locale) })}
                    </td>
                    <td className="whitespace-nowrap py-2 text-right text-muted-foreground">{formatNumber(row.balanceAfter, locale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className="mt-4">
        <Pagination page={history.page} pageCount={history.pageCount} hrefFor={hrefFor} label={t("gold.pagination")} />
      </div>
    </section>
  );
}
