import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "#app/components/ui/empty-state";
import { Icon } from "#app/components/ui/icon";
import { Pagination } from "#app/components/ui/pagination";

/**
 * A public list of objects (featured games, campaigns): the heading and its lead, the GET filters, the count,
 * a grid of cards, the empty state and the pages. The words are the page namespace's `list.*` keys (title,
 * lead, count, pagination, noMatches, empty, filters.clear), so every list page reads alike.
 */
export function ListPage<T extends { id: string }>({
  ns,
  keyPrefix,
  intro,
  filters,
  items,
  total,
  filtered,
  clearHref,
  emptyAction,
  page,
  pageCount,
  hrefFor,
  children,
}: {
  /** The page's namespace, where its `list.*` words are. */
  ns: string;
  /** Where the `list.*` words are inside the namespace when it holds several lists (`videos` → `videos.list.*`). */
  keyPrefix?: string;
  /** What follows the lead in the heading (links for the reader), if anything. */
  intro?: ReactNode;
  /** The filter form. */
  filters: ReactNode;
  items: T[];
  total: number;
  /** Whether a filter is chosen: nothing found then says so, with a link that clears them (`clearHref`). */
  filtered: boolean;
  clearHref: string;
  /** What fills the list when there is nothing at all yet. */
  emptyAction: ReactNode;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  /** One item's card. */
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation(ns, keyPrefix ? { keyPrefix } : undefined);
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-black sm:text-4xl">{t("list.title")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("list.lead")}</p>
        {intro}
      </header>

      {filters}

      {items.length === 0 ? (
        filtered ? (
          <EmptyState
            title={t("list.noMatches.title")}
            action={
              <Link to={clearHref} className="btn btn-outline">
                {t("list.filters.clear")}
              </Link>
            }
          >
            {t("list.noMatches.text")}
          </EmptyState>
        ) : (
          <EmptyState title={t("list.empty.title")} icon={<Icon name="gamepad-2" size={32} />} action={emptyAction}>
            {t("list.empty.text")}
          </EmptyState>
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("list.count", { count: total })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} className="flex">
                <div className="w-full">{children(item)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("list.pagination")} />
    </div>
  );
}
