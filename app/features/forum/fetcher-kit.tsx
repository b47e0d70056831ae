import { useSyncExternalStore, type ReactNode } from "react";
import type { FormFailure } from "#app/lib/form";
import { Spinner } from "#app/components/ui/spinner";

/** What the thread and profile actions answer a fetcher: done, or the refused form with its message. */
export type InteractionDone = { ok: true; intent: string; postId?: string };
export type InteractionResult = InteractionDone | FormFailure;

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Tells the action the form was sent by a fetcher (so it answers with data and the page stays where it is);
 * without JavaScript the field is absent and the action redirects back to the post instead.
 */
export function JsFlag() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}

/** The failure a result holds for one form (by intent and, for posts, by post id). */
export function failureOf(result: unknown, intents: readonly string[], postId?: string): FormFailure | undefined {
  if (!result || typeof result !== "object" || (result as { ok?: unknown }).ok !== false) return undefined;
  const f = result as FormFailure;
  if (!intents.includes(f.values.intent ?? "")) return undefined;
  if (postId !== undefined && f.values.postId !== postId) return undefined;
  return f;
}

/**
 * A submit button that stays focusable while its fetcher works (a disabled button would drop the keyboard
 * focus): it says it is busy, and a second press does nothing until the answer comes.
 */
export function PendingButton({
  pending,
  children,
  className = "btn btn-outline",
  name = "intent",
  value,
  pressed,
  describedBy,
  quiet = false,
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
  name?: string;
  value: string;
  pressed?: boolean;
  describedBy?: string;
  /** No spinner: for optimistic controls, whose new state already shows. */
  quiet?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      aria-describedby={describedBy}
      onClick={(e) => {
        if (pending) e.preventDefault();
      }}
    >
      {pending && !quiet ? <Spinner size={14} /> : null}
      {children}
    </button>
  );
}
