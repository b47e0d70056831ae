CREATE TABLE "collaborators" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"twitter_url" text,
	"youtube_url" text,
	"twitch_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_collaborators" (
	"episode_id" text NOT NULL,
	"collaborator_id" text NOT NULL,
	CONSTRAINT "episode_collaborators_episode_id_collaborator_id_pk" PRIMARY KEY("episode_id","collaborator_id")
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"spotify_url" text,
	"apple_url" text,
	"amazon_url" text,
	"ivoox_url" text,
	"steam_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_collaborators" (
	"video_id" text NOT NULL,
	"collaborator_id" text NOT NULL,
	CONSTRAINT "video_collaborators_video_id_collaborator_id_pk" PRIMARY KEY("video_id","collaborator_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"youtube_id" text NOT NULL,
	"title_es" text NOT NULL,
	"title_en" text NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"thumbnail_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_youtube_id_check" CHECK ("videos"."youtube_id" ~ '^[A-Za-z0-9_-]{11}$')
);
--> statement-breakpoint
ALTER TABLE "episode_collaborators" ADD CONSTRAINT "episode_collaborators_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_collaborators" ADD CONSTRAINT "episode_collaborators_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_collaborators" ADD CONSTRAINT "video_collaborators_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_collaborators" ADD CONSTRAINT "video_collaborators_collaborator_id_collaborators_id_fk" FOREIGN KEY ("collaborator_id") REFERENCES "public"."collaborators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_collaborators_collaborator_idx" ON "episode_collaborators" USING btree ("collaborator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "podcast_episodes_slug_idx" ON "podcast_episodes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "podcast_episodes_published_position_idx" ON "podcast_episodes" USING btree ("published","position");--> statement-breakpoint
CREATE INDEX "video_collaborators_collaborator_idx" ON "video_collaborators" USING btree ("collaborator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_slug_idx" ON "videos" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "videos_published_position_idx" ON "videos" USING btree ("published","position");