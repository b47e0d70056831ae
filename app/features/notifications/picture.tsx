import { MiniAvatar } from "#app/components/ui/avatar";
import { Icon, type IconName } from "#app/components/ui/icon";
import { iconByKey } from "#app/features/gamification/icon-by-key";
import { notificationPicture, type NotificationIcon, type NotificationItem } from "./describe";

const ICONS: Record<Exclude<NotificationIcon, "achievement">, IconName> = {
  level: "sparkles",
  moderation: "shield-check",
  community: "messages-square",
  campaign: "key-round",
  episode: "calendar-clock",
};

/**
 * A notification's picture: who acted's avatar, or an icon in a round frame for what the
 * site tells (a level, an achievement, a moderation action). Decorative: the sentence beside it says it all.
 */
export function NotificationPictureView({ n, size = 36 }: { n: Pick<NotificationItem, "type" | "actor" | "data">; size?: number }) {
  const picture = notificationPicture(n);
  if (picture.kind === "avatar")
    return (
      <span data-picture="avatar" className="inline-flex shrink-0">
        <MiniAvatar url={picture.avatarUrl} userId={picture.userId} username={picture.username} size={size} />
      </span>
    );
  const icon = picture.icon === "achievement" ? iconByKey(picture.achievementKey ?? "") : ICONS[picture.icon];
  return (
    <span
      aria-hidden="true"
      data-picture={picture.icon}
      style={{ width: size, height: size }}
      className="inline-flex shrink-0 items-center justify-center rounded-full border border-primary/40 bg-muted text-primary"
    >
      <Icon name={icon} size={Math.round(size * 0.55)} />
    </span>
  );
}
