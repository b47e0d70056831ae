import type { Actor } from "#server/modules/accounts/actor";
import { defineArea } from "#server/modules/area";
import { NOTIFICATIONS_ERRORS } from "./errors";
import { NOTIFICATIONS_ACTIONS, can as canNotifications } from "./policy";
import { NOTIFICATION_TYPES, type NotificationsDeps } from "./deps";
import { registerNotificationListeners } from "./listeners";
import { listNotifications, unreadCount } from "./list-notifications";
import { markRead } from "./mark-read";
import { openNotification } from "./open-notification";
import { getPreferences, setPreferences } from "./preferences";

export type { NotificationsDeps, NotificationType } from "./deps";
export { NOTIFICATION_TYPES } from "./deps";
export type { NotificationView } from "./list-notifications";
export type { LiveNotificationDetail, LiveNotificationMessage } from "./live";
export type { NotificationPreferences } from "./preferences";
export { registerNotificationListeners } from "./listeners";
export { notify, type NewNotification } from "./notify";

/**
 * The notifications area's public entry (`services.notifications`). Creating it subscribes its listeners to
 * the forum's events on `deps.events`; `stop()` unsubscribes them. Every change of a person's unread count is
 * published on their realtime channel (`deps.realtime`, `user:<id>`) for their open pages.
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const stop = registerNotificationListeners(deps);
  return {
    list: (actor: Actor, input: unknown) => listNotifications(deps, actor, input),
    unreadCount: (actor: Actor) => unreadCount(deps, actor),
    markRead: (actor: Actor, input: unknown) => markRead(deps, actor, input),
    /** Marks one's notification read and returns it, to go on to its thread (`{ id }`). */
    open: (actor: Actor, input: unknown) => openNotification(deps, actor, input),
    getPreferences: (actor: Actor) => getPreferences(deps, actor),
    setPreferences: (actor: Actor, input: unknown) => setPreferences(deps, actor, input),
    /** The kinds of notification, in the order settings show them. */
    types: NOTIFICATION_TYPES,
    stop,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

declare module "#server/modules/area" {
  interface AreaServices {
    notifications: NotificationsService;
  }
}

/** Notifications: the bell, its settings and its live count, written by listeners of other areas' events. */
export const notificationsArea = defineArea({
  name: "notifications",
  service: (_deps, ctx) =>
    createNotificationsService({
      db: ctx.db,
      events: ctx.events,
      realtime: ctx.realtime,
      now: ctx.now,
      log: ctx.log.child({ area: "notifications" }),
    }),
  errors: NOTIFICATIONS_ERRORS,
  policy: { actions: NOTIFICATIONS_ACTIONS, can: canNotifications },
});
