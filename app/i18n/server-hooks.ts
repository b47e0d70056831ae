/**
 * The server render's `react-i18next` (issue 13): everything as the package has it, but `useTranslation`, which
 * the page calls a few hundred times per render, answers from a cache. On the server an i18next instance serves
 * one language for its whole life (app/i18n/server.ts) and never loads anything, so the hook's subscriptions,
 * wrappers and memos buy nothing there. The browser keeps the package's own hook (it loads namespaces as pages
 * need them). Wired by the Vite plugin in scripts/server-render-shortcuts.ts, for the server build only.
 */
import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { i18n as I18n, TFunction } from "i18next";

export * from "react-i18next";

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

/** Keys and plain strings are finite, but a cap keeps a key built from input from growing the cache for ever. */
const MAX_PLAIN = 20_000;
const byInstance = new WeakMap<I18n, Map<string, Translation>>();

/** A fixed `t` whose answers to a bare key (no options: most calls) are kept; anything else goes to i18next. */
function cachedT(i18n: I18n, ns: string | readonly string[] | undefined, keyPrefix: string | undefined): TFunction {
  const fixed = i18n.getFixedT(i18n.language, (ns ?? null) as string | null, keyPrefix);
  const base = fixed as unknown as (...args: unknown[]) => unknown;
  const plain = new Map<string, string>();
  const t = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length === 0 && typeof key === "string") {
      const hit = plain.get(key);
      if (hit !== undefined) return hit;
      const value = base(key) as unknown;
      if (typeof value === "string" && plain.size < MAX_PLAIN) plain.set(key, value);
      return value;
    }
    return base(key, ...rest);
  }) as unknown as TFunction;
  return t;
}

export function useTranslation(ns?: string | readonly string[], options?: { keyPrefix?: string }): Translation {
  const { i18n } = useContext(I18nContext);
  let cache = byInstance.get(i18n);
  if (!cache) byInstance.set(i18n, (cache = new Map()));
  const id = `${Array.isArray(ns) ? ns.join(",") : (ns ?? "")}|${options?.keyPrefix ?? ""}`;
  let hit = cache.get(id);
  if (!hit) {
    const t = cachedT(i18n, ns, options?.keyPrefix);
    hit = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    cache.set(id, hit);
  }
  return hit;
}
