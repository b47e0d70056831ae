import { useLocation } from "react-router";

/**
 * This page's address with some query parameters set or removed (null removes), keeping the others: the links
 * that open and close an admin tab's dialogs (`?edit=…`) without losing its filters and page.
 */
export function useHrefWith() {
  const location = useLocation();
  return (params: Record<string, string | null>, hash = "") => {
    const p = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(params)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    const qs = p.toString();
    return `${location.pathname}${qs ? `?${qs}` : ""}${hash}`;
  };
}
