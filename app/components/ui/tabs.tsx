import { NavLink } from "react-router";

export type TabItem = { to: string; label: string; end?: boolean };

/**
 * Tabs between pages (account, admin areas, leaderboard periods): links in a bar that scrolls sideways on a
 * phone instead of wrapping into rows; the current one has aria-current="page". Each tab is 44 px tall.
 */
export function TabNav({ label, items, className = "" }: { label: string; items: TabItem[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="tabs">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink to={item.to} end={item.end ?? true} className="tab" prefetch="intent">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
