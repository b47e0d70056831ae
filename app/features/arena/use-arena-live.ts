import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { connectRealtime } from "#app/features/notifications/realtime-client";

/**
 * While the member waits in the queue, listens on their live channel: a match found or a wait that ran out
 * reloads the page's data, and the queue's live region (role status) then reads the new state out. Should the
 * message be missed, the page checks again a little after the wait's limit.
 */
export function useArenaLive(waiting: boolean, expiresAt: string | null) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!waiting) return;
    const stop = connectRealtime({
      onMessage(event) {
        if (event.type === "arena.matched" || event.type === "arena.failed") void revalidate.current();
      },
      onReconnect: () => void revalidate.current(),
    });
    const late = expiresAt ? Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 6000 : null;
    const timer = late === null ? undefined : setTimeout(() => void revalidate.current(), late);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [waiting, expiresAt]);
}
