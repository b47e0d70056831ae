import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { queueToast } from "#app/components/ui/toast";
import { gamificationToast, TOAST_NAMESPACES } from "#app/features/gamification/live-toast";
import { useLocalePath } from "#app/lib/use-locale";
import { connectRealtime, type RealtimeEvent } from "./realtime-client";

/**
 * The bell's unread count, kept live while the page is open: it starts from the root loader's count (and
 * follows it when the loaders run again), and changes when /api/realtime says so. A new notification is also
 * put into `announcement`, for a polite live region. A new level or achievement is also shown in a toast
 * (one at a time, each in turn). Only signed-in people open a socket.
 */
export function useLiveUnread(signedIn: boolean, fromLoader: number) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocalePath();
  const [unread, setUnread] = useState(fromLoader);
  const [announcement, setAnnouncement] = useState("");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const translate = useRef(t);
  translate.current = t;
  const showToast = useRef((_event: RealtimeEvent) => {});
  // The toast's words may live in namespaces this page did not bring: they are loaded first.
  showToast.current = (event) => {
    if (!event.kind) return;
    void i18n.loadNamespaces(TOAST_NAMESPACES).then(() => {
      const input = gamificationToast(i18n.getFixedT(locale), locale, event);
      if (input) queueToast(input);
    });
  };

  useEffect(() => setUnread(fromLoader), [fromLoader]);

  useEffect(() => {
    if (!signedIn) return;
    return connectRealtime({
      onMessage(event) {
        if (typeof event.unread !== "number") return;
        setUnread(event.unread);
        if (event.type === "notification") {
          setAnnouncement(translate.current("notifications.live", { count: event.unread }));
          showToast.current(event);
        }
      },
      // Counts may have changed while the socket was down: the loaders tell.
      onReconnect: () => void revalidate.current(),
    });
  }, [signedIn]);

  return { unread, announcement };
}
