import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Previous / next links and "page n of m" as plain links in the address (they work without JavaScript). */
export function SearchPagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("site");
  if (pageCount <= 1 && page <= 1) return null;
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav aria-label={t("search.pagination.label")} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link className="btn btn-outline" to={hrefFor(previous)} rel="prev">
          {t("search.pagination.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted-foreground">{t("search.pagination.status", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link className="btn btn-outline" to={hrefFor(page + 1)} rel="next">
          {t("search.pagination.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
