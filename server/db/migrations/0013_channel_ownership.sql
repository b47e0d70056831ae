-- Issue 24 point 2, decision 0028: a channel belongs to one account. Each row gets its normalised address
-- (channel_key, the same function as shared/channel-key.ts, kept equal by channel-key.db.test.ts), a random
-- verification code and verified_at. Rows that existed before are backfilled here; where the same channel was
-- declared more than once, the OLDEST declaration (created_at, then id) keeps it:
--   * a younger duplicate in the same account (the same channel written twice) is deleted;
--   * a younger duplicate in another account keeps its row, loses any team check, is flagged with the reason
--     below (so it counts for nothing and the team sees it in the admin's flagged creators) and has no key
--     (channel_key null: the unique index ignores it; saving or checking it again is refused as claimed).
DROP INDEX "creator_channels_user_url_idx";--> statement-breakpoint
ALTER TABLE "creator_channels" ADD COLUMN "channel_key" text;--> statement-breakpoint
ALTER TABLE "creator_channels" ADD COLUMN "verify_code" text;--> statement-breakpoint
ALTER TABLE "creator_channels" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
WITH parts AS (
  SELECT
    id,
    regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            translate(substring(btrim(url) from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'),
            '^.*@', ''),
          ':[0-9]*$', ''),
        '\.$', ''),
      '^((www|m)\.)+', '') AS host,
    regexp_replace(
      regexp_replace(coalesce(substring(btrim(url) from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'), ''), '/{2,}', '/', 'g'),
      '^/+|/+$', '', 'g') AS path
  FROM "creator_channels"
), keyed AS (
  SELECT
    id,
    CASE
      WHEN host IS NULL OR host = '' THEN NULL
      WHEN host = 'youtube.com' AND path ~ '^channel/[^/]+' THEN 'youtube:channel/' || substring(path from '^channel/([^/]+)')
      WHEN host = 'youtube.com' AND path ~* '^(@|c/|user/)[^/]+'
        THEN 'youtube:@' || translate(substring(path from '(?i)^(?:@|c/|user/)([^/]+)'), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      WHEN host = 'youtube.com' THEN 'youtube:' || translate(path, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      WHEN host = 'twitch.tv' THEN 'twitch:' || translate(split_part(path, '/', 1), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      WHEN host = 'tiktok.com' THEN 'tiktok:' || translate(split_part(path, '/', 1), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
      WHEN path = '' THEN 'web:' || host
      ELSE 'web:' || host || '/' || translate(path, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
    END AS channel_key
  FROM parts
)
UPDATE "creator_channels" c
SET "channel_key" = keyed.channel_key,
    "verify_code" = 'nexo-' || substr(md5(random()::text || c.id || clock_timestamp()::text), 1, 8)
FROM keyed
WHERE keyed.id = c.id;--> statement-breakpoint
-- The same channel twice in one account: the oldest row stays, the others go.
DELETE FROM "creator_channels" younger
USING "creator_channels" older
WHERE younger.channel_key = older.channel_key
  AND younger.user_id = older.user_id
  AND (older.created_at, older.id) < (younger.created_at, younger.id);--> statement-breakpoint
-- The same channel in several accounts: the oldest declaration keeps it; the others are flagged, unkeyed.
UPDATE "creator_channels" younger
SET "channel_key" = NULL,
    "checked_at" = NULL,
    "checked_by" = NULL,
    "flagged_at" = now(),
    "flag_reason" = 'Declared earlier by another account / Declarado antes por otra cuenta'
WHERE EXISTS (
  SELECT 1 FROM "creator_channels" older
  WHERE older.channel_key = younger.channel_key
    AND older.user_id <> younger.user_id
    AND (older.created_at, older.id) < (younger.created_at, younger.id)
);--> statement-breakpoint
ALTER TABLE "creator_channels" ALTER COLUMN "verify_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_channels_key_idx" ON "creator_channels" USING btree ("channel_key");--> statement-breakpoint
ALTER TABLE "creator_channels" ADD CONSTRAINT "creator_channels_verified_key_check" CHECK ("creator_channels"."verified_at" is null or "creator_channels"."channel_key" is not null);
