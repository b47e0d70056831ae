import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

export type ToastVariant = "default" | "destructive" | "success";
export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * News told once (a new level): a later toast with the same key is dropped, wherever it comes from (the
   * live channel and the reply that caused it), and a toast that replaces it puts it back first in line.
   */
  once?: string;
};
type ToastItem = ToastInput & { id: number };

/** SPEC §9: one toast at a time, auto-dismiss after 5000 ms, swipe past 50 px, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = "F8";

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Toasts waiting for the one on screen to go (`queueToast`). */
const waiting: ToastInput[] = [];
/** The `once` keys of this page's life already shown or waiting. */
const told = new Set<string>();
/** Whether a toast is news told already (and notes it as told). */
const toldBefore = (input: ToastInput) => {
  if (!input.once) return false;
  if (told.has(input.once)) return true;
  told.add(input.once);
  return false;
};

/** Shows a toast, replacing the one on screen; returns its id (for `dismissToast`), or 0 for news told before. */
export function toast(input: ToastInput): number {
  if (toldBefore(input)) return 0;
  // News told once is not lost to a toast that comes after it: it is shown again next.
  if (current?.once) {
    const { id: _, ...replaced } = current;
    waiting.unshift(replaced);
  }
  current = { ...input, id: nextId++ };
  emit();
  return current.id;
}

/** Takes a toast away if it is still on screen (a later event made it wrong, such as a success after an error). */
export function dismissToast(id: number) {
  dismiss(id);
}

/**
 * Shows a toast after the one on screen has gone (still one at a time): news that arrive together, such as an
 * achievement and the level its reward XP reached, are each read in turn instead of replacing each other.
 */
export function queueToast(input: ToastInput) {
  if (!current) toast(input);
  else if (!toldBefore(input)) waiting.push(input);
}

/** The toast on screen and the ones waiting, in order (what a test can look at without a DOM). */
export function toastLine(): ToastInput[] {
  return current ? [current, ...waiting] : [...waiting];
}

function dismiss(id: number) {
  if (current?.id === id) {
    const next = waiting.shift();
    current = next ? { ...next, id: nextId++ } : null;
    emit();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The toast region. Two live regions exist from the first render so screen readers announce what is put in
 * them: polite for default and success, assertive (role=alert) for destructive toasts.
 */
export function Toaster() {
  const { t } = useTranslation();
  const item = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const card = item ? <ToastCard key={item.id} item={item} closeLabel={t("toast.close")} /> : null;
  return (
    <section ref={region} tabIndex={-1} aria-label={t("toast.region", { hotkey: TOAST_HOTKEY })} className="toast-viewport">
      <div role="status" aria-live="polite" aria-atomic="true">
        {item?.variant !== "destructive" ? card : null}
      </div>
      <div role="alert" aria-atomic="true">
        {item?.variant === "destructive" ? card : null}
      </div>
    </section>
  );
}

function ToastCard({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  // The timer restarts after a pause (hover or keyboard focus), so a toast being read does not vanish.
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, paused]);

  const variantClass = item.variant === "destructive" ? "toast-destructive" : item.variant === "success" ? "toast-success" : "";
  return (
    <div
      className={`toast ${variantClass}`}
      data-variant={item.variant ?? "default"}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
      }}
      onPointerUp={(e) => {
        if (start.current !== null && e.clientX - start.current > TOAST_SWIPE_THRESHOLD) dismiss(item.id);
        start.current = null;
        setOffset(0);
      }}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
    >
      <div className="flex-1">
        <p className="font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm">{item.description}</p> : null}
      </div>
      <button type="button" className="toast-close" aria-label={closeLabel} onClick={() => dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
