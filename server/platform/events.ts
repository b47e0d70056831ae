import type { Logger } from "./logger";

/**
 * The domain events areas exchange (ARCHITECTURE: effects that cross areas go through events). The forum
 * publishes them; gamification (XP, achievements) and notifications listen. Gamification publishes its own
 * (level.up, achievement.unlocked), which notifications turn into notifications.
 */
export type DomainEvents = {
  "thread.created": { threadId: string; forumId: string; postId: string; authorId: string; title: string; mentions: string[]; at: Date };
  "post.created": {
    postId: string;
    threadId: string;
    forumId: string;
    authorId: string;
    threadAuthorId: string | null;
    number: number;
    mentions: string[];
    at: Date;
  };
  "like.given": { postId: string; threadId: string; userId: string; postAuthorId: string | null; at: Date };
  "like.removed": { postId: string; threadId: string; userId: string; postAuthorId: string | null; at: Date };
  "answer.accepted": { threadId: string; postId: string; acceptedBy: string; postAuthorId: string | null; at: Date };
  "content.hidden": {
    kind: "thread" | "post";
    id: string;
    threadId: string;
    authorId: string | null;
    by: string;
    reason: string | null;
    at: Date;
  };
  /** A moderator published hidden content again (the XP it earned comes back). */
  "content.unhidden": { kind: "thread" | "post"; id: string; threadId: string; authorId: string | null; by: string; at: Date };
  /**
   * The thread's accepted answer went out of sight (a moderator hid it, or it was deleted): the thread is no
   * longer resolved. Publishing a hidden answer again restores it (`content.unhidden`).
   */
  "answer.withdrawn": {
    threadId: string;
    postId: string;
    threadAuthorId: string | null;
    by: string;
    cause: "hidden" | "deleted";
    at: Date;
  };
  /** A post was deleted (soft: its trace stays); the XP it earned goes. */
  "post.deleted": { postId: string; threadId: string; authorId: string | null; number: number; by: string; at: Date };
  /** Gamification: a person reached a level above any they had before (`statPoints` granted for it). */
  "level.up": { userId: string; from: number; to: number; statPoints: number; at: Date };
  /** Gamification: a person unlocked an achievement (once), with the reward XP it granted. */
  "achievement.unlocked": {
    userId: string;
    achievementId: string;
    key: string;
    nameKey: string;
    /** The names an admin typed (admin-created achievements), per language; null where the name key applies. */
    names?: { es: string | null; en: string | null };
    rarity: string;
    rewardXp: number;
    at: Date;
  };
  /**
   * Gamification: XP, levels or achievements changed outside the forum's events (an admin's XP adjustment, an
   * edited level table or achievement, a settle or reconcile run), so pages showing them may be out of date.
   */
  "gamification.changed": { cause: "xp_adjusted" | "levels" | "achievements" | "settled" | "reconciled"; at: Date };
  /** Campaigns: a creator asked a company for a key. */
  "campaign.requested": { requestId: string; campaignId: string; companyId: string; creatorId: string; at: Date };
  /** A company (or its auto-approval) decided a creator's request: the creator is told (bell and email). */
  "campaign.request_decided": {
    requestId: string;
    campaignId: string;
    creatorId: string;
    gameName: string;
    status: "approved" | "rejected";
    reason: string | null;
    auto: boolean;
    at: Date;
  };
  /** A campaign was opened, paused, finished or edited: public lists, search and the sitemap may change. */
  "campaign.changed": { campaignId: string; companyId: string; status: string; at: Date };
  /**
   * Featured games: a featured game was approved, started, finished, ended early, hidden, shown or
   * edited: /featured-games, /games/{slug}, the home page's featured section, search and the sitemap may change.
   */
  "featured.changed": { featuredGameId: string; status: string; at: Date };
  /** Site: an announcement was created, edited or deleted: the side panel's card 4 and the home page change. */
  "announcement.changed": { announcementId: string; change: "created" | "updated" | "deleted"; at: Date };
  /** Site: the missing-translation records were cleared, so a flagged language may be itself again. */
  "i18n_missing.cleared": { lang: string | null; at: Date };
  /** Character: the class or the equipped items changed, so the drawn avatar is out of date (a render is queued). */
  "character.loadout_changed": { userId: string; at: Date };
  /** Character: a rendered avatar became a person's picture, or stopped being it (mini-avatars everywhere change). */
  "character.avatar_changed": { userId: string; at: Date };
  /** Arena: a match was fought and settled (ratings, gold): the leaderboards and the players' profiles change. */
  "arena.match_settled": { matchId: string; playerA: string; playerB: string; winnerId: string | null; at: Date };
};

export type EventName = keyof DomainEvents;

/**
 * Events after which what every visitor sees may be out of date (stored pages, the side panel). Gamification's
 * own (a new level, an unlock, XP or levels changed by an admin or a job) move the side panel's members and
 * achievements and the leaderboard.
 */
export const VISIBLE_CHANGE_EVENTS: EventName[] = [
  "thread.created",
  "post.created",
  "post.deleted",
  "like.given",
  "like.removed",
  "answer.accepted",
  "content.hidden",
  "content.unhidden",
  "level.up",
  "achievement.unlocked",
  "gamification.changed",
  "campaign.changed",
  "featured.changed",
  "announcement.changed",
  "i18n_missing.cleared",
  "character.avatar_changed",
  "arena.match_settled",
];
export type DomainEvent = { [K in EventName]: { name: K; payload: DomainEvents[K] } }[EventName];
export type EventHandler<K extends EventName> = (payload: DomainEvents[K]) => void | Promise<void>;

/**
 * A small typed in-process event bus. Operations collect events while their transaction runs and publish
 * them once it has committed (`publishAll` after `db.transaction` returns), so a listener never sees a change
 * that was rolled back. Handlers run one after another; an error in one is logged and neither stops the
 * others nor fails the publisher.
 */
export class EventBus {
  private readonly handlers = new Map<EventName, EventHandler<never>[]>();
  constructor(private readonly log: Logger) {}

  /** Adds a handler; the returned function removes it. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as EventHandler<never>);
    this.handlers.set(name, list);
    return () => {
      const current = this.handlers.get(name) ?? [];
      this.handlers.set(
        name,
        current.filter((h) => h !== (handler as EventHandler<never>)),
      );
    };
  }

  async publish<K extends EventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const handler of [...(this.handlers.get(name) ?? [])] as EventHandler<K>[]) {
      try {
        await handler(payload);
      } catch (err) {
        this.log.error("domain event handler failed", { event: name, err });
      }
    }
  }

  /** Publishes events collected during a transaction, in order. Call it after the commit. */
  async publishAll(events: readonly DomainEvent[]): Promise<void> {
    for (const e of events) await this.publish(e.name, e.payload as never);
  }
}

/** Collects the events of one operation while its transaction runs. */
export class PendingEvents {
  readonly list: DomainEvent[] = [];
  add<K extends EventName>(name: K, payload: DomainEvents[K]): void {
    this.list.push({ name, payload } as DomainEvent);
  }
}
