import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";

/**
 * Previous / next links and "page n of m" as plain links in the address (they work without JavaScript and
 * can be shared). `hrefFor` builds a page's address; without it the current address is kept, its search and
 * filters included, with the page in `?page=` (or `param`, when a page holds two lists). With `total` the
 * list's count goes with it, shown even when there is one page only.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  param = "page",
  total,
  label,
  className = "",
}: {
  page: number;
  pageCount: number;
  hrefFor?: (page: number) => string;
  param?: string;
  total?: number;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const totalText = total === undefined ? null : t("ui.pagination.total", { count: total });
  if (pageCount <= 1 && page <= 1) return totalText ? <p className={`text-sm text-muted-foreground ${className}`}>{totalText}</p> : null;
  const href =
    hrefFor ??
    ((p: number) => {
      const params = new URLSearchParams(location.search);
      if (p <= 1) params.delete(param);
      else params.set(param, String(p));
      const qs = params.toString();
      return `${location.pathname}${qs ? `?${qs}` : ""}`;
    });
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav aria-label={label ?? t("ui.pagination.label")} className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      {page > 1 ? (
        <Link className="btn btn-outline" to={href(previous)} rel="prev">
          {t("ui.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">
        {t("ui.pagination.status", { page, pageCount })}
        {totalText ? ` · ${totalText}` : null}
      </span>
      {page < pageCount ? (
        <Link className="btn btn-outline" to={href(page + 1)} rel="next">
          {t("ui.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
