import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Spinner } from "#app/components/ui/spinner";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useLocalePath } from "#app/lib/use-locale";
import type { loader as notificationsLoader } from "#app/routes/notifications";
import { notificationSentence, openPath } from "./describe";
import { NotificationPictureView } from "./picture";

/** How many of the latest notifications the bell's menu lists. */
export const MENU_SIZE = 8;

/**
 * The bell menu's content: loaded with its pictures and sentences when the menu first opens, so every page's
 * initial script carries only the bell itself.
 */
type Items = NonNullable<ReturnType<typeof useFetcher<typeof notificationsLoader>>["data"]>["items"];

export default function MenuBody({ items, unread, reload }: { items: Items | undefined; unread: number; reload: () => void }) {
  const { t } = useTranslation(["notifications", "badges"]);
  const { to, locale } = useLocalePath();
  const headingId = useId();
  const markAll = useFetcher();
  const marked = markAll.state === "idle" && markAll.data !== undefined;

  useEffect(() => {
    if (marked) reload();
  }, [marked]); // eslint-disable-line react-hooks/exhaustive-deps

  const latest = items?.slice(0, MENU_SIZE);
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2 px-2 pt-1">
        <h2 id={headingId} className="text-sm font-bold">
          {t("menu.label")}
        </h2>
        {unread > 0 ? (
          <markAll.Form method="post" action={to("/notifications")}>
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="link text-sm" disabled={markAll.state !== "idle"}>
              {t("markAllRead")}
            </button>
          </markAll.Form>
        ) : null}
      </div>
      {!latest ? (
        <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground" role="status">
          <Spinner size={16} />
          {t("menu.loading")}
        </p>
      ) : latest.length === 0 ? (
        <p className="px-2 py-3 text-sm text-muted-foreground">{t("menu.empty")}</p>
      ) : (
        <ul aria-labelledby={headingId} className="max-h-96 divide-y divide-border overflow-y-auto">
          {latest.map((n) => (
            <li key={n.id}>
              <Link to={to(openPath(n.id))} className="block rounded-md px-2 py-2 text-sm no-underline hover:bg-muted">
                <span className="flex items-start gap-2">
                  {n.readAt ? (
                    <span aria-hidden="true" className="mt-1.5 inline-block size-2 shrink-0" />
                  ) : (
                    <span className="mt-1.5 inline-block size-2 shrink-0 rounded-full bg-primary">
                      <span className="sr-only">{t("unreadBadge")}: </span>
                    </span>
                  )}
                  <NotificationPictureView n={n} size={28} />
                  <span className="min-w-0">
                    <span className={`block ${n.readAt ? "text-muted-foreground" : "font-semibold text-foreground"}`}>
                      {notificationSentence(t, n, locale)}
                    </span>
                    <RelativeTime date={n.createdAt} locale={locale} className="block text-xs text-muted-foreground" />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="border-t border-border px-2 pt-2">
        <Link to={to("/notifications")} className="link text-sm font-semibold">
          {t("menu.seeAll")}
        </Link>
      </p>
    </div>
  );
}
