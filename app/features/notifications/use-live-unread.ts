import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { connectRealtime } from "./realtime-client";

/**
 * The bell's unread count, kept live while the page is open: it starts from the root loader's count (and
 * follows it when the loaders run again), and changes when /api/realtime says so. A new notification is also
 * put into `announcement`, for a polite live region. Only signed-in people open a socket.
 */
export function useLiveUnread(signedIn: boolean, fromLoader: number) {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(fromLoader);
  const [announcement, setAnnouncement] = useState("");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const translate = useRef(t);
  translate.current = t;

  useEffect(() => setUnread(fromLoader), [fromLoader]);

  useEffect(() => {
    if (!signedIn) return;
    return connectRealtime({
      onMessage(event) {
        if (typeof event.unread !== "number") return;
        setUnread(event.unread);
        if (event.type === "notification") setAnnouncement(translate.current("notifications.live", { count: event.unread }));
      },
      // Counts may have changed while the socket was down: the loaders tell.
      onReconnect: () => void revalidate.current(),
    });
  }, [signedIn]);

  return { unread, announcement };
}
