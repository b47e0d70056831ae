import { sql } from "drizzle-orm";
import { bigserial, boolean, check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { CampaignStatus, ChannelKind, CoverageKind, KeyStatus, ReleaseStatus, RequestStatus, Store } from "#shared/campaigns";
import { companyProfiles, users } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes (a sealed key, a sealed upload): Buffer in, Buffer out, whichever driver. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
  toDriver: (v) => v,
});

export type StoreLink = { store: Store; url: string };

/** A company's own game. Its public page comes with the featured-games issue; its slug is global. */
export const companyGames = pgTable(
  "company_games",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companyProfiles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    shortDescription: text("short_description").notNull(),
    descriptionMd: text("description_md").notNull().default(""),
    /** Rendered and sanitised from the Markdown on save, as forum posts are. */
    descriptionHtml: text("description_html").notNull().default(""),
    coverUrl: text("cover_url"),
    platforms: jsonb("platforms").$type<string[]>().notNull().default([]),
    genres: jsonb("genres").$type<string[]>().notNull().default([]),
    storeLinks: jsonb("store_links").$type<StoreLink[]>().notNull().default([]),
    trailerUrl: text("trailer_url"),
    releaseStatus: text("release_status").$type<ReleaseStatus>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("company_games_slug_idx").on(sql`lower(${t.slug})`),
    index("company_games_company_idx").on(t.companyId, t.name),
    check("company_games_release_status_check", sql`${t.releaseStatus} in ('released', 'early_access', 'unreleased')`),
  ],
);

/**
 * A key campaign for one of the company's games. `finished` comes from the company or, at `ends_at`, from the
 * campaigns job. `paused_by_admin` (with its reason, shown to the company) can only be lifted by the team.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companyProfiles.id, { onDelete: "cascade" }),
    gameId: text("game_id")
      .notNull()
      .references(() => companyGames.id, { onDelete: "restrict" }),
    description: text("description").notNull().default(""),
    status: text("status").$type<CampaignStatus>().notNull().default("draft"),
    startsAt: ts("starts_at").notNull(),
    endsAt: ts("ends_at").notNull(),
    autoApprove: boolean("auto_approve").notNull().default(false),
    minSubscribers: integer("min_subscribers").notNull().default(0),
    minAverageViews: integer("min_average_views").notNull().default(0),
    platforms: jsonb("platforms").$type<string[]>().notNull().default([]),
    regions: jsonb("regions").$type<string[]>().notNull().default([]),
    /** The languages the company wants coverage in; empty: any. */
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    /** Days the creator has, from the claim, to publish coverage. */
    coverageDays: integer("coverage_days").notNull().default(14),
    pausedByAdmin: boolean("paused_by_admin").notNull().default(false),
    pauseReason: text("pause_reason"),
    finishedAt: ts("finished_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_company_idx").on(t.companyId, t.createdAt),
    index("campaigns_status_ends_idx").on(t.status, t.endsAt),
    index("campaigns_game_idx").on(t.gameId),
    check("campaigns_status_check", sql`${t.status} in ('draft', 'active', 'paused', 'finished')`),
    check("campaigns_dates_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One game key. The value is sealed at rest (AES-256-GCM, server/platform/secret-box.ts) and found by its
 * HMAC fingerprint, unique within a company's pools. A claimed key names the one request (and creator) that
 * received it, for good: a key is traceable to its holder.
 */
export const campaignKeys = pgTable(
  "campaign_keys",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    companyId: text("company_id")
      .notNull()
      .references(() => companyProfiles.id, { onDelete: "cascade" }),
    sealedValue: bytea("sealed_value").notNull(),
    fingerprint: text("fingerprint").notNull(),
    region: text("region"),
    status: text("status").$type<KeyStatus>().notNull().default("available"),
    requestId: text("request_id"),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: ts("claimed_at"),
    revokedAt: ts("revoked_at"),
    uploadId: text("upload_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_keys_company_fingerprint_idx").on(t.companyId, t.fingerprint),
    uniqueIndex("campaign_keys_request_idx").on(t.requestId),
    // Approval takes the oldest available key of a region: read straight off this index.
    index("campaign_keys_pool_idx").on(t.campaignId, t.status, t.region, t.createdAt),
    index("campaign_keys_holder_idx").on(t.claimedBy),
    check("campaign_keys_status_check", sql`${t.status} in ('available', 'claimed', 'revoked')`),
    // A claimed key always names the request that received it.
    check("campaign_keys_claim_check", sql`${t.status} <> 'claimed' or ${t.requestId} is not null`),
  ],
);

/** A creator's request for a key (one per creator per campaign). */
export const creatorRequests = pgTable(
  "creator_requests",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<RequestStatus>().notNull().default("pending"),
    message: text("message"),
    platform: text("platform"),
    region: text("region"),
    rejectionReason: text("rejection_reason"),
    keyId: text("key_id"),
    autoApproved: boolean("auto_approved").notNull().default(false),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by"),
    /** Set at approval: the claim plus the campaign's coverage days. */
    coverageDueAt: ts("coverage_due_at"),
    reminderSentAt: ts("reminder_sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("creator_requests_one_per_campaign_idx").on(t.campaignId, t.creatorId),
    index("creator_requests_campaign_status_idx").on(t.campaignId, t.status, t.createdAt),
    index("creator_requests_creator_idx").on(t.creatorId, t.createdAt),
    index("creator_requests_due_idx")
      .on(t.coverageDueAt)
      .where(sql`${t.reminderSentAt} is null`),
    check("creator_requests_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // An approved request always holds its key.
    check("creator_requests_key_check", sql`${t.status} <> 'approved' or ${t.keyId} is not null`),
  ],
);

/**
 * A channel a creator covers games on, with the audience they state. The figures are their word until the
 * team checks the channel; a flagged channel does not count towards any campaign's minimums. A channel belongs
 * to one account: `channel_key` is its address normalised (`#shared/channel-key`), unique across
 * accounts; it is null only for a row that migration 0013 found declared earlier by another account (flagged).
 * The creator proves the channel is theirs by putting `verify_code` in its description (`verified_at`);
 * only a verified or team-checked channel counts for auto-approval (decision 0028).
 */
export const creatorChannels = pgTable(
  "creator_channels",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ChannelKind>().notNull(),
    url: text("url").notNull(),
    subscribers: integer("subscribers").notNull().default(0),
    averageViews: integer("average_views").notNull().default(0),
    languages: jsonb("languages").$type<string[]>().notNull().default([]),
    channelKey: text("channel_key"),
    /** Random, per channel (`nexo-xxxxxxxx`): the creator puts it in the channel's description to verify it. */
    verifyCode: text("verify_code").notNull(),
    verifiedAt: ts("verified_at"),
    checkedAt: ts("checked_at"),
    checkedBy: text("checked_by"),
    flaggedAt: ts("flagged_at"),
    flagReason: text("flag_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("creator_channels_user_idx").on(t.userId),
    uniqueIndex("creator_channels_key_idx").on(t.channelKey),
    check("creator_channels_verified_key_check", sql`${t.verifiedAt} is null or ${t.channelKey} is not null`),
  ],
);

/** A link to the coverage a creator published for a key they received. */
export const coverageLinks = pgTable(
  "coverage_links",
  {
    id: text("id").primaryKey(),
    requestId: text("request_id")
      .notNull()
      .references(() => creatorRequests.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind").$type<CoverageKind>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("coverage_links_request_url_idx").on(t.requestId, t.url)],
);

/** Every time a creator shows a key in full (each reveal is recorded). */
export const keyReveals = pgTable(
  "key_reveals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    keyId: text("key_id")
      .notNull()
      .references(() => campaignKeys.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("key_reveals_key_idx").on(t.keyId, t.createdAt)],
);

/**
 * A bulk upload between its preview and its saving: the new keys sealed as one value, the counts the preview
 * showed. Saving inserts the keys and empties `sealed_keys`; an unsaved preview is dropped after an hour.
 */
export const keyUploads = pgTable(
  "key_uploads",
  {
    id: text("id").primaryKey(),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sealedKeys: bytea("sealed_keys"),
    counts: jsonb("counts").$type<{ detected: number; new: number; duplicate: number; invalid: number }>().notNull(),
    savedCount: integer("saved_count"),
    createdAt: ts("created_at").notNull().defaultNow(),
    savedAt: ts("saved_at"),
  },
  (t) => [index("key_uploads_campaign_idx").on(t.campaignId, t.createdAt)],
);

export type ChannelRow = typeof creatorChannels.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type CoverageRow = typeof coverageLinks.$inferSelect;
