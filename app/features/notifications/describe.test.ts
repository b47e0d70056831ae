import { describe, expect, it } from "vitest";
import { NOTIFICATION_TYPES, type NotificationType } from "#server/modules/notifications";
import { notificationPicture, notificationTarget, type NotificationItem } from "./describe";

/**
 * Every kind of notification has a picture (who acted's avatar, or an icon for what the
 * site tells) and opens what it is about.
 */
const ana = { id: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" };
const moderator = { id: "u-mod", username: "moderadora", avatarUrl: null };
const thread = { id: "t1", title: "Godot pathfinding", slug: "godot-pathfinding", forumSlug: "programacion", hidden: false };
const base = { id: 1, readAt: null, createdAt: new Date(), data: {} };

/** Each kind as its listener writes it (server/modules/notifications/listeners.ts, gamification.ts). */
const examples: Record<NotificationType, NotificationItem> = {
  reply: { ...base, type: "reply", actor: ana, thread, post: { id: "p3", number: 3 } },
  mention: { ...base, type: "mention", actor: ana, thread, post: { id: "p4", number: 4 } },
  new_thread: { ...base, type: "new_thread", actor: ana, thread, post: { id: "p1", number: 1 } },
  like: { ...base, type: "like", actor: ana, thread, post: { id: "p2", number: 2 } },
  answer_accepted: { ...base, type: "answer_accepted", actor: ana, thread, post: { id: "p5", number: 5 } },
  moderation: {
    ...base,
    type: "moderation",
    actor: moderator,
    thread,
    post: { id: "p6", number: 6 },
    data: { action: "hidden", kind: "post", reason: "spam" },
  },
  level_up: { ...base, type: "level_up", actor: null, thread: null, post: null, data: { level: 3, from: 2, statPoints: 3 } },
  achievement_unlocked: {
    ...base,
    type: "achievement_unlocked",
    actor: null,
    thread: null,
    post: null,
    data: { achievementId: "a1", key: "first_thread", nameKey: "first_thread.name", rarity: "common", rewardXp: 10 },
  },
  campaign_decided: {
    ...base,
    type: "campaign_decided",
    actor: null,
    thread: null,
    post: null,
    data: { requestId: "r1", campaignId: "c1", gameName: "Lumen Drift", status: "rejected", reason: "Wrong platform", auto: false },
  },
  episode_room: {
    ...base,
    type: "episode_room",
    actor: null,
    thread: null,
    post: null,
    data: { roomId: "3f1c0b1e-0000-4000-8000-000000000001", title: "Episode 12", kind: "chat", status: "preparing" },
  },
};

const expected: Record<NotificationType, { target: string; picture: ReturnType<typeof notificationPicture> }> = {
  reply: {
    target: "/community/programacion/godot-pathfinding?post=3",
    picture: { kind: "avatar", userId: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" },
  },
  mention: {
    target: "/community/programacion/godot-pathfinding?post=4",
    picture: { kind: "avatar", userId: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" },
  },
  new_thread: {
    target: "/community/programacion/godot-pathfinding",
    picture: { kind: "avatar", userId: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" },
  },
  like: {
    target: "/community/programacion/godot-pathfinding?post=2",
    picture: { kind: "avatar", userId: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" },
  },
  answer_accepted: {
    target: "/community/programacion/godot-pathfinding?post=5",
    picture: { kind: "avatar", userId: "u-ana", username: "ana", avatarUrl: "/media/ana.webp" },
  },
  moderation: { target: "/community/programacion/godot-pathfinding?post=6", picture: { kind: "icon", icon: "moderation" } },
  level_up: { target: "/account/progress", picture: { kind: "icon", icon: "level" } },
  achievement_unlocked: {
    target: "/account/progress#achievements-heading",
    picture: { kind: "icon", icon: "achievement", achievementKey: "first_thread" },
  },
  campaign_decided: { target: "/my-keys", picture: { kind: "icon", icon: "campaign" } },
  episode_room: { target: "/episode-panel/3f1c0b1e-0000-4000-8000-000000000001", picture: { kind: "icon", icon: "episode" } },
};

describe("every notification type", () => {
  it("has an example here", () => {
    expect(Object.keys(examples).sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it.each(NOTIFICATION_TYPES)("%s has a picture and a target", (type) => {
    const n = examples[type];
    expect(notificationPicture(n)).toEqual(expected[type].picture);
    expect(notificationTarget(n)).toBe(expected[type].target);
  });

  it.each(NOTIFICATION_TYPES)("%s still leads somewhere and has a picture when its thread is hidden and who acted is gone", (type) => {
    const n = { ...examples[type], actor: null, thread: examples[type].thread ? { ...thread, hidden: true } : null };
    const target = notificationTarget(n);
    expect(target).toMatch(/^\/[a-z]/);
    expect(target).not.toContain("godot-pathfinding");
    const picture = notificationPicture(n);
    expect(picture.kind === "icon" ? picture.icon : picture.username).toBeTruthy();
  });
});

describe("when what a notification is about is gone", () => {
  it("a moderation notice on a hidden thread leads to the thread's forum", () => {
    expect(notificationTarget({ ...examples.moderation, thread: { ...thread, hidden: true } })).toBe("/community/programacion");
  });

  it("a forum notification on a deleted thread leads to who acted, else to the community", () => {
    expect(notificationTarget({ ...examples.reply, thread: null, post: null })).toBe("/u/ana");
    expect(notificationTarget({ ...examples.reply, thread: null, post: null, actor: null })).toBe("/community");
    expect(notificationPicture({ ...examples.reply, actor: null })).toEqual({ kind: "icon", icon: "community" });
  });
});
