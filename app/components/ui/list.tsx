import type { ReactNode } from "react";

/**
 * A list as rows separated by dividers (threads, members, notifications, search hits): Discourse's density, no
 * card around each row. `ordered` for ranks. Each child is an <li>; give rows `py-3` and a flex layout.
 */
export function RowList({
  ordered = false,
  className = "",
  label,
  children,
}: {
  ordered?: boolean;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const Tag = ordered ? "ol" : "ul";
  return (
    <Tag className={`row-list ${className}`} aria-label={label}>
      {children}
    </Tag>
  );
}
