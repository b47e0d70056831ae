import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The community forum (SPEC §3: category and forum with title, description and display order; thread, post,
 * report, tags). Counters on forums and threads are kept in the same transaction as the rows they count, so
 * list pages never count on the fly.
 */
export const forumCategories = pgTable("forum_categories", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleEs: text("title_es").notNull(),
  titleEn: text("title_en").notNull(),
  descriptionEs: text("description_es").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  position: integer("position").notNull().default(0),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const forums = pgTable("forums", {
  id: text("id").primaryKey(),
  categoryId: text("category_id").notNull().references(() => forumCategories.id, { onDelete: "restrict" }),
  slug: text("slug").notNull().unique(),
  titleEs: text("title_es").notNull(),
  titleEn: text("title_en").notNull(),
  descriptionEs: text("description_es").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  position: integer("position").notNull().default(0),
  threadCount: integer("thread_count").notNull().default(0),
  postCount: integer("post_count").notNull().default(0),
  lastActivityAt: ts("last_activity_at"),
  lastThreadId: text("last_thread_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [index("forums_category_idx").on(t.categoryId, t.position)]);

export const forumTags = pgTable("forum_tags", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameEs: text("name_es").notNull(),
  nameEn: text("name_en").notNull(),
});

export const threads = pgTable("threads", {
  id: text("id").primaryKey(),
  forumId: text("forum_id").notNull().references(() => forums.id, { onDelete: "restrict" }),
  /** Null once the author's account is deleted: the thread stays, signed "deleted account". */
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  /** The opening post (SPEC: the question); replies are the other posts of the thread. */
  firstPostId: text("first_post_id"),
  pinned: boolean("pinned").notNull().default(false),
  locked: boolean("locked").notNull().default(false),
  hidden: boolean("hidden").notNull().default(false),
  resolved: boolean("resolved").notNull().default(false),
  acceptedPostId: text("accepted_post_id"),
  replyCount: integer("reply_count").notNull().default(0),
  likeCount: integer("like_count").notNull().default(0),
  lastActivityAt: ts("last_activity_at").notNull().defaultNow(),
  lastPostId: text("last_post_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
}, (t) => [
  uniqueIndex("threads_forum_slug_idx").on(t.forumId, t.slug),
  index("threads_forum_list_idx").on(t.forumId, t.pinned, t.lastActivityAt),
  index("threads_created_idx").on(t.createdAt),
  index("threads_author_idx").on(t.authorId),
]);

/** Slugs a thread had before its title changed: old links redirect to the current slug. */
export const threadSlugHistory = pgTable("thread_slug_history", {
  forumId: text("forum_id").notNull(),
  slug: text("slug").notNull(),
  threadId: text("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.forumId, t.slug] })]);

export const threadTags = pgTable("thread_tags", {
  threadId: text("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  tagId: text("tag_id").notNull().references(() => forumTags.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.threadId, t.tagId] }), index("thread_tags_tag_idx").on(t.tagId)]);

export const posts = pgTable("posts", {
  id: text("id").primaryKey(),
  threadId: text("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
  /** Position in the thread (1 = the opening post), for pages and deep links that never shift. */
  number: integer("number").notNull(),
  bodyMd: text("body_md").notNull(),
  /** Sanitized HTML rendered once from bodyMd (raw HTML off, then a sanitizer). */
  bodyHtml: text("body_html").notNull(),
  hidden: boolean("hidden").notNull().default(false),
  deletedAt: ts("deleted_at"),
  deletedBy: text("deleted_by"),
  likeCount: integer("like_count").notNull().default(0),
  editedAt: ts("edited_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [
  uniqueIndex("posts_thread_number_idx").on(t.threadId, t.number),
  index("posts_author_idx").on(t.authorId, t.createdAt),
]);

/** Every earlier version of an edited post (the edit history is visible). */
export const postRevisions = pgTable("post_revisions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  postId: text("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  bodyMd: text("body_md").notNull(),
  editedBy: text("edited_by"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [index("post_revisions_post_idx").on(t.postId)]);

export const postLikes = pgTable("post_likes", {
  postId: text("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.postId, t.userId] }), index("post_likes_user_idx").on(t.userId)]);

export const threadFollows = pgTable("thread_follows", {
  threadId: text("thread_id").notNull().references(() => threads.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index("thread_follows_user_idx").on(t.userId)]);

export const userFollows = pgTable("user_follows", {
  followerId: text("follower_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  followedId: text("followed_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.followerId, t.followedId] }), index("user_follows_followed_idx").on(t.followedId)]);

/** SPEC §3/§4: a report needs a reason; moderators resolve or ignore it. One open report per person per post. */
export const reports = pgTable("reports", {
  id: text("id").primaryKey(),
  postId: text("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
  reason: text("reason").notNull(),
  status: text("status", { enum: ["open", "resolved", "ignored"] }).notNull().default("open"),
  handledBy: text("handled_by"),
  handledAt: ts("handled_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [
  uniqueIndex("reports_one_open_idx").on(t.postId, t.reporterId).where(sql`${t.status} = 'open'`),
  index("reports_status_idx").on(t.status, t.createdAt),
]);

/** A ban (until a date, or for good when `until` is null) with the reason the person sees. */
export const userBans = pgTable("user_bans", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  until: ts("until"),
  bannedBy: text("banned_by"),
  liftedAt: ts("lifted_at"),
  liftedBy: text("lifted_by"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [index("user_bans_user_idx").on(t.userId)]);

export const notifications = pgTable("notifications", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  actorId: text("actor_id"),
  threadId: text("thread_id"),
  postId: text("post_id"),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  readAt: ts("read_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
}, (t) => [
  index("notifications_user_idx").on(t.userId, t.createdAt),
  index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
]);

/**
 * Per-type notification settings (issue 4: "a per-type setting"). A missing row means the type is on: only
 * the types a person turned off (or back on) are stored.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  enabled: boolean("enabled").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.type] })]);
