CREATE TABLE "achievements" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name_key" text NOT NULL,
	"description_key" text NOT NULL,
	"name_es" text,
	"name_en" text,
	"description_es" text,
	"description_en" text,
	"icon" text,
	"reward_xp" integer DEFAULT 0 NOT NULL,
	"rarity" text NOT NULL,
	"type" text NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"title_key" text NOT NULL,
	"xp_required" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" text NOT NULL,
	"achievement_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
CREATE TABLE "user_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"peak_level" integer DEFAULT 1 NOT NULL,
	"stat_points" integer DEFAULT 0 NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"likes_given" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"counterpart_id" text,
	"award_no" integer DEFAULT 0 NOT NULL,
	"reverses_id" bigint,
	"restores_id" bigint,
	"note" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xp_period_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"user_id" text NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "xp_period_totals_period_starts_on_user_id_pk" PRIMARY KEY("period","starts_on","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_achievement_id_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."achievements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_stats" ADD CONSTRAINT "user_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_ledger" ADD CONSTRAINT "xp_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_period_totals" ADD CONSTRAINT "xp_period_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "levels_xp_required_idx" ON "levels" USING btree ("xp_required");--> statement-breakpoint
CREATE INDEX "user_achievements_created_idx" ON "user_achievements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "user_achievements_achievement_idx" ON "user_achievements" USING btree ("achievement_id");--> statement-breakpoint
CREATE INDEX "user_stats_xp_idx" ON "user_stats" USING btree ("xp" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_ledger_award_idx" ON "xp_ledger" USING btree ("user_id","reason","source_id",coalesce("counterpart_id", ''),"award_no") WHERE "xp_ledger"."reverses_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "xp_ledger_reverses_idx" ON "xp_ledger" USING btree ("reverses_id") WHERE "xp_ledger"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "xp_ledger_user_day_idx" ON "xp_ledger" USING btree ("user_id","reason","created_at");--> statement-breakpoint
CREATE INDEX "xp_ledger_counterpart_idx" ON "xp_ledger" USING btree ("counterpart_id") WHERE "xp_ledger"."reason" = 'like_received';--> statement-breakpoint
CREATE INDEX "xp_ledger_created_idx" ON "xp_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "xp_period_totals_rank_idx" ON "xp_period_totals" USING btree ("period","starts_on","xp" DESC NULLS FIRST,"user_id");