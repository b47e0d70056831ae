import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * SPEC §3 Video: a YouTube video shown on /videos, with its title and description in both languages. The
 * thumbnail is always one of ours (/media/…): uploaded, or fetched once from YouTube's image host and
 * re-encoded; null while neither worked (the page shows the placeholder). `position` orders the list (lowest
 * first); `published_at` is set the first time it is published and shown as its date.
 */
export const videos = pgTable(
  "videos",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    youtubeId: text("youtube_id").notNull(),
    titleEs: text("title_es").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionEs: text("description_es").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    thumbnailUrl: text("thumbnail_url"),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(false),
    publishedAt: ts("published_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("videos_slug_idx").on(t.slug),
    index("videos_published_position_idx").on(t.published, t.position),
    check("videos_youtube_id_check", sql`${t.youtubeId} ~ '^[A-Za-z0-9_-]{11}$'`),
  ],
);

/** SPEC §3 Podcast: an episode with its platform links (each optional) and the same fields as a video's. */
export const podcastEpisodes = pgTable(
  "podcast_episodes",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    titleEs: text("title_es").notNull(),
    titleEn: text("title_en").notNull(),
    descriptionEs: text("description_es").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    thumbnailUrl: text("thumbnail_url"),
    spotifyUrl: text("spotify_url"),
    appleUrl: text("apple_url"),
    amazonUrl: text("amazon_url"),
    ivooxUrl: text("ivoox_url"),
    steamUrl: text("steam_url"),
    position: integer("position").notNull().default(0),
    published: boolean("published").notNull().default(false),
    publishedAt: ts("published_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("podcast_episodes_slug_idx").on(t.slug),
    index("podcast_episodes_published_position_idx").on(t.published, t.position),
  ],
);

/** SPEC §3 Collaborator: someone who appears in videos and episodes; the appearances are counted from the links. */
export const collaborators = pgTable("collaborators", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  avatarUrl: text("avatar_url"),
  twitterUrl: text("twitter_url"),
  youtubeUrl: text("youtube_url"),
  twitchUrl: text("twitch_url"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Who appears in a video. */
export const videoCollaborators = pgTable(
  "video_collaborators",
  {
    videoId: text("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    collaboratorId: text("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.collaboratorId] }), index("video_collaborators_collaborator_idx").on(t.collaboratorId)],
);

/** Who appears in an episode. */
export const episodeCollaborators = pgTable(
  "episode_collaborators",
  {
    episodeId: text("episode_id")
      .notNull()
      .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
    collaboratorId: text("collaborator_id")
      .notNull()
      .references(() => collaborators.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.collaboratorId] }), index("episode_collaborators_collaborator_idx").on(t.collaboratorId)],
);
