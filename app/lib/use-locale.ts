import { useRouteLoaderData } from "react-router";
import { localizedPath, type Locale } from "#shared/locales";
import type { loader as rootLoader } from "#app/root";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root") as RootData | undefined;
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
