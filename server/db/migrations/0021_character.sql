CREATE TABLE "arena_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_a" text NOT NULL,
	"player_b" text NOT NULL,
	"seed" text NOT NULL,
	"engine" integer DEFAULT 1 NOT NULL,
	"snapshot" jsonb NOT NULL,
	"winner_id" text,
	"turns" integer NOT NULL,
	"rated" boolean DEFAULT true NOT NULL,
	"season" text NOT NULL,
	"outcome" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arena_matches_two_players" CHECK ("arena_matches"."player_a" <> "arena_matches"."player_b")
);
--> statement-breakpoint
CREATE TABLE "arena_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"rating" double precision NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"match_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arena_ratings" (
	"user_id" text NOT NULL,
	"season" text NOT NULL,
	"rating" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"last_match_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arena_ratings_user_id_season_pk" PRIMARY KEY("user_id","season")
);
--> statement-breakpoint
CREATE TABLE "avatar_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"loadout" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"png_key" text,
	"webp_key" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"user_id" text PRIMARY KEY NOT NULL,
	"class" text,
	"strength" integer DEFAULT 5 NOT NULL,
	"intelligence" integer DEFAULT 5 NOT NULL,
	"agility" integer DEFAULT 5 NOT NULL,
	"charisma" integer DEFAULT 5 NOT NULL,
	"gold" integer DEFAULT 0 NOT NULL,
	"class_changes" integer DEFAULT 0 NOT NULL,
	"avatar_choice" text DEFAULT 'upload' NOT NULL,
	"rendered_avatar_id" uuid,
	"uploaded_avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_gold_not_negative" CHECK ("characters"."gold" >= 0),
	CONSTRAINT "characters_stats_not_negative" CHECK ("characters"."strength" >= 0 and "characters"."intelligence" >= 0 and "characters"."agility" >= 0 and "characters"."charisma" >= 0)
);
--> statement-breakpoint
CREATE TABLE "equipment" (
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"item_id" text NOT NULL,
	"equipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_user_id_slot_pk" PRIMARY KEY("user_id","slot")
);
--> statement-breakpoint
CREATE TABLE "gold_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"source_id" text NOT NULL,
	"balance_after" integer NOT NULL,
	"counterpart_id" text,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gold_ledger_balance_not_negative" CHECK ("gold_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" text PRIMARY KEY NOT NULL,
	"slot" text NOT NULL,
	"rarity" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text DEFAULT '' NOT NULL,
	"strength" integer DEFAULT 0 NOT NULL,
	"intelligence" integer DEFAULT 0 NOT NULL,
	"agility" integer DEFAULT 0 NOT NULL,
	"charisma" integer DEFAULT 0 NOT NULL,
	"level_required" integer DEFAULT 1 NOT NULL,
	"price" integer,
	"achievement_id" text,
	"arena_reward" boolean DEFAULT false NOT NULL,
	"art_key" text,
	"art_storage_key" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_price_positive" CHECK ("items"."price" is null or "items"."price" > 0),
	CONSTRAINT "items_level_positive" CHECK ("items"."level_required" >= 1)
);
--> statement-breakpoint
CREATE TABLE "user_items" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_items_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "arena_matches" ADD CONSTRAINT "arena_matches_player_a_users_id_fk" FOREIGN KEY ("player_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_matches" ADD CONSTRAINT "arena_matches_player_b_users_id_fk" FOREIGN KEY ("player_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_queue" ADD CONSTRAINT "arena_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arena_ratings" ADD CONSTRAINT "arena_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_renders" ADD CONSTRAINT "avatar_renders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_user_id_item_id_user_items_user_id_item_id_fk" FOREIGN KEY ("user_id","item_id") REFERENCES "public"."user_items"("user_id","item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_ledger" ADD CONSTRAINT "gold_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_items" ADD CONSTRAINT "user_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_items" ADD CONSTRAINT "user_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arena_matches_a_idx" ON "arena_matches" USING btree ("player_a","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "arena_matches_b_idx" ON "arena_matches" USING btree ("player_b","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "arena_queue_waiting_idx" ON "arena_queue" USING btree ("user_id") WHERE "arena_queue"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "arena_queue_status_idx" ON "arena_queue" USING btree ("status","joined_at");--> statement-breakpoint
CREATE INDEX "arena_ratings_rank_idx" ON "arena_ratings" USING btree ("season","rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "avatar_renders_status_idx" ON "avatar_renders" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "avatar_renders_user_idx" ON "avatar_renders" USING btree ("user_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "gold_ledger_cause_idx" ON "gold_ledger" USING btree ("user_id","reason","source_id");--> statement-breakpoint
CREATE INDEX "gold_ledger_user_idx" ON "gold_ledger" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_slot_idx" ON "items" USING btree ("slot","sort");