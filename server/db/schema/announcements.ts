import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Announced events (SPEC §2 side panel card 4, the home page; §9 the indie event): a title per language, the
 * instant it starts (UTC) with the zone the admin entered it in, a banner stored through the storage layer
 * and the event's video channel. Past events drop off the public reads by their query.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: text("id").primaryKey(),
    titleEs: text("title_es").notNull(),
    titleEn: text("title_en").notNull(),
    startsAt: ts("starts_at").notNull(),
    /** The IANA zone the time was entered in, to show it again in the edit form. */
    timeZone: text("time_zone").notNull(),
    imageUrl: text("image_url").notNull(),
    videoUrl: text("video_url").notNull(),
    createdBy: text("created_by"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("announcements_starts_idx").on(t.startsAt)],
);
