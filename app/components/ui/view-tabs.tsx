import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

/**
 * Links that switch a list between views or filter it (report statuses, hidden threads or posts, a queue's
 * statuses), kept in the URL so they work without JavaScript; each sets its `params` (null removes one) on the
 * current address and goes back to the first page; the current one is marked for screen readers.
 */
export function ViewTabs({
  label,
  tabs,
}: {
  label: string;
  tabs: { key: string; label: ReactNode; params: Record<string, string | null>; current: boolean }[];
}) {
  const location = useLocation();
  const hrefFor = (params: Record<string, string | null>) => {
    const p = new URLSearchParams(location.search);
    p.delete("page");
    for (const [k, v] of Object.entries(params)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    const qs = p.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}`;
  };
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={hrefFor(tab.params)}
              aria-current={tab.current ? "page" : undefined}
              className={`btn min-h-9 px-3 py-1 text-sm ${tab.current ? "btn-primary" : "btn-outline"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
