import * as RadixToast from "@radix-ui/react-toast";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

export type ToastVariant = "default" | "destructive" | "success";
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
type ToastItem = ToastInput & { id: number };

/** SPEC §9: one toast at a time, auto-dismiss after 5000 ms, swipe past 50 px, F8 focuses the region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ["F8"];

let current: ToastItem | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput) {
  current = { ...input, id: nextId++ };
  emit();
}

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster() {
  const { t } = useTranslation();
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t("toast.region", { hotkey: "F8" })}>
      {item ? (
        <RadixToast.Root
          key={item.id}
          className={`toast ${item.variant === "destructive" ? "toast-destructive" : item.variant === "success" ? "toast-success" : ""}`}
          type={item.variant === "destructive" ? "foreground" : "background"}
          data-variant={item.variant ?? "default"}
          onOpenChange={(open) => !open && dismiss(item.id)}
        >
          <div className="flex-1">
            <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
            {item.description ? <RadixToast.Description className="text-sm">{item.description}</RadixToast.Description> : null}
          </div>
          <RadixToast.Close className="toast-close" aria-label={t("toast.close")}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport hotkey={TOAST_HOTKEY} className="toast-viewport" label={t("toast.region", { hotkey: "F8" })} />
    </RadixToast.Provider>
  );
}
