import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useNavigation } from "react-router";
import type { UsernameAvailability } from "#server/modules/accounts/check-username-availability";

/** The availability check waits for a pause in typing. */
export const USERNAME_CHECK_DELAY_MS = 400;

/**
 * Whether a typed username can be had, asked of a page loader (`<path>?checkUsername=…`, answering
 * `{ availability }`) after a pause in typing. Used by the profile tab and the registration form. Nothing is
 * said until the person types (and never without JavaScript); `current` is the person's own name, which
 * needs no check, and `refused` the name the server just refused (its field already says why).
 */
export function useUsernameCheck(
  typed: string,
  opts: { checkUrl: (name: string) => string; current?: string; refused?: string; edited: boolean },
) {
  const fetcher = useFetcher<{ availability: UsernameAvailability | null }>();
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  // Only a change of the typed name starts a check (the fetcher's function and the address are read
  // through a ref, so a re-render never starts another one).
  const loadRef = useRef({ load: fetcher.load, checkUrl: opts.checkUrl });
  loadRef.current = { load: fetcher.load, checkUrl: opts.checkUrl };
  const { current, refused, edited } = opts;
  // No check starts while the form is being sent: the page may be left at any moment.
  const sending = useNavigation().state !== "idle";
  const silent = !edited || !typed || typed === current || typed === refused?.trim() || sending;
  useEffect(() => {
    if (silent) return;
    const id = setTimeout(() => {
      const { load, checkUrl } = loadRef.current;
      setCheckedFor(typed);
      void load(checkUrl(typed));
    }, USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(id);
  }, [typed, silent]);
  const checked = fetcher.data?.availability;
  if (silent) return null;
  if (fetcher.state !== "idle" || checkedFor !== typed) return { state: "checking" } as const;
  if (!checked) return null;
  return checked.available ? ({ state: "available" } as const) : ({ state: "refused", problem: checked.problem } as const);
}

/** The check's answer under the username field, read out by screen readers as it changes. */
export function UsernameStatus({
  status,
  labels,
}: {
  status: ReturnType<typeof useUsernameCheck>;
  labels: { checking: string; available: string };
}) {
  const { t } = useTranslation();
  const shown =
    status?.state === "checking"
      ? { text: labels.checking, tone: "text-muted-foreground" }
      : status?.state === "available"
        ? { text: labels.available, tone: "text-positive" }
        : status?.state === "refused" && status.problem
          ? { text: t(`errors:${status.problem}`), tone: "text-danger" }
          : null;
  return (
    <p aria-live="polite" className={`min-h-5 text-sm font-medium ${shown?.tone ?? ""}`}>
      {shown?.text}
    </p>
  );
}
