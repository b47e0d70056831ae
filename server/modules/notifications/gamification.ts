import type { DomainEvents } from "#server/platform/events";
import type { NotificationsDeps } from "./deps";
import { notify } from "./notify";

/** The names an admin typed, when there are any (the default achievements are named by their key). */
const typedNames = (e: DomainEvents["achievement.unlocked"]) => (e.names && (e.names.es || e.names.en) ? { names: e.names } : {});

/**
 * Notifications from gamification's events: `level_up` (data: the level reached and the stat
 * points granted) and `achievement_unlocked` (data: the achievement's key, name key or typed names, rarity and reward XP).
 * Nobody acted on the person (actorId null). Returns the unsubscribe functions.
 */
export function subscribeGamificationNotifications(deps: NotificationsDeps): Array<() => void> {
  const { events } = deps;
  return [
    events.subscribe("level.up", async (e: DomainEvents["level.up"]) => {
      await notify(deps, [
        {
          userId: e.userId,
          type: "level_up",
          actorId: null,
          data: { level: e.to, from: e.from, statPoints: e.statPoints },
          createdAt: e.at,
        },
      ]);
    }),
    events.subscribe("achievement.unlocked", async (e: DomainEvents["achievement.unlocked"]) => {
      await notify(deps, [
        {
          userId: e.userId,
          type: "achievement_unlocked",
          actorId: null,
          data: {
            achievementId: e.achievementId,
            key: e.key,
            nameKey: e.nameKey,
            ...typedNames(e),
            rarity: e.rarity,
            rewardXp: e.rewardXp,
          },
          createdAt: e.at,
        },
      ]);
    }),
  ];
}
