import { Bell } from "lucide-react";
import { Suspense, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { Spinner } from "#app/components/ui/form-field";
import { RelativeTime } from "#app/components/ui/relative-time";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { useLocalePath } from "#app/lib/use-locale";
import type { loader as notificationsLoader } from "#app/routes/notifications";
import { notificationSentence, openPath } from "./describe";
import { NotificationPictureView } from "./picture";
import { useHydrated } from "./use-hydrated";
import { useLiveUnread } from "./use-live-unread";

/** How many of the latest notifications the bell's menu lists. */
export const MENU_SIZE = 8;

/**
 * The header's bell for signed-in people. Before JavaScript it is a link to /notifications whose name says
 * how many are unread; once hydrated it opens a menu (a native <details>, like the other header menus:
 * Escape closes it and gives focus back) with the latest notifications and "mark all as read". The count
 * stays live through /api/realtime, and a new notification is announced politely.
 */
export function NotificationBell({ unread: fromLoader }: { unread: number }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const hydrated = useHydrated();
  const { unread, announcement } = useLiveUnread(true, fromLoader);
  const label = t("notifications.unread", { count: unread });
  const icon = (
    <>
      <Bell aria-hidden="true" size={20} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="bell-count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-xs font-bold leading-5 text-primary-foreground"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
  return (
    <>
      {hydrated ? (
        <BellMenu label={label} icon={icon} unread={unread} />
      ) : (
        <Link to={to("/notifications")} className="btn btn-ghost relative px-2" aria-label={label}>
          {icon}
        </Link>
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function BellMenu({ label, icon, unread }: { label: string; icon: React.ReactNode; unread: number }) {
  const ref = useDisclosureMenu();
  const { to } = useLocalePath();
  const list = useFetcher<typeof notificationsLoader>();
  const load = list.load;
  const path = to("/notifications");

  // The list is read when the menu opens, and again when the count changes while it is open.
  useEffect(() => {
    if (ref.current?.open) void load(path);
  }, [unread, load, path, ref]);

  return (
    <details ref={ref} className="relative" onToggle={(e) => e.currentTarget.open && void load(path)}>
      <summary className="btn btn-ghost relative list-none px-2" aria-label={label}>
        {icon}
      </summary>
      <div className="card fixed inset-x-2 top-16 z-40 p-2 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80">
        <Suspense fallback={<Spinner size={20} />}>
          <MenuBody items={list.data?.items} unread={unread} reload={() => void load(path)} />
        </Suspense>
      </div>
    </details>
  );
}

type Items = NonNullable<ReturnType<typeof useFetcher<typeof notificationsLoader>>["data"]>["items"];

function MenuBody({ items, unread, reload }: { items: Items | undefined; unread: number; reload: () => void }) {
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
