import type { ReactNode } from "react";

/**
 * A data table (admin lists, rankings, logs): a caption that names it, header cells with `scope`, rows with
 * dividers, and sideways scrolling inside its frame on a narrow screen (the page itself never scrolls
 * sideways). Write <thead>/<tbody> inside; sortable columns are links in the header cells (`SortHeader`).
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
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div className={`table-wrap ${className}`} tabIndex={0} role="region" aria-label={caption}>
      <table className="table">
        <caption className={captionHidden ? "sr-only" : undefined}>{caption}</caption>
        {children}
      </table>
    </div>
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
