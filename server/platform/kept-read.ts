import { VISIBLE_CHANGE_EVENTS, type EventBus } from "./events";

/**
 * A read that is the same for every visitor (the side panel, the home page's highlights) kept for `ttlMs` per
 * process, shared by the requests that arrive meanwhile, and read again at once after an event that changes
 * what visitors see or a change of settings. Another instance's changes show within `ttlMs`; with
 * 0 it reads every time.
 */
export function keptRead<T>(
  load: () => Promise<T>,
  opts: { ttlMs: number; events?: EventBus; settings?: { onChange(listener: () => void): void }; now?: () => number },
): () => Promise<T> {
  const now = opts.now ?? Date.now;
  let kept: { data: Promise<T>; until: number } | null = null;
  const drop = () => {
    kept = null;
  };
  for (const name of VISIBLE_CHANGE_EVENTS) opts.events?.subscribe(name, drop);
  opts.settings?.onChange(drop);
  return () => {
    if (kept && now() < kept.until) return kept.data;
    const data = load();
    const entry = { data, until: now() + opts.ttlMs };
    kept = entry;
    // A failed read is not kept: the next request tries again.
    data.catch(() => {
      if (kept === entry) kept = null;
    });
    return data;
  };
}
