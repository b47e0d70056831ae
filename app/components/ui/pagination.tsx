import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * Previous / next links and "page n of m" as plain links in the address (they work without JavaScript and
 * can be shared). `hrefFor` builds a page's address, keeping the list's search and filters.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label,
  className = "",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1 && page <= 1) return null;
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav aria-label={label ?? t("ui.pagination.label")} className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      {page > 1 ? (
        <Link className="btn btn-outline" to={hrefFor(previous)} rel="prev">
          {t("ui.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{t("ui.pagination.status", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link className="btn btn-outline" to={hrefFor(page + 1)} rel="next">
          {t("ui.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
