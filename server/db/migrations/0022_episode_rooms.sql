CREATE TABLE "episode_doc_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"doc" text NOT NULL,
	"update" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_doc_updates_doc_check" CHECK ("episode_doc_updates"."doc" in ('script', 'notes'))
);
--> statement-breakpoint
CREATE TABLE "episode_files" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by_role" text NOT NULL,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_guest_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"token_id" text,
	"secret_hash" text NOT NULL,
	"user_id" text,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_links" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"added_by_role" text NOT NULL,
	"added_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"author_role" text NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_room_mail_clock" (
	"room_id" text NOT NULL,
	"recipient" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "episode_room_mail_clock_room_id_recipient_pk" PRIMARY KEY("room_id","recipient")
);
--> statement-breakpoint
CREATE TABLE "episode_room_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_locale" text DEFAULT 'es' NOT NULL,
	"guest_user_id" text,
	"host_id" text NOT NULL,
	"podcast_id" text,
	"status" text DEFAULT 'preparing' NOT NULL,
	"host_time_zone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"guest_time_zone" text,
	"published_at" timestamp with time zone,
	"files_purged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_rooms_status_check" CHECK ("episode_rooms"."status" in ('preparing', 'ready', 'recorded', 'editing', 'published')),
	CONSTRAINT "episode_rooms_guest_locale_check" CHECK ("episode_rooms"."guest_locale" in ('es', 'en'))
);
--> statement-breakpoint
CREATE TABLE "episode_script_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"number" integer NOT NULL,
	"body" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"author_role" text NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episode_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" text NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "episode_slots_status_check" CHECK ("episode_slots"."status" in ('proposed', 'accepted', 'confirmed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "episode_doc_updates" ADD CONSTRAINT "episode_doc_updates_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_files" ADD CONSTRAINT "episode_files_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guest_sessions" ADD CONSTRAINT "episode_guest_sessions_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guest_sessions" ADD CONSTRAINT "episode_guest_sessions_token_id_episode_room_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."episode_room_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guest_sessions" ADD CONSTRAINT "episode_guest_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_links" ADD CONSTRAINT "episode_links_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_messages" ADD CONSTRAINT "episode_messages_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_messages" ADD CONSTRAINT "episode_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_room_mail_clock" ADD CONSTRAINT "episode_room_mail_clock_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_room_tokens" ADD CONSTRAINT "episode_room_tokens_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_room_tokens" ADD CONSTRAINT "episode_room_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_rooms" ADD CONSTRAINT "episode_rooms_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_rooms" ADD CONSTRAINT "episode_rooms_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_rooms" ADD CONSTRAINT "episode_rooms_podcast_id_podcast_episodes_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_script_versions" ADD CONSTRAINT "episode_script_versions_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_script_versions" ADD CONSTRAINT "episode_script_versions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_slots" ADD CONSTRAINT "episode_slots_room_id_episode_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."episode_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "episode_doc_updates_room_doc_idx" ON "episode_doc_updates" USING btree ("room_id","doc","id");--> statement-breakpoint
CREATE INDEX "episode_files_room_idx" ON "episode_files" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_guest_sessions_secret_idx" ON "episode_guest_sessions" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "episode_guest_sessions_room_idx" ON "episode_guest_sessions" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "episode_links_room_idx" ON "episode_links" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "episode_messages_room_idx" ON "episode_messages" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_room_tokens_hash_idx" ON "episode_room_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "episode_room_tokens_room_idx" ON "episode_room_tokens" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE INDEX "episode_rooms_host_idx" ON "episode_rooms" USING btree ("host_id","created_at");--> statement-breakpoint
CREATE INDEX "episode_rooms_status_idx" ON "episode_rooms" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_script_versions_number_idx" ON "episode_script_versions" USING btree ("room_id","number");--> statement-breakpoint
CREATE INDEX "episode_slots_room_idx" ON "episode_slots" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "episode_slots_confirmed_idx" ON "episode_slots" USING btree ("room_id") WHERE "episode_slots"."status" = 'confirmed';