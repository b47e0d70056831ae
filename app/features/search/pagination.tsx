import { useTranslation } from "react-i18next";
import { Pagination } from "#app/components/ui/pagination";

/** The search results' pages: the kit's pagination, named for the results. */
export function SearchPagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation("site");
  return <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("search.pagination.label")} />;
}
