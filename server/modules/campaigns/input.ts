import { z } from "zod";
import { isValidSocialLink } from "#shared/profile-limits";
import {
  CAMPAIGN_LIMITS,
  CHANNEL_KINDS,
  CONTENT_LANGUAGES,
  GAME_LIMITS,
  GENRES,
  PLATFORMS,
  REGIONS,
  RELEASE_STATUSES,
  STORES,
} from "#shared/campaigns";

/** Field rules of the campaign operations (messages are `errors:` keys, shown beside each field). */
export const idField = z.string().min(1).max(100);

const httpsUrl = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors:input.invalid")
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === "https:" && !u.username && !u.password && u.hostname.includes(".");
      } catch {
        return false;
      }
    }, "errors:input.invalid");

/** A list sent by a form as repeated fields or one value: deduplicated, each from `values`. */
const listOf = <T extends readonly [string, ...string[]]>(values: T, max: number) =>
  z
    .preprocess((v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values)).max(max))
    .transform((list) => [...new Set(list)]);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "errors:input.invalid")
    .nullish()
    .transform((v) => v || null);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const YOUTUBE_VIDEO = /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{6,20}(?:[?&#].*)?$/;

export const gameInput = z.object({
  name: z.string().trim().min(1, "errors:input.invalid").max(GAME_LIMITS.nameMax, "errors:input.invalid"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "errors:input.invalid")
    .max(80, "errors:input.invalid")
    .regex(SLUG_PATTERN, "errors:input.invalid"),
  shortDescription: z.string().trim().min(1, "errors:input.invalid").max(GAME_LIMITS.shortDescriptionMax, "errors:input.invalid"),
  descriptionMd: z.string().max(GAME_LIMITS.descriptionMax, "errors:input.invalid").default(""),
  platforms: listOf(PLATFORMS, PLATFORMS.length),
  genres: listOf(GENRES, GAME_LIMITS.genresMax),
  storeLinks: z
    .array(z.object({ store: z.enum(STORES), url: httpsUrl(500) }))
    .max(GAME_LIMITS.storeLinksMax, "errors:input.invalid")
    .default([]),
  trailerUrl: z
    .string()
    .trim()
    .max(300, "errors:input.invalid")
    .refine((v) => v === "" || YOUTUBE_VIDEO.test(v), "errors:input.invalid")
    .optional()
    .transform((v) => v || null),
  releaseStatus: z.enum(RELEASE_STATUSES, "errors:input.invalid"),
});
export type GameInput = z.infer<typeof gameInput>;

const dateField = z.coerce.date("errors:input.invalid").refine((d) => !Number.isNaN(d.getTime()), "errors:input.invalid");
const count = z.coerce
  .number("errors:input.invalid")
  .int("errors:input.invalid")
  .min(0, "errors:input.invalid")
  .max(CAMPAIGN_LIMITS.audienceMax);

const campaignFields = z.object({
  gameId: idField,
  description: z.string().trim().max(CAMPAIGN_LIMITS.descriptionMax, "errors:input.invalid").default(""),
  startsAt: dateField,
  endsAt: dateField,
  autoApprove: z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean()),
  minSubscribers: count.default(0),
  minAverageViews: count.default(0),
  platforms: listOf(PLATFORMS, PLATFORMS.length).refine((l) => l.length > 0, "errors:input.invalid"),
  regions: listOf(REGIONS, REGIONS.length).refine((l) => l.length > 0, "errors:input.invalid"),
  /** The languages the company wants coverage in; none: any. */
  languages: listOf(CONTENT_LANGUAGES, CONTENT_LANGUAGES.length),
  coverageDays: z.coerce
    .number("errors:input.invalid")
    .int("errors:input.invalid")
    .min(CAMPAIGN_LIMITS.coverageDaysMin, "errors:input.invalid")
    .max(CAMPAIGN_LIMITS.coverageDaysMax, "errors:input.invalid"),
});
const datesInOrder = (c: { startsAt: Date; endsAt: Date }) => c.endsAt.getTime() > c.startsAt.getTime();
const DATES_MESSAGE = { message: "errors:campaigns.dates", path: ["endsAt"] };
export const campaignInput = campaignFields.refine(datesInOrder, DATES_MESSAGE);
export const campaignUpdateInput = campaignFields.extend({ campaignId: idField }).refine(datesInOrder, DATES_MESSAGE);
export type CampaignInput = z.infer<typeof campaignInput>;

export const requestInput = z.object({
  campaignId: idField,
  message: optionalText(CAMPAIGN_LIMITS.requestMessageMax),
  platform: z.enum(PLATFORMS, "errors:input.invalid"),
  region: z.enum(REGIONS, "errors:input.invalid"),
});

export const decisionInput = z.object({
  requestIds: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : v === undefined || v === "" ? [] : [v]),
      z.array(idField).min(1, "errors:input.invalid").max(200),
    )
    .transform((l) => [...new Set(l)]),
  reason: optionalText(CAMPAIGN_LIMITS.rejectionReasonMax),
});

export const channelInput = z
  .object({
    kind: z.enum(CHANNEL_KINDS, "errors:input.invalid"),
    url: z.string().trim().max(300, "errors:campaigns.channel_url"),
    subscribers: count.default(0),
    averageViews: count.default(0),
    languages: listOf(CONTENT_LANGUAGES, CONTENT_LANGUAGES.length),
  })
  .refine((c) => isValidSocialLink(c.kind, c.url), { message: "errors:campaigns.channel_url", path: ["url"] });
export type ChannelInput = z.infer<typeof channelInput>;

export const reasonField = (max: number) => z.string().trim().min(1, "errors:campaigns.reason_required").max(max, "errors:input.invalid");
