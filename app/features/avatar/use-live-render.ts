import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { connectRealtime } from "#app/features/notifications/realtime-client";

export type LiveRender = "rendered" | "failed" | null;

/**
 * Keeps the avatar page current while it is open: when the server says a render of this person finished
 * (`avatar.rendered`) or failed (`avatar.failed`) on their realtime channel, the page's data is read again, so
 * the new picture (or the failure) shows without a reload. Answers the last such news, for a polite live
 * region. Only while `watching`; a socket dropped meanwhile reads the page again too.
 */
export function useLiveRender(watching: boolean): LiveRender {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [news, setNews] = useState<LiveRender>(null);
  useEffect(() => {
    if (!watching) return;
    return connectRealtime({
      onMessage(event) {
        if (event.type !== "avatar.rendered" && event.type !== "avatar.failed") return;
        setNews(event.type === "avatar.rendered" ? "rendered" : "failed");
        void revalidate.current();
      },
      onReconnect: () => void revalidate.current(),
    });
  }, [watching]);
  return news;
}
