/**
 * The server render's `react-i18next`: everything as the package has it, but `useTranslation`, which
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

/**
 * Answers are kept per fixed `t`: for a bare key, and for options whose values are all strings, numbers or
 * booleans (counts, names, numbers: most calls), keyed by the key and those values. The instance never changes,
 * so the same question always has the same answer. Names and counts are many but a page repeats them; the map
 * starts again when it reaches its cap, so it never grows without bound.
 */
const MAX_ANSWERS = 20_000;
const byInstance = new WeakMap<I18n, Map<string, Translation>>();

function answerKey(key: string, options: unknown): string | null {
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  let id = key;
  for (const name in options) {
    const value = (options as Record<string, unknown>)[name];
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
    id += `\u0000${name}\u0001${type[0]}${value as string}`;
  }
  return id;
}

function cachedT(i18n: I18n, ns: string | readonly string[] | undefined, keyPrefix: string | undefined): TFunction {
  const fixed = i18n.getFixedT(i18n.language, (ns ?? null) as string | null, keyPrefix);
  const base = fixed as unknown as (...args: unknown[]) => unknown;
  let answers = new Map<string, unknown>();
  const t = ((key: unknown, ...rest: unknown[]) => {
    const id = typeof key === "string" && rest.length <= 1 ? answerKey(key, rest[0]) : null;
    if (id === null) return base(key, ...rest);
    const hit = answers.get(id);
    if (hit !== undefined) return hit;
    const value = base(key, ...rest);
    if (typeof value === "string") {
      if (answers.size >= MAX_ANSWERS) answers = new Map();
      answers.set(id, value);
    }
    return value;
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
