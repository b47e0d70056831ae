import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { FormFailure } from "#app/lib/form";
import type { AdminActionResult } from "./ui";
import { postLinkPath } from "#shared/forum-paths";

/** A post's address on its thread (`?post=n` finds its page and anchor). */
export const postHref = postLinkPath;

/** The text of a bilingual row in the page's language. */
export const inLocale = (locale: "es" | "en", es: string, en: string) => (locale === "es" ? es || en : en || es);

/** The failed answer of an action, when it came from the form whose `field` holds `value`. */
export function failureFor(result: AdminActionResult | undefined, field: string, value: string): FormFailure | undefined {
  return result && !result.ok && result.values[field] === value ? result : undefined;
}

/**
 * Links that switch a list between views (report statuses, hidden threads or posts), kept in the URL so they
 * work without JavaScript; the current one is marked for screen readers.
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
