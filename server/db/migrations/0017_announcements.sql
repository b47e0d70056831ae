CREATE TABLE "announcements" (
	"id" text PRIMARY KEY NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"image_url" text NOT NULL,
	"video_url" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "announcements_starts_idx" ON "announcements" USING btree ("starts_at");