import type { Actor } from "../accounts/actor";
import type { NotificationsDeps } from "./deps";
import { registerNotificationListeners } from "./listeners";
import { listNotifications, unreadCount } from "./list-notifications";
import { markRead } from "./mark-read";
import { getPreferences, setPreferences } from "./preferences";

export type { NotificationsDeps, NotificationType } from "./deps";
export { NOTIFICATION_TYPES } from "./deps";
export type { NotificationView } from "./list-notifications";
export { registerNotificationListeners } from "./listeners";

/**
 * The notifications area's public entry (`services.notifications`). Creating it subscribes its listeners to
 * the forum's events on `deps.events`; `stop()` unsubscribes them. Live delivery is the realtime area's.
 */
export function createNotificationsModule(deps: NotificationsDeps) {
  const stop = registerNotificationListeners(deps);
  return {
    list: (actor: Actor, input: unknown) => listNotifications(deps, actor, input),
    unreadCount: (actor: Actor) => unreadCount(deps, actor),
    markRead: (actor: Actor, input: unknown) => markRead(deps, actor, input),
    getPreferences: (actor: Actor) => getPreferences(deps, actor),
    setPreferences: (actor: Actor, input: unknown) => setPreferences(deps, actor, input),
    stop,
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
