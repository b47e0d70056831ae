import { useRouteLoaderData } from "react-router";
import { localizedPath, type Locale } from "#shared/locales";
import type { loader as rootLoader } from "#app/root";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** In the browser, the last root data a page had (never on the server: it is one person's). */
let lastInBrowser: RootData | undefined;

/**
 * The root loader's data. In the browser, a client-side navigation whose data request failed as a whole (the
 * load shedder refused it) leaves the root without data: the page keeps the last it had, so the error shows
 * inside the site's frame and in the page's language instead of a bare English page.
 */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<typeof rootLoader>("root") as RootData | undefined;
  if (typeof document === "undefined") return data;
  if (data) lastInBrowser = data;
  return data ?? lastInBrowser;
}

/** Links keep the language prefix the page was reached with (/es/… stays /es/…; unprefixed stays unprefixed). */
export function useLocalePath() {
  const data = useRootData();
  const prefix = data?.localePrefix ?? "";
  const locale: Locale = data?.locale ?? "en";
  return {
    locale,
    prefix,
    to: (path: string) => (prefix ? localizedPath(path, prefix.slice(1) as Locale) : path),
  };
}
