import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { connectRealtime } from "#app/features/notifications/realtime-client";

/**
 * While the member waits in the queue, listens on their live channel: a match found or a wait that ran out
 * reloads the page's data (the loader tells the result) and is announced in a polite live region. Should
 * the message be missed, the page checks again a little after the wait's limit.
 */
export function useArenaLive(waiting: boolean, expiresAt: string | null) {
  const { t } = useTranslation("arena");
  const [announcement, setAnnouncement] = useState("");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => {
    if (!waiting) return;
    setAnnouncement("");
    const stop = connectRealtime({
      onMessage(event) {
        if (event.type === "arena.matched") setAnnouncement(translate.current("live.matched"));
        else if (event.type === "arena.failed") setAnnouncement(translate.current("live.failed"));
        else return;
        void revalidate.current();
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

  return announcement;
}
