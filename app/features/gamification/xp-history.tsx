import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pagination } from "#app/features/forum/ui";
import type { Locale } from "#shared/locales";
import { formatDate } from "#app/i18n/format";
import { useLocalePath } from "#app/lib/use-locale";
import { formatNumber } from "./numbers";
import { describeLedgerRow, type LedgerRow } from "./ledger";
import { formatSigned } from "./numbers";
import { TableFrame } from "#app/components/ui/table";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * The XP history: one row per ledger entry with its date (UTC), what happened in words and the notes that
 * explain its amount, the thread or post it came from (a link while the viewer may open it), and the amount
 * with its sign. Paginated with links in the address (needs the `progress` and `forum` namespaces).
 */
export function XpHistory({
  rows,
  page,
  pageCount,
  total,
  locale,
  hrefFor,
  achievementName,
  achievementHref,
}: {
  rows: LedgerRow[];
  page: number;
  pageCount: number;
  total: number;
  locale: Locale;
  hrefFor: (page: number) => string;
  /** The name of an achievement by id (null when it was deleted since), and where it is shown. */
  achievementName: (id: string) => string | null;
  achievementHref?: (id: string) => string | null;
}) {
  const { t } = useTranslation("progress");
  return (
    <section id="xp-history" className="card scroll-mt-24 p-6" aria-labelledby="xp-history-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="xp-history-heading" className="text-xl font-bold">
          {t("history.heading")}
        </h2>
        {total ? (
          <p className="text-sm text-muted-foreground">{t("history.total", { count: total, total: formatNumber(total, locale) })}</p>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t("history.lead")}</p>
      {rows.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{t("history.empty")}</p>
      ) : (
        <TableFrame label={t("history.tableLabel")} plain className="mt-4">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("history.heading")}</caption>
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("history.date")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("history.reason")}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t("history.source")}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t("history.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = row.achievementId ? achievementName(row.achievementId) : null;
                const { reason, notes } = describeLedgerRow(row, t, name);
                const amountClass = row.amount > 0 ? "text-positive" : row.amount < 0 ? "text-danger" : "text-muted-foreground";
                return (
                  <tr key={row.id} className="border-b border-border align-top last:border-0">
                    <td className="whitespace-nowrap py-2 pr-3 text-muted-foreground">
                      <time dateTime={row.createdAt}>{formatDate(row.createdAt, locale, WHEN)}</time>
                    </td>
                    <td className="py-2 pr-3">
                      <span className="font-medium">{reason}</span>
                      {notes.map((note, i) => (
                        <span key={i} className="block text-muted-foreground">
                          {note}
                        </span>
                      ))}
                    </td>
                    <td className="py-2 pr-3">
                      <SourceCell row={row} name={name} achievementHref={achievementHref} />
                    </td>
                    <td className={`whitespace-nowrap py-2 text-right font-semibold ${amountClass}`}>
                      {t("ledger.amount", { amount: formatSigned(row.amount, locale) })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      <div className="mt-4">
        <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("history.pagination")} />
      </div>
    </section>
  );
}

function SourceCell({
  row,
  name,
  achievementHref,
}: {
  row: LedgerRow;
  name: string | null;
  achievementHref?: (id: string) => string | null;
}) {
  const { t } = useTranslation("progress");
  const { to } = useLocalePath();
  if (row.achievementId) {
    const href = name ? achievementHref?.(row.achievementId) : null;
    if (!name) return <span className="text-muted-foreground">{t("history.gone")}</span>;
    return href ? (
      <a href={href} className="link inline-block py-1">
        {name}
      </a>
    ) : (
      <span>{name}</span>
    );
  }
  if (row.sourceKind === "admin") return <span className="text-muted-foreground">{t("history.admin")}</span>;
  const s = row.source;
  if (!s) return <span className="text-muted-foreground">{t("history.gone")}</span>;
  const label =
    row.sourceKind === "thread" || !s.number || s.number === 1 ? s.title : t("history.post", { title: s.title, number: s.number });
  return s.path ? (
    <Link to={to(s.path)} className="link inline-block break-words py-1">
      {label}
    </Link>
  ) : (
    <span className="break-words">{label}</span>
  );
}
