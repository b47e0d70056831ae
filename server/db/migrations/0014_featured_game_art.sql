-- A featured game's card picture (capsule_url, falling back to image_url) and the screenshots of its page's gallery.
ALTER TABLE "featured_games" ADD COLUMN "capsule_url" text;--> statement-breakpoint
ALTER TABLE "featured_games" ADD COLUMN "screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL;