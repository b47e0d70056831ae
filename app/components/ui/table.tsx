import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icon";

/**
 * The frame every wide table scrolls in on a narrow screen (the page itself never scrolls sideways). Phones
 * hide scrollbars, so it says so plainly: a shadow on the edge where columns are hidden (drawn by the
 * frame's background, so only when there is something to scroll to) and, at its top, a line "scroll
 * sideways to see every column" shown only while the table is wider than its frame (a scroll-state container
 * query; browsers without one show it below sm). Focusable, so the keyboard scrolls it too. `DataTable` uses
 * it; a table with its own look (XP history, the ranking's ledger) goes inside it directly.
 */
export function TableFrame({
  label,
  plain = false,
  children,
  className = "",
}: {
  label: string;
  /** Inside a card already: no border of its own (never a card inside a card). */
  plain?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div
      className={["table-wrap", plain ? "table-wrap-plain" : "", className].filter(Boolean).join(" ")}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <p className="table-hint" aria-hidden="true">
        <Icon name="arrow-right-left" size={16} />
        {t("ui.table.scrollHint")}
      </p>
      {children}
    </div>
  );
}

/**
 * A data table (admin lists, rankings, logs): a caption that names it, header cells with `scope`, rows with
 * dividers, in a `TableFrame` that scrolls sideways on a narrow screen. Write <thead>/<tbody> inside;
 * sortable columns are links in the header cells (`SortHeader`).
 */
export function DataTable({
  caption,
  captionHidden = false,
  children,
  className = "",
}: {
  caption: string;
  captionHidden?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <TableFrame label={caption} className={className}>
      <table className="table">
        <caption className={captionHidden ? "sr-only" : undefined}>{caption}</caption>
        {children}
      </table>
    </TableFrame>
  );
}

/** A header cell whose column can be sorted by a link (works without JavaScript): aria-sort says the order. */
export function SortHeader({ children, href, sort }: { children: ReactNode; href: string; sort?: "ascending" | "descending" }) {
  return (
    <th scope="col" aria-sort={sort}>
      <a href={href} className="inline-flex min-h-6 items-center gap-1 hover:text-foreground">
        {children}
        {sort ? <span aria-hidden="true">{sort === "ascending" ? "▲" : "▼"}</span> : null}
      </a>
    </th>
  );
}
