import { Icon } from "#app/components/ui/icon";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { HEADER_ICON_BUTTON } from "#app/components/layout/nav";
import { Spinner } from "#app/components/ui/spinner";
import { useDisclosureMenu } from "#app/components/ui/use-disclosure-menu";
import { useLocalePath } from "#app/lib/use-locale";
import type { loader as notificationsLoader } from "#app/routes/notifications";
import { useHydrated } from "./use-hydrated";
import { useLiveUnread } from "./use-live-unread";

const MenuBody = lazy(() => import("./bell-menu-body"));

/**
 * The header's bell for signed-in people. Before JavaScript it is a link to /notifications whose name says
 * how many are unread; once hydrated it opens a menu (a native <details>, like the other header menus:
 * Escape closes it and gives focus back) with the latest notifications and "mark all as read". The count
 * stays live through /api/realtime, and a new notification is announced politely. A company the team has not
 * verified yet (`held`) may open no other page than its verification page, which lists its unread notices: there
 * the bell is a link to that list.
 */
export function NotificationBell({ unread: fromLoader, held = false }: { unread: number; held?: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocalePath();
  const hydrated = useHydrated();
  const { unread, announcement } = useLiveUnread(true, fromLoader);
  const label = t("notifications.unread", { count: unread });
  const icon = (
    <>
      <Icon name="bell" size={20} />
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
      {hydrated && !held ? (
        <BellMenu label={label} icon={icon} unread={unread} />
      ) : (
        <Link to={to(held ? "/company/verification#notices-heading" : "/notifications")} className={HEADER_ICON_BUTTON} aria-label={label}>
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
      <summary className={HEADER_ICON_BUTTON} aria-label={label}>
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
