import type { ReactNode } from "react";

/**
 * What a list or page says when it has nothing yet: a title, a sentence on why, and the action that fills it
 * (a dashed frame, not a card). A section of a page that has nothing to show is not rendered at all instead.
 */
export function EmptyState({
  title,
  children,
  action,
  icon,
  className = "",
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`empty-state ${className}`}>
      {icon ? <div className="mb-3 flex justify-center text-primary">{icon}</div> : null}
      {title ? <p className="font-semibold text-foreground">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </div>
  );
}
